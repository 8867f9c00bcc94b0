import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  depositApproved,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  registerTrader,
  signInOnScreen,
  traderApi,
} from './harness';

// Money on the order form, the orders screen and the withdraw screen, as a trader reads it at phone size.
// Bitcoin trades every day and its price is scripted, so every figure can be worked out by hand:
// spread 0.05 %, 1 unit a lot, 0.01 lot at 1:2, fee 20 a lot (trade_fee_type 1).

let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

/** A demo account on a phone, as "Try a demo account" gives it, with its session for setting the scene. */
async function demoTrader() {
  const { context, page, errors } = await phone(browser);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Try a demo account' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  return { token, context, page, errors };
}

/** A funded real account, signed in on a phone. */
async function fundedTrader(name: string) {
  const email = `${name}.${Date.now()}@example.com`;
  const token = await registerTrader(server, email, 'secret-123');
  await depositApproved(server, token, '1000');
  const { context, page, errors } = await phone(browser);
  await signInOnScreen(page, server, email, 'secret-123');
  return { token, context, page, errors };
}

async function bitcoinId(): Promise<string> {
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  return String(list.find((i) => i.Code === 'BTCUSD')!.Id);
}

/** Buys 0.01 lot of Bitcoin at 1:2 at the market, as the order form would send it. */
async function buyBitcoin(token: string) {
  return traderApi(server, '/v1/api/forex/submit', {
    token,
    query: { type: '1', cont: '0.01', forex_id: await bitcoinId(), multiple: '2', status: '1' },
  });
}

/** Moves Bitcoin and waits until the account's open position is marked at the new price. */
async function moveBitcoin(token: string, price: string, closesAt: string) {
  feed.move('BTCUSD', price);
  await expect
    .poll(async () => {
      const page = await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } });
      return page.data.map((o: { UpdatePrice: string }) => o.UpdatePrice);
    })
    .toEqual(expect.arrayContaining([closesAt]));
}

/** The totals card's figure under `label`, as shown (amount and currency). */
const total = (page: Page, label: string) =>
  page.locator('.totals > div', { has: page.getByText(label, { exact: true }) }).locator('dd');

describe('money on a phone', () => {
  it('shows what Buy and what Sell will cost, in USD, before either is pressed', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(server.url);
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => page.locator('.trade__price').textContent()).toBe('95,952.00');

    const sides = page.locator('.order-form__sides');
    // Sell, then Buy, as the trade bar under it.
    expect(await sides.textContent()).toBe('SellBuy');
    const [margin, fee] = [0, 1].map((row) => page.locator('.order-form__preview > div').nth(row));
    expect(await margin.locator('dt').textContent()).toBe('Margin');
    // Sell fills at the bid 96000 × 0.9995 = 95952, buy at the ask 96000 × 1.0005 = 96048; margin = 0.01 × price ÷ 2.
    await expect.poll(() => margin.locator('dd').allTextContents()).toEqual(['$479.76', '$480.24']);
    expect(await fee.locator('dd').allTextContents()).toEqual(['$0.20', '$0.20']);

    // In Arabic each figure stands under its side's heading, and the figures keep Latin digits.
    await page.goto(`${server.url}/trade?lang=ar`);
    // Arabic writes the currency after the amount, the figure marked right-to-left inside the page.
    await expect.poll(() => margin.locator('dd').first().textContent()).toBe('\u200f479.76\u00a0US$');
    const [sellBox, sellHead, formBox] = await Promise.all([
      margin.locator('dd').nth(0).boundingBox(),
      sides.locator('span').nth(1).boundingBox(),
      page.locator('.order-form').boundingBox(),
    ]);
    expect(Math.abs(sellBox!.x + sellBox!.width - (sellHead!.x + sellHead!.width))).toBeLessThan(40);
    expect(formBox!.x).toBeGreaterThanOrEqual(0);
    expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the realised P&L on the history tab while live prices move the floating one', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    // Bought at 96048, closed at 97000 × 0.9995 = 96951.50: (96951.50 − 96048) × 0.01 = 9.035 realised.
    const first = await buyBitcoin(token);
    await moveBitcoin(token, '97000.00', '96951.50');
    await traderApi(server, '/v1/api/forex/close', { token, query: { id: String(first.Id) } });
    // Still holding one bought at 97000 × 1.0005 = 97048.50: floating (96951.50 − 97048.50) × 0.01 = −0.97.
    await buyBitcoin(token);

    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    await expect.poll(() => total(page, 'Floating P&L').textContent()).toBe('-$0.97');

    await page.getByRole('tab', { name: 'History' }).click();
    const row = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => total(page, 'Realised P&L').textContent()).toBe('$9.04');
    expect(await row.locator('.order-row__pnl').textContent()).toBe('$9.04');
    const equity = await total(page, 'Equity').textContent();

    // The pushes move the account's equity on this tab, and leave its realised P&L alone.
    await moveBitcoin(token, '99000.00', '98950.50');
    await expect.poll(() => total(page, 'Equity').textContent()).not.toBe(equity);
    expect(await total(page, 'Realised P&L').textContent()).toBe('$9.04');
    expect(await page.getByText('Floating P&L', { exact: true }).count()).toBe(0);

    // Why it closed, and its money with the currency.
    await row.click();
    const popup = page.locator('.order-detail');
    await expect.poll(() => popup.locator('.order-detail__reason').textContent()).toBe('Closed by you');
    expect(await popup.locator('.order-detail__pnl').textContent()).toBe('$9.04');
    const money = popup.locator('.order-detail__rows > div', { hasText: 'Margin' }).locator('dd');
    expect(await money.textContent()).toBe('$480.24');

    // Back on holding, the same push is the floating P&L: (98950.50 − 97048.50) × 0.01 = 19.02.
    await page.locator('.adm-mask').click();
    await page.getByRole('tab', { name: 'Positions' }).click();
    await expect.poll(() => total(page, 'Floating P&L').textContent()).toBe('$19.02');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers what the server says may be withdrawn, not the balance', async () => {
    const { token, context, page, errors } = await fundedTrader('withdraw');
    // An open position's loss (the spread, at once) leaves less free margin than cash.
    await buyBitcoin(token);
    const detail = await traderApi(server, '/v1/api/main/account/forexDetail', { token });
    expect(Number(detail.withdrawable)).toBeLessThan(Number(detail.balance));

    await page.goto(`${server.url}/mine/withdraw`);
    const available = page.locator('.withdraw-available');
    await expect.poll(() => available.textContent()).toBe(`$${detail.withdrawable}`);
    expect(await page.locator('.adm-form-item', { hasText: 'Available' }).textContent()).toContain(
      `Available: $${detail.withdrawable}`,
    );

    // The card's balance keeps the position's margin: the 1,000 deposited less the fee of 0.20.
    await page.goto(`${server.url}/user`);
    await expect.poll(() => page.locator('.account-card__total').textContent()).toBe('$999.80');
    expect(errors).toEqual([]);
    await context.close();
  });
});
