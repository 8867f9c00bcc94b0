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

/**
 * Bitcoin at one scripted price: a sell fills at the bid 95,952.00, a buy at the ask 96,048.00 (0.05 % spread).
 * Apple (1 to 1,000 whole lots) for the lots a message counts.
 */
let feed: ScriptedFeed;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00', AAPL: '230.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

/** A new demo account on /trade with Bitcoin at its scripted price, and every order its page sends. */
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
/** The lots field, by its label in the language shown. */
const lotsInput = (page: Page, lang = 'en') =>
  page.locator(`input[aria-label="${{ en: 'Lots', de: 'Lotgröße', ru: 'Лоты' }[lang]}"]`);
/** The message said beside the lots. */
const lotsProblem = (page: Page) => page.locator('#lots-problem');
const barPrice = (page: Page, side: 'buy' | 'sell') =>
  page.locator(`.trade-bar__side.${side} .trade-bar__price`).textContent();
const orders = async (token: string, status: 0 | 1) =>
  (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: String(status) } })).data;

describe('the order ticket checks the order before anything is sent', () => {
  it('says what is wrong with the lots beside them, keeps the prices on Sell and Buy, and sends nothing', async () => {
    const { context, page, errors, submits } = await demoTrader();
    const cases: [typed: string, said: string][] = [
      ['abc', 'Please enter the volume in lots'],
      ['', 'Please enter the volume in lots'],
      ['0', 'The volume must be above zero'],
      ['-1', 'The volume must be above zero'],
      ['0.015', 'The volume must be a multiple of 0.01 lots'],
      ['99999', 'The maximum volume is 10 lots'],
    ];
    for (const [typed, said] of cases) {
      await lotsInput(page).fill(typed);
      await expect.poll(() => lotsProblem(page).textContent(), within).toBe(said);
      // The prices stay on the buttons, and a tap opens no sheet.
      expect(await barPrice(page, 'sell')).toBe('95,952.00');
      expect(await barPrice(page, 'buy')).toBe('96,048.00');
      await page.getByRole('button', { name: 'Buy' }).click();
      expect(await sheet(page).count()).toBe(0);
    }
    // More than the free margin (3 × 96,048 ÷ 2 > 100,000): said beside the lots, for the side tapped, before any sheet.
    await lotsInput(page).fill('3');
    await page.getByRole('button', { name: 'Sell' }).click();
    await expect
      .poll(() => lotsProblem(page).textContent(), within)
      .toBe('Not enough free margin for this order');
    expect(await sheet(page).count()).toBe(0);
    // Fewer lots answer it at once.
    await lotsInput(page).fill('0.5');
    await expect.poll(() => lotsProblem(page).count(), within).toBe(0);
    expect(submits).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('counts the lots a message names as the language does, in its figures: 1 lot, 1,000 lots, 1.000 Lots', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${server.url}/product`);
    await page.locator('.adm-list-item', { hasText: 'Apple' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    const cases: [lang: string, typed: string, said: string][] = [
      ['en', '0.5', 'The volume must be a multiple of 1 lot'],
      ['en', '99999', 'The maximum volume is 1,000 lots'],
      ['de', '99999', 'Das Maximum beträgt 1.000 Lots'],
      ['ru', '99999', 'Максимальный объём — 1 000 лотов'],
    ];
    for (const [lang, typed, said] of cases) {
      if (lang !== 'en') await page.goto(`${server.url}/trade?lang=${lang}`);
      await lotsInput(page, lang).fill(typed);
      // Intl's no-break spaces (Russian groups with one) read as plain spaces.
      await expect
        .poll(async () => (await lotsProblem(page).textContent())?.replace(/[\u00a0\u202f]/g, ' '), within)
        .toBe(said);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the − and + on the lot step and within the minimum and the maximum', async () => {
    const { context, page, errors } = await demoTrader();
    const fewer = page.getByRole('button', { name: 'Fewer lots' });
    const more = page.getByRole('button', { name: 'More lots' });
    expect(await lotsInput(page).inputValue()).toBe('0.01');
    expect(await fewer.isDisabled()).toBe(true);
    await lotsInput(page).fill('0.015');
    await more.click();
    expect(await lotsInput(page).inputValue()).toBe('0.02');
    await lotsInput(page).fill('abc');
    await more.click();
    expect(await lotsInput(page).inputValue()).toBe('0.01');
    await lotsInput(page).fill('12');
    await fewer.click();
    expect(await lotsInput(page).inputValue()).toBe('10');
    expect(await more.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a stop loss switched on and left empty, and the sheet shows every stop that is set', async () => {
    const { context, page, errors, token, submits } = await demoTrader();
    await page.getByRole('switch', { name: 'Stop loss' }).click();
    await page.getByRole('switch', { name: 'Take profit' }).click();
    await page.getByRole('button', { name: 'Buy' }).click();
    await expect
      .poll(() => page.locator('#sl-problem').textContent(), within)
      .toBe('Enter a stop-loss level, or turn the stop loss off');
    expect(await page.locator('#tp-problem').textContent()).toBe(
      'Enter a take-profit level, or turn the take profit off',
    );
    expect(await sheet(page).count()).toBe(0);
    // A stop on the wrong side for a buy is said beside it, in the server's words.
    await page.locator('input[aria-label="Stop loss (Price)"]').fill('97000');
    await page.locator('input[aria-label="Take profit (Price)"]').fill('98000');
    await expect
      .poll(() => page.locator('#sl-problem').textContent(), within)
      .toBe('The stop loss is on the wrong side of the current price');
    await page.locator('input[aria-label="Stop loss (Price)"]').fill('95000');
    await expect.poll(() => page.locator('#sl-problem').count(), within).toBe(0);
    await page.getByRole('button', { name: 'Buy' }).click();
    await sheet(page).waitFor();
    const shown = await sheet(page).textContent();
    expect(shown).toContain('Stop loss95,000.00');
    expect(shown).toContain('Take profit98,000.00');
    await confirmOrder(page);
    await expect.poll(async () => (await orders(token, 1)).length, within).toBe(1);
    const [position] = await orders(token, 1);
    expect([position.TargetLossPrice, position.TargetProfitPrice]).toEqual(['95000.00', '98000.00']);
    expect(submits).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a refusal of the server beside the field it names, not over the screen', async () => {
    const { context, page, errors } = await demoTrader();
    // The server refuses what the ticket could not know (a limit changed a moment ago): its message, its field.
    await page.route('**/v1/api/forex/submit**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, msg: 'The maximum volume is 0.5 lots', data: { field: 'cont' } }),
      }),
    );
    await page.getByRole('button', { name: 'Buy' }).click();
    await confirmOrder(page);
    await expect.poll(() => lotsProblem(page).textContent(), within).toBe('The maximum volume is 0.5 lots');
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    // Changing the lots answers it.
    await page.getByRole('button', { name: 'More lots' }).click();
    await expect.poll(() => lotsProblem(page).count(), within).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the Sell and Buy bar', () => {
  /** Where an element is on the screen, and whether it is all in view. */
  const box = async (page: Page, selector: string) => {
    const rect = await page.locator(selector).boundingBox();
    return { ...rect!, inView: rect!.y >= 0 && rect!.y + rect!.height <= 844 };
  };

  it('stays in view with Sell on the left and Buy on the right, also with indicators on and scrolled down', async () => {
    const { context, page, errors } = await demoTrader();
    for (const indicator of ['MACD', 'RSI']) await page.getByRole('button', { name: indicator }).click();
    for (const scroll of [0, 10_000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      const sell = await box(page, '.trade-bar__side.sell');
      const buy = await box(page, '.trade-bar__side.buy');
      expect(sell.inView && buy.inView).toBe(true);
      expect(sell.x + sell.width).toBeLessThanOrEqual(buy.x);
      // Above the tab bar, never under it.
      expect(buy.y + buy.height).toBeLessThanOrEqual((await box(page, '.tab-bar')).y);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps Sell on the left in Arabic too, with the Arabic words', async () => {
    const { context, page, errors } = await demoTrader();
    await page.goto(`${server.url}/trade?lang=ar`);
    await expect.poll(() => page.locator('html').getAttribute('dir'), within).toBe('rtl');
    await expect
      .poll(() => page.locator('.trade-bar__side.sell .trade-bar__label').textContent(), within)
      .toBe('بيع');
    expect(await page.locator('.trade-bar__side.buy .trade-bar__label').textContent()).toBe('شراء');
    const sell = await box(page, '.trade-bar__side.sell');
    const buy = await box(page, '.trade-bar__side.buy');
    expect(sell.x + sell.width).toBeLessThanOrEqual(buy.x);
    expect(sell.inView && buy.inView).toBe(true);
    await page.screenshot({ path: 'test-results/trade-bar-ar.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the trade screen at its top when an instrument is tapped far down the market list', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/`);
    const last = page.locator('.quote-row').last();
    await last.waitFor(within);
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await last.click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => page.evaluate(() => window.scrollY), within).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a pending order with an expiry', () => {
  it('says its kind on the bar and in the sheet, and is placed with the end of the UTC day for Today', async () => {
    const { context, page, errors, token } = await demoTrader();
    await page.getByRole('tab', { name: 'Pending' }).click();
    await page.locator('input[aria-label="Entry price"]').fill('95000');
    await expect
      .poll(() => page.locator('.trade-bar__side.buy .trade-bar__label').textContent(), within)
      .toBe('Buy Limit');
    expect(await page.locator('.trade-bar__side.sell .trade-bar__label').textContent()).toBe('Sell Stop');
    await page.getByRole('button', { name: 'Today' }).click();
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(() => page.locator('.ticket-expiry__at').textContent(), within)
      .toBe(`Expires ${today} 23:59:59 UTC`);
    // A date in the past is refused beside the date, in the server's words.
    await page.getByRole('button', { name: 'Date' }).click();
    await page.locator('input[aria-label="Expiry date (UTC)"]').fill('2020-01-01');
    await page.getByRole('button', { name: 'Buy Limit' }).click();
    await expect
      .poll(() => page.locator('#expiry-problem').textContent(), within)
      .toBe('The expiry must be in the future');
    expect(await sheet(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByRole('button', { name: 'Buy Limit' }).click();
    await sheet(page).waitFor();
    const shown = await sheet(page).textContent();
    expect(shown).toContain('Buy Limit');
    expect(shown).toContain(`Expires ${today} 23:59:59 UTC`);
    await confirmOrder(page);
    await expect.poll(async () => (await orders(token, 0)).length, within).toBe(1);
    const [order] = await orders(token, 0);
    expect(order).toMatchObject({ PendingKind: 'buy_limit', ExpiresAt: `${today} 23:59:59` });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('numbers typed as the language writes them', () => {
  it('reads German lots and a stop typed with the decimal comma, sends them as 0.02 and 95000.50, and shows them back', async () => {
    const { context, page, errors, token, submits } = await demoTrader();
    await page.goto(`${server.url}/trade?lang=de`);
    // What a German phone's decimal keypad types; grouping with points as German writes it.
    await lotsInput(page, 'de').fill('0,02');
    await page.getByRole('switch', { name: 'Stop-Loss' }).click();
    await page.locator('input[aria-label="Stop-Loss (Kurs)"]').fill('95.000,50');
    expect(await lotsProblem(page).count()).toBe(0);
    await page.locator('.trade-bar__side.buy').click();
    await sheet(page).waitFor();
    const shown = await sheet(page).textContent();
    expect(shown).toContain('0,02');
    expect(shown).toContain('95.000,50');
    await sheet(page).getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(async () => (await orders(token, 1)).length, within).toBe(1);
    const sent = new URL(submits[0]!).searchParams;
    expect([sent.get('cont'), sent.get('stop_loss_price')]).toEqual(['0.02', '95000.50']);

    await page.goto(`${server.url}/order?lang=de`);
    const row = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => row.textContent(), within).toContain('0,02 Lots · 1:');
    expect(await row.textContent()).toContain('SL 95.000,50');
    // A part closed with the comma too: half is offered as German writes it.
    await row.click();
    await page.getByRole('button', { name: 'Teilweise schließen' }).click();
    const part = page.getByRole('dialog', { name: 'Teil der Position schließen' });
    await expect.poll(() => part.getByRole('textbox').inputValue(), within).toBe('0,01');
    await part.getByRole('textbox').fill('0,01');
    await part.getByRole('button', { name: '0,01 Lots schließen' }).click();
    await expect
      .poll(async () => (await orders(token, 1)).map((o: { Quantity: string }) => o.Quantity), within)
      .toEqual(['0.01']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a comma in English, where it only groups', async () => {
    const { context, page, errors, submits } = await demoTrader();
    await lotsInput(page).fill('0,02');
    await expect.poll(() => lotsProblem(page).textContent(), within).toBe('Please enter the volume in lots');
    await page.getByRole('button', { name: 'Buy' }).click();
    expect(await sheet(page).count()).toBe(0);
    expect(submits).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
