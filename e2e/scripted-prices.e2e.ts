import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  confirmOrder,
  depositApproved,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  registerTrader,
  shownPrice,
  signInOnScreen,
  traderApi,
} from './harness';

/** Prices moved exactly by a scripted provider (docs/feed-protocol.md), so a person can check the figures to the cent. */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

describe('a take-profit hit at a scripted price', () => {
  it('closes the position at the crossing tick and shows its exact profit in history', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // Bitcoin, which trades every hour: EUR/USD closes for the weekend on Friday at 22:00 UTC.
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => page.locator('.trade__price').textContent()).toBe(shownPrice('95952.00'));
    await page.getByRole('switch', { name: 'Take profit' }).click();
    await page.locator('.stop-input input').fill('97000.00');
    await page.getByRole('button', { name: 'Buy' }).click();
    await confirmOrder(page);
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('Order placed');

    // Short of the level: nothing. Through it: closed at 97100 × (1 − 0.0005) = 97051.45.
    feed.move('BTCUSD', '96900.00');
    feed.move('BTCUSD', '97100.00');
    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    // Bought at 96048.00 (the spread on 96000); (97051.45 − 96048.00) × 0.01 = 10.0345.
    await expect
      .poll(() => row.textContent())
      .toContain(`${shownPrice('96048.00')} → ${shownPrice('97051.45')}`);
    expect(await row.locator('.order-row__pnl').textContent()).toContain('10.03');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// Bitcoin trades at every hour, so the scene does not depend on when the suite runs (gold pauses daily at 22:00 UTC).
describe('Bitcoin gaps through a real account’s margin', () => {
  it('stops the account out and tops it up to exactly zero, as the trader sees in the account history', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const email = `gap.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, 'secret-123');
    await depositApproved(server, token, '1000');
    const buy = await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: { type: '1', cont: '0.16', forex_id: await instrumentId('BTCUSD'), multiple: '20', status: '1' },
    });
    // Fill 96000 × 1.0005 = 96048.00: margin 0.16 × 96048 ÷ 20 = 768.384, fee 0.16 × 20 = 3.20, leaving 228.416.
    expect([buy.Price, buy.CautionMoney, buy.TradeFee]).toEqual(['96048.00', '768.384000', '3.200000']);

    // Gap to 80000.00: closed by stop-out at 79960.00, (79960 − 96048) × 0.16 = −2,574.08, settling
    // 768.384 − 2,574.08 = −1,805.696 and leaving −1,577.28, which protection tops up to zero.
    feed.move('BTCUSD', '80000.00');
    await expect
      .poll(
        async () =>
          (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '3' } })).total,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, email, 'secret-123');
    await page.goto(`${server.url}/mine/history`);
    const rows = page.locator('.adm-list-item');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const texts = await rows.allTextContents();
    expect(texts[0]).toContain('Negative balance protection');
    expect(texts[0]).toContain('$1,577.28');
    expect(texts[1]).toContain('Position closed');
    expect(texts[1]).toContain('-$1,805.70');
    const detail = await traderApi(server, '/v1/api/main/account/forexDetail', { token });
    expect(detail).toEqual({ balance: '0.00', lock_balance: '0.00', withdrawable: '0.00' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function instrumentId(code: string): Promise<string> {
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  return String(list.find((i) => i.Code === code)!.Id);
}
