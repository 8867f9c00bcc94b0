import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  confirmOrder,
  demoOnTrade,
  openScriptedMarket,
  phone,
  type RunningServer,
} from './harness';

/** Bitcoin quoted by a provider's own bid and ask (feed protocol v2): what Sell and Buy show and fill at. */
let feed: ScriptedFeed;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }, {}, { askPoints: 2000 }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

describe('the provider’s bid and ask on the trade screen', () => {
  it('moves Sell with the bid and Buy with the ask, each on its own, and a buy fills at the ask shown', async () => {
    // Where the scene starts, whatever a first try left.
    feed.quote('BTCUSD', '96000.00', '96020.00');
    const { context, page, errors } = await phone(browser);
    await demoOnTrade(page, server, 'Bitcoin', '96000.00');
    const sell = page.locator('.trade-bar__side.sell');
    const buy = page.locator('.trade-bar__side.buy');
    await expect.poll(() => sell.textContent(), within).toContain('96,000.00');
    await expect.poll(() => buy.textContent(), within).toContain('96,020.00');

    // Only the ask moves: Buy follows, Sell stays, and the headline price (the bid) stays.
    feed.quote('BTCUSD', '96000.00', '96035.50');
    await expect.poll(() => buy.textContent(), within).toContain('96,035.50');
    expect(await sell.textContent()).toContain('96,000.00');
    expect(await page.locator('.trade__price').textContent()).toBe('96,000.00');

    // Only the bid moves: Sell and the headline follow, Buy stays.
    feed.quote('BTCUSD', '95990.25', '96035.50');
    await expect.poll(() => sell.textContent(), within).toContain('95,990.25');
    await expect.poll(() => page.locator('.trade__price').textContent(), within).toBe('95,990.25');
    expect(await buy.textContent()).toContain('96,035.50');

    await buy.click();
    await confirmOrder(page);
    await expect.poll(() => page.locator('.adm-toast-main').textContent(), within).toBe('Order placed');
    const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
    const held = await fetch(`${server.url}/v1/api/forex/my_deal?status=1`, {
      headers: { authorization: token },
    });
    const [position] = (await held.json()).data.data;
    // Filled at the ask, marked at the bid it would close at.
    expect([position.Price, position.UpdatePrice]).toEqual(['96035.50', '95990.25']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
