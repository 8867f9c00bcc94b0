import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  demoOnTrade,
  openScriptedMarket,
  phone,
  type RunningServer,
  traderApi,
} from './harness';

/** Bitcoin at one scripted price: a buy fills at the ask 96,048.00 and is marked at the bid 95,952.00. */
let feed: ScriptedFeed;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

/** A demo trader holding a 0.01-lot Bitcoin buy with a stop loss, and waiting with a Buy Limit good for today. */
async function traderWithOrders(lang = 'en') {
  const { context, page, errors } = await phone(browser);
  await demoOnTrade(page, server, 'Bitcoin', '95952.00');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  const btc = list.find((i) => i.Code === 'BTCUSD')!.Id;
  const submit = (query: Record<string, string>) =>
    traderApi(server, '/v1/api/forex/submit', {
      token,
      query: { type: '1', cont: '0.01', forex_id: String(btc), multiple: '2', ...query },
    });
  await submit({ status: '1', stop_loss_price: '95000' });
  const today = new Date().toISOString().slice(0, 10);
  await submit({ status: '0', target_price: '94000', expires_at: `${today} 23:59:59` });
  await page.goto(`${server.url}/order?lang=${lang}`);
  return { context, page, errors, token, today };
}

/** Bitcoin's row, named in the language shown. */
const row = (page: Page, name = 'Bitcoin') => page.locator('.order-row', { hasText: name });

describe('a position row on the orders screen', () => {
  it('shows side, lots, open → current price, SL and TP (Not set), swap and P&L, and closes from its own button', async () => {
    const { context, page, errors, token } = await traderWithOrders();
    await expect.poll(() => row(page).count(), within).toBe(1);
    const text = await row(page).textContent();
    expect(text).toContain('Buy');
    expect(text).toContain('0.01 lots · 1:2');
    expect(text).toContain('96,048.00 → 95,952.00');
    expect(text).toContain('SL 95,000.00');
    expect(text).toContain('TP Not set');
    expect(text).toContain('Swap');
    expect(text).toContain('-$0.96');
    expect(text).not.toContain('Take profit 0');

    await row(page)
      .getByRole('button', { name: /^Close position Bitcoin #\d+$/ })
      .click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Close position' }).click();
    await expect.poll(() => row(page).count(), within).toBe(0);
    const held = await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } });
    expect(held.data).toEqual([]);

    // In history the last price is the one it closed at, and says so.
    await page.getByRole('tab', { name: 'History' }).click();
    await row(page).first().locator('.order-row__open').click();
    const detail = page.locator('.order-detail');
    await expect.poll(() => detail.textContent(), within).toContain('Close price');
    expect(await detail.textContent()).not.toContain('Current price');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a pending order as its kind, at its price, with its expiry and no $0.00', async () => {
    const { context, page, errors, today } = await traderWithOrders();
    await page.getByRole('tab', { name: 'Pending' }).click();
    await expect.poll(async () => (await row(page).textContent()) ?? '', within).toContain('Buy Limit');
    const text = await row(page).textContent();
    expect(text).toContain('at 94,000.00');
    expect(text).toContain(`Expires ${today} 23:59:59 UTC`);
    expect(text).not.toContain('$0.00');
    expect(await row(page).locator('.order-row__close').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the row out right to left in Arabic, its close button in view and nothing cut off', async () => {
    const { context, page, errors } = await traderWithOrders('ar');
    const bitcoin = row(page, 'بيتكوين');
    await expect.poll(() => bitcoin.count(), within).toBe(1);
    expect(await bitcoin.textContent()).toContain('غير محدد');
    const close = await bitcoin.locator('.order-row__close').boundingBox();
    const open = await bitcoin.locator('.order-row__open').boundingBox();
    // The close button sits at the row's end: on the left in Arabic.
    expect(close!.x + close!.width).toBeLessThanOrEqual(open!.x + 1);
    expect(close!.x).toBeGreaterThanOrEqual(0);
    expect(close!.width).toBeGreaterThanOrEqual(44);
    const overflow = await bitcoin.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/position-row-ar.png' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
