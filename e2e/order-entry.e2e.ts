import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  confirmOrder,
  demoOnTrade,
  openScriptedMarket,
  phone,
  type RunningServer,
  traderApi,
} from './harness';

/** Bitcoin trades every day, held at one scripted price: a buy fills at 96000 × 1.0005 = 96048.00. */
let feed: ScriptedFeed;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

/** A new demo account on /trade with Bitcoin at its scripted price, its token, and every order it sends. */
async function demoTrader() {
  const { context, page, errors } = await phone(browser);
  await demoOnTrade(page, server, 'Bitcoin', '95952.00');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/api/forex/submit')) submits.push(r.url());
  });
  return { context, page, errors, token, submits };
}

const sheet = (page: Page) => page.locator('.confirm-order');
const toast = (page: Page) => page.locator('.adm-toast-main').textContent();

/** The account's holding positions, newest first. */
const holding = async (token: string) =>
  (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } })).data;

describe('confirming an order before it is placed', () => {
  it('asks before a market Buy, places nothing on Cancel and one on Confirm, and skips asking once one-tap is on until it is turned off', async () => {
    const { context, page, errors, token, submits } = await demoTrader();

    await page.getByRole('button', { name: 'Buy' }).click();
    await sheet(page).waitFor();
    // What will be placed: the side, the instrument, lots, leverage and the ask it fills at now.
    const shown = await sheet(page).textContent();
    expect(shown).toContain('Buy');
    expect(shown).toContain('Bitcoin');
    expect(shown).toContain('96,048.00');
    expect(shown).toContain('Margin');
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    await sheet(page).waitFor({ state: 'detached' });
    expect(submits).toEqual([]);

    await page.getByRole('button', { name: 'Buy' }).click();
    await confirmOrder(page);
    await expect.poll(() => toast(page), within).toBe('Order placed');
    expect(submits).toHaveLength(1);
    await expect.poll(async () => (await holding(token)).length, within).toBe(1);

    // "Don't ask again" in the sheet: this Sell is confirmed, the next one is placed at once.
    await page.getByRole('button', { name: 'Sell' }).click();
    await sheet(page).getByRole('switch', { name: "Don't ask again (one-tap trading)" }).click();
    await confirmOrder(page);
    await expect.poll(() => submits.length, within).toBe(2);
    await sheet(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sell' }).click();
    await expect.poll(() => submits.length, within).toBe(3);
    expect(await sheet(page).count()).toBe(0);
    await expect.poll(async () => (await holding(token)).length, within).toBe(3);

    // Kept on the server (a fresh page loads it), and turned off again in the user centre: the next Buy asks.
    await page.goto(`${server.url}/user`);
    const oneTap = page.getByRole('switch', { name: 'One-tap trading' });
    await expect.poll(() => oneTap.getAttribute('aria-checked'), within).toBe('true');
    await oneTap.click();
    await expect.poll(() => oneTap.getAttribute('aria-checked'), within).toBe('false');
    await page.getByText('Trading', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await page.getByRole('button', { name: 'Buy' }).click();
    await sheet(page).waitFor();
    await sheet(page).getByRole('button', { name: 'Cancel' }).click();
    expect(submits).toHaveLength(3);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('stop loss and take profit typed as money or points', () => {
  it('shows the P&L at each before sending and sends the prices that make it', async () => {
    const { context, page, errors, token } = await demoTrader();
    const list: { Code: string; ForexContNum: string }[] = await traderApi(
      server,
      '/v1/api/forex/trade_list',
    );
    const units = 0.01 * Number(list.find((i) => i.Code === 'BTCUSD')!.ForexContNum);

    await page.getByRole('switch', { name: 'Stop loss' }).click();
    await page.locator('.stop-field', { hasText: 'Stop loss' }).getByRole('button', { name: 'USD' }).click();
    await page.locator('input[aria-label="Stop loss (USD)"]').fill('50');
    await page.getByRole('switch', { name: 'Take profit' }).click();
    await page
      .locator('.stop-field', { hasText: 'Take profit' })
      .getByRole('button', { name: 'Points' })
      .click();
    await page.locator('input[aria-label="Take profit (Points)"]').fill('100000');

    // Each side's P&L at the levels, the Buy column last (Sell, then Buy, as the bar): 1000.00 above the ask is 100000 points.
    const row = (label: string) =>
      page.locator('.order-form__preview > div', { hasText: label }).locator('dd');
    await expect.poll(() => row('P&L at SL').last().textContent(), within).toBe('-$50.00');
    await expect
      .poll(() => row('P&L at TP').last().textContent(), within)
      .toBe(`$${(1000 * units).toFixed(2)}`);

    await page.getByRole('button', { name: 'Buy' }).click();
    await expect.poll(() => sheet(page).textContent(), within).toContain('P&L at SL-$50.00');
    await confirmOrder(page);
    await expect.poll(async () => (await holding(token)).length, within).toBe(1);
    const [order] = await holding(token);
    // The P&L with the price at the stop is within one tick (0.01) of −50 and never beyond it.
    const atStop = (Number(order.TargetLossPrice) - Number(order.Price)) * units;
    expect(atStop).toBeGreaterThanOrEqual(-50);
    expect(atStop).toBeLessThanOrEqual(-50 + 0.01 * units + 1e-9);
    expect(Number(order.TargetProfitPrice) - Number(order.Price)).toBeCloseTo(1000, 6);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a trailing stop', () => {
  it('set on the order form shows on the position, where it is changed and removed', async () => {
    const { context, page, errors, token } = await demoTrader();
    await page.getByRole('switch', { name: 'Trailing stop' }).click();
    await page.locator('input[aria-label="Trailing stop (points)"]').fill('20');
    await page.getByRole('button', { name: 'Buy' }).click();
    await expect.poll(() => sheet(page).textContent(), within).toContain('Trailing 20 points');
    await confirmOrder(page);
    await expect.poll(async () => (await holding(token)).length, within).toBe(1);
    // Sent in price units: 20 points of a 2-decimal price are 0.20.
    expect(Number((await holding(token))[0].TrailingDistance)).toBe(0.2);

    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    const row = page.locator('.order-row', { hasText: 'Bitcoin' });
    await row.click();
    const popup = page.locator('.order-detail');
    await expect.poll(() => popup.textContent(), within).toContain('Trailing 20 points');

    await popup.getByRole('button', { name: 'Edit TP/SL' }).click();
    await popup.locator('input[aria-label="Trailing stop (points)"]').fill('35');
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await holding(token))[0].TrailingDistance, within).toMatch(/^0\.350*$/);
    await row.click();
    await expect.poll(() => popup.textContent(), within).toContain('Trailing 35 points');

    await popup.getByRole('button', { name: 'Edit TP/SL' }).click();
    await popup.locator('input[aria-label="Trailing stop (points)"]').fill('');
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await holding(token))[0].TrailingDistance, within).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });
});
