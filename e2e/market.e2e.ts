import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, type RunningServer, releaseBrowser, sharedBrowser, startServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe('watching the market on a phone', () => {
  it('lists 30+ instruments with prices, and open markets tick live', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(server.url);
    const rows = page.locator('.quote-list .quote-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    const btc = page.locator('.quote-row', { hasText: 'Bitcoin' }).first();
    const first = await btc.locator('.quote-row__price .num').first().textContent();
    await expect
      .poll(() => btc.locator('.quote-row__price .num').first().textContent(), { timeout: 20_000 })
      .not.toBe(first);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters by category chip and clears the filter on a second tap', async () => {
    const { context, page } = await phone(browser);
    await page.goto(server.url);
    const rows = page.locator('.quote-list .quote-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    const all = await rows.count();
    const chip = page.locator('.chip').nth(1);
    await chip.click();
    await expect.poll(() => rows.count()).toBeLessThan(all);
    await chip.click();
    await expect.poll(() => rows.count()).toBe(all);
    await context.close();
  });

  it('opens an instrument on /trade with a candlestick chart for every period', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(server.url);
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => page.locator('.trade__picker').textContent()).toContain('Bitcoin');
    for (const label of ['1M', '5M', '15M', '30M', '1H', '1D']) {
      await page.getByRole('tab', { name: label, exact: true }).click();
      await page.locator('.candle-chart canvas').first().waitFor();
    }
    expect(await page.locator('.candle-chart a[href*="tradingview"]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks another instrument from the drawer', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/trade`);
    await page.locator('.trade__picker').click();
    const drawer = page.locator('.instrument-drawer');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(Math.round((box!.width / 390) * 100)).toBe(64);
    // The drawer slides in and its rows re-render with every quote: the tap goes to the row itself.
    await drawer.locator('.adm-list-item', { hasText: 'Gold' }).first().dispatchEvent('click');
    await expect.poll(() => page.locator('.trade__picker').textContent()).toContain('Gold');
    await context.close();
  });

  it('finds an instrument by name on /product', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/product`);
    await page.locator('.adm-search-bar input').fill('eth');
    await expect.poll(() => page.locator('.adm-list-item').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.locator('.adm-list-item').first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await context.close();
  });
});
