import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  traderApi,
} from './harness';

// Issue 51's new-user walk: from "Try a demo account" to an order with a stop loss, a partial close and the
// history, each tap counted, and Sell/Buy in view without a scroll whenever they are needed. Bitcoin is scripted
// at 96,000 (spread 0.05 %, 1 unit a lot): a buy of 0.02 fills at the ask 96,048.00; a 10 USD stop loss is at
// 96,048 − 10 ÷ 0.02 = 95,548.00.

let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

/** Whether all of `locator` is on the phone's screen as it stands, without scrolling. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });

/** Taps, counting each: the figures the note reports. */
function tapper() {
  let count = 0;
  return {
    async tap(locator: Locator) {
      count++;
      await locator.click();
    },
    /** Taps into a field and types (one tap; the keys are typing). */
    async type(locator: Locator, text: string) {
      count++;
      await locator.fill(text);
    },
    /** The taps since the last call. */
    take() {
      const taken = count;
      count = 0;
      return taken;
    },
  };
}

const ordersOf = async (token: string, status: 0 | 1 | 3) =>
  (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: String(status) } })).data;

describe('a new trader’s first ten minutes on a phone', () => {
  it('goes from a demo account to a trade with a USD stop loss, a partial close and the history, Sell and Buy always in view', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { context, page, errors } = await phone(browser);
    const { tap, type, take } = tapper();
    const bar = (page: Page) => ({
      sell: page
        .getByRole('button', { name: 'Sell', exact: false })
        .and(page.locator('.trade-bar__side.sell')),
      buy: page.getByRole('button', { name: 'Buy', exact: false }).and(page.locator('.trade-bar__side.buy')),
    });

    // A visitor opens the app, picks Bitcoin and taps Buy: asked to sign in, they take the demo and are back.
    await page.goto(server.url);
    await tap(page.locator('.quote-row', { hasText: 'Bitcoin' }).first());
    await page.waitForURL((u) => u.pathname === '/trade');
    expect(await inView(bar(page).buy)).toBe(true);
    await tap(bar(page).buy);
    await page.waitForURL((u) => u.pathname === '/login');
    await tap(page.getByRole('button', { name: 'Try a demo account' }));
    await page.waitForURL((u) => u.pathname === '/trade');
    const toDemo = take();
    expect(toDemo).toBe(3);
    const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);

    // Equity is on top of home: one tap from the trade screen.
    await tap(page.locator('.tab-bar').getByText('Market', { exact: true }));
    await page.waitForURL((u) => u.pathname === '/');
    const equity = page
      .locator('.account-summary:visible .totals > div', { has: page.getByText('Equity', { exact: true }) })
      .locator('dd');
    await expect.poll(() => equity.textContent(), within).toBe('$100,000.00');
    expect(await inView(equity)).toBe(true);
    const toEquity = take();

    // From home: Bitcoin, 0.02 lots, a 10 USD stop loss, Buy, Confirm.
    await tap(page.locator('.quote-row', { hasText: 'Bitcoin' }).first());
    await page.waitForURL((u) => u.pathname === '/trade');
    await tap(page.getByRole('button', { name: 'More lots' }));
    await tap(page.getByRole('switch', { name: 'Stop loss' }));
    await tap(page.getByRole('button', { name: 'USD', exact: true }));
    await type(page.locator('input[aria-label="Stop loss (USD)"]'), '10');
    // The field may have scrolled the form: the bar stays on screen all the same.
    expect(await inView(bar(page).buy)).toBe(true);
    expect(await inView(bar(page).sell)).toBe(true);
    await tap(bar(page).buy);
    const sheet = page.locator('.confirm-order');
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Stop loss95,548.00');
    await tap(sheet.getByRole('button', { name: 'Confirm' }));
    await expect.poll(async () => (await ordersOf(token, 1)).length, within).toBe(1);
    const toTrade = take();
    const [position] = await ordersOf(token, 1);
    expect(position).toMatchObject({ Price: '96048.00', Quantity: '0.02', TargetLossPrice: '95548.00' });

    // Orders: half of it closed from the position's detail.
    await tap(page.locator('.tab-bar').getByText('Orders', { exact: true }));
    await page.waitForURL((u) => u.pathname === '/order');
    take();
    await tap(page.locator('.order-row__open', { hasText: 'Bitcoin' }));
    await tap(page.getByRole('button', { name: 'Close part' }));
    // Half is offered first.
    await tap(
      page
        .getByRole('dialog', { name: 'Close part of the position' })
        .getByRole('button', { name: 'Close 0.01 lots' }),
    );
    await expect.poll(async () => (await ordersOf(token, 3)).length, within).toBe(1);
    const toPartClose = take();

    // The rest closed from its row: the row's own close button, then the confirmation.
    await page.keyboard.press('Escape');
    await page
      .locator('.order-detail')
      .waitFor({ state: 'hidden' })
      .catch(() => {});
    await tap(page.locator('.order-row__close').first());
    await tap(page.locator('.adm-dialog').getByRole('button', { name: 'Close position' }));
    await expect.poll(async () => (await ordersOf(token, 1)).length, within).toBe(0);
    const toClose = take();

    // The history lists both parts.
    await tap(page.getByRole('tab', { name: 'History' }));
    await expect.poll(() => page.locator('.order-row', { hasText: 'Bitcoin' }).count(), within).toBe(2);
    const toHistory = take();

    console.log('taps', { toDemo, toEquity, toTrade, toPartClose, toClose, toHistory });
    // A trade with a USD stop loss from home: Bitcoin, +, the switch, USD, the amount, Buy, Confirm.
    expect(toTrade).toBe(7);
    expect(toEquity).toBe(1);
    expect(toClose).toBe(2);
    expect(toHistory).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
