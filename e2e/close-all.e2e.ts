import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  confirmOrder,
  demoOnTrade,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
} from './harness';

/** Bitcoin trades every day: a buy and a sell at one scripted price, then the price rises. */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

describe('a hedged Bitcoin book closed from the holding tab', () => {
  it('shows the ask and bid on the buttons, then closes the winner first and everything left, each after a confirmation', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { context, page, errors } = await phone(browser);
    await demoOnTrade(page, server, 'Bitcoin', '95952.00');
    for (const side of ['Buy', 'Sell']) {
      const placed = page.waitForResponse((r) => r.url().includes('/v1/api/forex/submit'));
      await page.getByRole('button', { name: side }).click();
      await confirmOrder(page);
      expect(await (await placed).json()).toMatchObject({ code: 1 });
    }
    // The buttons show the prices they fill at, the ask above the bid, and the spread between them, live.
    // Prices are shown grouped (96,048.00): read back as numbers without the group separators.
    const quote = async (side: string) =>
      Number(
        (await page.locator(`.trade-bar__side.${side} .trade-bar__price`).textContent())!.replaceAll(',', ''),
      );
    const spread = () => page.locator('.trade-bar__spread .num').textContent();
    expect(await quote('buy')).toBeGreaterThan(96000);
    expect(await quote('sell')).toBeLessThan(96000);
    expect(((await quote('buy')) - (await quote('sell'))).toFixed(2)).toBe(await spread());
    feed.move('BTCUSD', '97000.00');
    await expect.poll(() => quote('buy'), within).toBeGreaterThan(97000);
    await expect.poll(() => quote('sell'), within).toBeLessThan(97000);

    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    const rows = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => rows.count(), within).toBe(2);

    await page.getByRole('button', { name: 'Close…' }).click();
    await page.getByText('Close positions in profit').click();
    await expect
      .poll(() => page.getByText('Close every position in profit at the market price?').count())
      .toBe(1);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent(), within).toBe('Closed 1 position');
    await expect.poll(() => rows.count(), within).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('Sell');

    await page.getByRole('button', { name: 'Close…' }).click();
    await page.getByText('Close all positions').click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => rows.count(), within).toBe(0);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => rows.count(), within).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
