import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  registerTrader,
  signInOnScreen,
  traderApi,
} from './harness';

// Issue 51, as a MetaTrader trader tries it in the first ten minutes: the account in the words they know,
// no dead end on a demo account, every screen working when opened first, money written as money, an honest
// offline state. Bitcoin's price is scripted (spread 0.05 %, 1 unit a lot, fee 20 a lot): a buy of 0.01 lot
// at 1:2 fills at 96,048, holds 480.24 of margin and pays 0.20; at the bid of 95,952 it is 0.96 down.

let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

/** A demo account on a phone, as "Try a demo account" gives it, with its session for setting the scene. */
async function demoTrader(url = '/login') {
  const { context, page, errors } = await phone(browser);
  await page.goto(`${server.url}${url}`);
  await page.getByRole('button', { name: 'Try a demo account' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  return { token, context, page, errors };
}

async function bitcoinId(): Promise<string> {
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  return String(list.find((i) => i.Code === 'BTCUSD')!.Id);
}

/** Buys `lots` of Bitcoin at 1:2, at the market or pending at `target`, as the order form sends it. */
async function buyBitcoin(token: string, lots = '0.01', target?: string) {
  const query = {
    type: '1',
    cont: lots,
    forex_id: await bitcoinId(),
    multiple: '2',
    status: target ? '0' : '1',
  };
  return traderApi(server, '/v1/api/forex/submit', {
    token,
    query: target ? { ...query, target_price: target } : query,
  });
}

/** The account card's figure under `label` on the screen shown (the one left behind stays mounted, hidden). */
const figure = (page: Page, label: string) =>
  page
    .locator('.account-summary:visible .totals > div', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

/** What the account card shows, label by label. */
async function expectAccount(page: Page, expected: Record<string, string>) {
  for (const [label, value] of Object.entries(expected))
    await expect.poll(() => figure(page, label).textContent(), { timeout: 15_000 }).toBe(value);
}

const AFTER_ONE_BUY = {
  Balance: '$99,999.80',
  Equity: '$99,998.84',
  Margin: '$480.24',
  'Free margin': '$99,518.60',
  'Margin level': '20,822.68%',
};

describe('the account as a MetaTrader trader reads it', () => {
  it('keeps the margin of a trade in the balance on home, trade and orders; pending orders move neither balance nor equity', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    await buyBitcoin(token);
    await expectAccount(page, AFTER_ONE_BUY);
    const kind = page.locator('.account-summary:visible .account-kind');
    expect(await kind.getByRole('button', { name: 'Demo' }).getAttribute('aria-pressed')).toBe('true');

    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expectAccount(page, AFTER_ONE_BUY);

    await page.locator('.tab-bar').getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    await expectAccount(page, { ...AFTER_ONE_BUY, 'Floating P&L': '-$0.96' });

    // A buy limit of 0.01 at 90,000 (placed elsewhere) reserves 0.01 × 90,000 ÷ 2 = 450.00 of margin (at its
    // target) and 0.20 of fee: the margin held shows it, not balance nor equity, on the next screen that shows the account.
    await buyBitcoin(token, '0.01', '90000.00');
    await page.locator('.tab-bar').getByText('Market', { exact: true }).click();
    // The margin level is the one stop-out acts on: holding positions only, so the reserve's cash counts no more.
    await expectAccount(page, {
      ...AFTER_ONE_BUY,
      Margin: '$930.44',
      'Free margin': '$99,068.40',
      'Margin level': '20,728.94%',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads margin rows in the history as held and released, not as a loss and a gain', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    const bought = await buyBitcoin(token);
    await traderApi(server, '/v1/api/forex/close', { token, query: { id: String(bought.Id) } });

    await page.goto(`${server.url}/mine/history`);
    const held = page.locator('.adm-list-item', { hasText: 'Margin held' });
    await expect.poll(() => held.locator('.money').textContent()).toBe('-$480.24');
    // Not red: margin set aside is still the trader's money.
    expect(await held.locator('.money').getAttribute('class')).not.toMatch(/\bdown\b/);
    const closed = page.locator('.adm-list-item', { hasText: 'Position closed' });
    await expect
      .poll(() => closed.locator('.ledger-row__split').textContent())
      .toBe('Margin released $480.24Profit/loss -$0.96');
    // The row's amount is the two together: the rows still add up to the cash.
    expect(await closed.locator('.adm-list-item-content-extra .money').textContent()).toBe('$479.28');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays the account card out right to left in Arabic, within the phone, in Latin digits', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    await buyBitcoin(token);
    await page.goto(`${server.url}/order?lang=ar`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const balance = figure(page, 'الرصيد');
    await expect.poll(() => balance.textContent()).toBe('\u200f99,999.80\u00a0US$');
    const equity = figure(page, 'حقوق الملكية');
    const [first, second, card] = await Promise.all([
      balance.boundingBox(),
      equity.boundingBox(),
      page.locator('.account-summary:visible').boundingBox(),
    ]);
    // The first figure stands on the right, as Arabic reads.
    expect(first!.x).toBeGreaterThan(second!.x);
    expect(card!.x).toBeGreaterThanOrEqual(0);
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const kind = page.locator('.account-summary:visible .account-kind');
    expect(await kind.getByRole('button', { name: 'تجريبي' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a demo account has no dead end', () => {
  it('offers to open a real account or sign in where a real-only screen is asked for, and lists the history', async () => {
    const { context, page, errors } = await demoTrader();
    await page.goto(`${server.url}/user`);
    await page.getByRole('button', { name: 'Wallet' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('button').allTextContents())
      .toEqual(['Open a real account', 'Sign in to a real account', 'Cancel']);
    await dialog.getByRole('button', { name: 'Open a real account' }).click();
    await page.waitForURL((u) => u.pathname === '/register');

    await page.goto(`${server.url}/user`);
    await page.getByRole('button', { name: 'Account history' }).click();
    await page.waitForURL((u) => u.pathname === '/mine/history');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches a real trader to the demo and back without signing in again, straight to the screen asked for', async () => {
    const email = `switch.${Date.now()}@example.com`;
    await registerTrader(server, email, 'secret-123');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, email, 'secret-123');
    await page.goto(`${server.url}/user`);
    const card = page.locator('.account-card');
    await expect.poll(() => card.textContent()).toContain(email);

    await card.getByRole('button', { name: 'Demo' }).click();
    await expect.poll(() => card.textContent()).toContain('Demo account');
    await expect.poll(() => card.locator('.account-card__amount').textContent()).toBe('$100,000.00');

    await page.getByRole('button', { name: 'Wallet' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Switch to your real account' }).click();
    await page.waitForURL((u) => u.pathname === '/mine/wallet');
    await page.goto(`${server.url}/user`);
    await expect.poll(() => card.textContent()).toContain(email);
    expect(await card.getByRole('button', { name: 'Real' }).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The app opened at `path` as a new tab or a reload from elsewhere opens it: nothing kept from another screen. */
async function openFirst(page: Page, path: string) {
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${server.url}${path}`);
}

describe('every screen works when opened first', () => {
  it('offers Close part on a position of the orders screen opened directly, and fills every main screen', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    await buyBitcoin(token, '0.02');

    await openFirst(page, '/order');
    await page.locator('.order-row', { hasText: 'Bitcoin' }).click();
    await page.getByRole('button', { name: 'Close part' }).waitFor({ timeout: 15_000 });

    const screens: [path: string, shows: string][] = [
      ['/', '.quote-row'],
      ['/trade', '.trade__price'],
      ['/order', '.order-row'],
      ['/user', '.account-card__amount'],
      ['/mine/history', '.adm-list-item'],
      ['/alerts', '.page__body'],
      ['/copy', '.page, .copy-card'],
      ['/rank', '.page'],
      ['/news', '.page'],
    ];
    for (const [path, shows] of screens) {
      await openFirst(page, path);
      await page.locator(shows).first().waitFor({ timeout: 15_000 });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('money on screen', () => {
  it('writes margin and fee at 2 decimals on the ticket, the confirmation and the position', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    const margin = page.locator('.order-form__preview > div').first();
    // Sell, then Buy, as the bar under it.
    await expect.poll(() => margin.locator('dd').allTextContents()).toEqual(['$479.76', '$480.24']);

    await page.getByRole('button', { name: 'Buy' }).click();
    const sheet = page.locator('.confirm-order');
    await expect.poll(() => sheet.textContent()).toContain('$480.24');
    expect(await sheet.textContent()).not.toContain('480.240000');

    await buyBitcoin(token, '0.02');
    await page.goto(`${server.url}/order?lang=de`);
    await page.locator('.order-row', { hasText: 'Bitcoin' }).click();
    const detail = page.locator('.order-detail');
    await expect.poll(() => detail.textContent()).toMatch(/Margin960,48\s\$/);
    await detail.getByRole('button', { name: 'Teilweise schließen' }).click();
    await expect.poll(() => page.locator('.close-part p').first().textContent()).toContain('0,02');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Opacity of the first element `selector` finds on the screen shown. */
const opacity = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).opacity);

async function goOffline(context: BrowserContext, offline: boolean) {
  await context.setOffline(offline);
}

describe('offline', () => {
  it('says so on every screen and greys the live figures, until the connection is back', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { token, context, page, errors } = await demoTrader();
    await buyBitcoin(token);
    const tabBar = page.locator('.tab-bar');
    // Bitcoin on the trade screen (it trades every day: the test does not hang on the weekday).
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.locator('.trade__price').waitFor();
    await tabBar.getByText('Orders', { exact: true }).click();
    await page.locator('.order-row', { hasText: 'Bitcoin' }).waitFor();
    const banner = page.locator('.offline-banner');
    expect(await banner.count()).toBe(0);
    await expect.poll(() => opacity(page, '.order-row__pnl')).toBe('1');

    await goOffline(context, true);
    await expect
      .poll(() => banner.textContent())
      .toBe("You're offline: prices, P&L and equity are not live until the connection is back.");
    await expect.poll(() => opacity(page, '.order-row__pnl')).toBe('0.5');
    await expect.poll(() => opacity(page, '.account-summary:visible .live-figure')).toBe('0.5');
    for (const [tab, shows] of [
      ['Market', '.quote-row'],
      ['Trading', '.trade__quote'],
    ]) {
      await tabBar.getByText(tab, { exact: true }).click();
      await page.locator(`${shows}:visible`).first().waitFor();
      await expect.poll(() => banner.isVisible()).toBe(true);
    }
    await expect.poll(() => opacity(page, '.trade__quote')).toBe('0.5');
    // A screen never opened before cannot load its code: it says so, under the banner, instead of a blank app.
    await tabBar.getByText('Copy trading', { exact: true }).click();
    await expect
      .poll(() => page.locator('.screen-failed p').textContent())
      .toBe("This screen can't open while you're offline. It will as soon as the connection is back.");

    await goOffline(context, false);
    await expect.poll(() => banner.count(), { timeout: 20_000 }).toBe(0);
    // Back online, the screen that could not load opens by itself.
    await page.locator('.copy-card, .page').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.screen-failed').count()).toBe(0);
    await tabBar.getByText('Trading', { exact: true }).click();
    await expect.poll(() => page.locator('.connection:visible').getAttribute('data-state')).toBe('live');
    await expect.poll(() => opacity(page, '.trade__quote')).toBe('1');
    // Loads that failed while offline (the browser's and the module loader's own lines) are not the app's errors.
    const offlineLoads = /ERR_INTERNET_DISCONNECTED|dynamically imported module|Unable to preload CSS/;
    expect(errors.filter((e) => !offlineLoads.test(e))).toEqual([]);
    await context.close();
  });
});

describe('the smaller things', () => {
  it('draws no yen sign for orders or the history, and names e-mail support as such with its reply time', async () => {
    const { context, page, errors } = await demoTrader();
    const ordersIcon = page
      .locator('.tab-bar .adm-tab-bar-item', { hasText: 'Orders' })
      .locator('svg g')
      .first();
    expect(await ordersIcon.getAttribute('id')).toBe('FileOutline-FileOutline');

    await page.goto(`${server.url}/user`);
    const support = page.locator('.adm-list-item', { hasText: 'Email support' });
    await expect.poll(() => support.textContent()).toContain('We reply within one business day.');
    expect(await page.getByText('Live support').count()).toBe(0);
    const history = page.locator('.adm-list-item', { hasText: 'Account history' });
    expect(await history.locator('svg g').first().getAttribute('id')).toBe(
      'ClockCircleOutline-ClockCircleOutline',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
