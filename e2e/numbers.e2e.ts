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
} from './harness';

/** Money, prices and percentages in the language of the screen (issue 23), on a Bitcoin held at 96,000. */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };
/** Intl's no-break spaces read as plain spaces. */
const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function chooseLanguage(page: Page, name: string) {
  await page.goto(`${server.url}/language`);
  await page.getByText(name, { exact: true }).click();
}

describe('numbers people read', () => {
  it('shows a German trader grouped prices, decimal commas and dollars after the amount', async () => {
    const { context, page, errors } = await phone(browser);
    await demoOnTrade(page, server, 'Bitcoin', '95952.00');
    const placed = page.waitForResponse((r) => r.url().includes('/v1/api/forex/submit'));
    await page.getByRole('button', { name: 'Buy' }).click();
    await confirmOrder(page);
    expect(await (await placed).json()).toMatchObject({ code: 1 });
    await chooseLanguage(page, 'Deutsch');

    await page.goto(`${server.url}/`);
    await expect
      .poll(() => text(page, '.quote-row:has-text("Bitcoin") .quote-row__price .num'), within)
      .toBe('95.952,00');
    expect(await text(page, '.quote-row:has-text("Bitcoin") .quote-row__change')).toMatch(
      /^[+-]?\d+,\d{2} %$/,
    );

    await page.goto(`${server.url}/user`);
    // The demo's 100,000 less the buy's fee (0.20): its margin (480.24) is held, still the trader's.
    await expect.poll(() => text(page, '.account-card__amount'), within).toBe('99.999,80 $');

    await page.locator('.tab-bar').getByText('Handel').click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => text(page, '.trade__price'), within).toBe('95.952,00');
    // A buy fills at the ask, 96,000 × 1.0005.
    await expect.poll(() => text(page, '.trade-bar__side.buy .trade-bar__price'), within).toBe('96.048,00');

    await page.goto(`${server.url}/order`);
    const row = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => row.count(), within).toBe(1);
    expect(await text(page, '.order-row__prices')).toMatch(/^96\.048,00 → 95\.952,00$/);
    expect(await text(page, '.order-row .num.muted')).toContain('0,01');
    // Bought at 96,048, marked at the bid 95,952: (95,952 − 96,048) × 0.01 = −0.96.
    expect(await text(page, '.order-row__pnl')).toBe('-0,96 $');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays Arabic out right to left with each figure kept left to right inside it', async () => {
    const { context, page, errors } = await phone(browser);
    await demoOnTrade(page, server, 'Bitcoin', '95952.00');
    await chooseLanguage(page, 'العربية');
    await page.goto(`${server.url}/user`);
    await expect.poll(() => text(page, '.account-card__amount'), within).toMatch(/100,000\.00 US\$$/);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const direction = await page
      .locator('.account-card__amount')
      .evaluate((el) => [getComputedStyle(el).direction, getComputedStyle(el).unicodeBidi]);
    expect(direction).toEqual(['ltr', 'isolate']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
