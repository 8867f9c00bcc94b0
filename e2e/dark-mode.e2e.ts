import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  operatorSession,
  phone,
  type RunningServer,
  releaseBrowser,
  sharedBrowser,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await sharedBrowser();
  await operatorSession(server);
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 200 });

/**
 * What the page looked like at its start, recorded by an init script: the theme on <html> when <body> was
 * parsed (before anything of it can be painted), and the body's background at the first paint.
 */
async function recordStart(context: BrowserContext) {
  await context.addInitScript(() => {
    const start: { themeAtBody?: string; firstPaint?: string } = {};
    (window as unknown as { __start: typeof start }).__start = start;
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      start.themeAtBody = document.documentElement.dataset.theme ?? 'none';
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-paint').length && document.body)
        start.firstPaint ??= getComputedStyle(document.body).backgroundColor;
    }).observe({ type: 'paint', buffered: true });
  });
}

const startOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __start: { themeAtBody?: string; firstPaint?: string } }).__start,
  );

/** The relative luminance (0 black … 1 white) of each element's own background; transparent ones are skipped. */
async function backgrounds(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const [r, g, b, a = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (!a) return [];
      const linear = (v: number) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4;
      return [0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!)];
    }),
  );
}

/** Every container matching `selector` has a dark background: nothing light left over. */
async function expectDark(page: Page, selector: string) {
  // A lazy page's code may still be on its way: measure once the screen has drawn it.
  await page.locator(selector).first().waitFor();
  const found = await backgrounds(page, selector);
  expect(found.length, selector).toBeGreaterThan(0);
  for (const luminance of found) expect(luminance, selector).toBeLessThan(0.05);
}

const bodyLuminance = async (page: Page) => (await backgrounds(page, 'body'))[0]!;

/** The top-left pixel of the chart's price pane, as lightweight-charts painted it. */
const chartCorner = (page: Page) =>
  page
    .locator('.candle-chart canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const [r, g, b] = canvas.getContext('2d')!.getImageData(4, 4, 1, 1).data;
      return (r! + g! + b!) / 3;
    });

describe('dark mode on a phone', () => {
  it('paints the very first frame dark when the phone is set to dark', async () => {
    const { context, page, errors } = await phone(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordStart(context);
    await page.goto(server.url);
    await page.locator('.tab-bar').waitFor();
    await eventually(async () => (await startOf(page)).firstPaint).toBeDefined();
    expect(await startOf(page)).toEqual({ themeAtBody: 'dark', firstPaint: 'rgb(13, 17, 23)' });
    await page.locator('.quote-row').first().waitFor();
    for (const selector of ['body', '.app', '.home__header', '.chips', '.quote-list', '.tab-bar'])
      await expectDark(page, selector);
    await page.screenshot({ path: 'test-results/dark-home.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the trade screen, its chart and its sheets dark, and recolours the chart when the system turns light', async () => {
    const { context, page, errors } = await phone(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.url}/login`);
    await expectDark(page, '.adm-list, .auth__form');
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    // Bitcoin, whose market is open at every hour: a closed market's Buy is disabled.
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await page.locator('.candle-chart canvas').first().waitFor();
    for (const selector of [
      '.trade__header',
      '.trade__quote',
      '.periods',
      '.candle-chart',
      '.order-form',
      '.tab-bar',
    ])
      await expectDark(page, selector);
    await eventually(() => chartCorner(page)).toBeLessThan(60);
    await page.screenshot({ path: 'test-results/dark-trade.png' });
    // The confirmation sheet of a Buy: a popup over the screen, dark too.
    await page.locator('.trade-bar__side.buy').click();
    await page.locator('.confirm-order').waitFor();
    await expectDark(page, '.adm-popup-body');
    await page.screenshot({ path: 'test-results/dark-confirm-order.png' });
    await page.keyboard.press('Escape');
    await page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });
    // The phone turning light at dawn: the screen and the chart follow, without a reload.
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(() => bodyLuminance(page)).toBeGreaterThan(0.8);
    await eventually(() => chartCorner(page)).toBeGreaterThan(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a trader choose Light in the user centre, keeps it after a reload, and System follows the phone again', async () => {
    const { context, page, errors } = await phone(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordStart(context);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${server.url}/user`);
    const setting = page.locator('.theme-setting');
    await setting.waitFor();
    for (const selector of ['.adm-list-body', '.adm-list-item', '.page__bar, .adm-nav-bar', '.balance-chart'])
      await expectDark(page, selector);
    await page.screenshot({ path: 'test-results/dark-user.png' });

    await setting.getByRole('button', { name: 'Light' }).click();
    await eventually(() => bodyLuminance(page)).toBeGreaterThan(0.8);
    expect(await setting.getByRole('button', { name: 'Light' }).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await setting.waitFor();
    expect((await startOf(page)).themeAtBody).toBe('light');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.8);

    await setting.getByRole('button', { name: 'System' }).click();
    await eventually(() => bodyLuminance(page)).toBeLessThan(0.05);
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(() => bodyLuminance(page)).toBeGreaterThan(0.8);
    await page.reload();
    await setting.waitFor();
    expect((await startOf(page)).themeAtBody).toBe('light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a visitor switch from the language and theme screen the login page links to', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Language and theme' }).click();
    await page.waitForURL((u) => u.pathname === '/language');
    await page.locator('.theme-setting').getByRole('button', { name: 'Dark' }).click();
    await eventually(() => bodyLuminance(page)).toBeLessThan(0.05);
    await expectDark(page, '.adm-list-body');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('dark mode in the back office', () => {
  it('opens dark when the computer is dark, from the first paint, and the header switches it to light', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: 'UTC',
      locale: 'en-US',
      colorScheme: 'dark',
    });
    await recordStart(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/admin/`);
    await page.getByLabel('E-mail').waitFor();
    await eventually(async () => (await startOf(page)).firstPaint).toBeDefined();
    expect((await startOf(page)).themeAtBody).toBe('dark');
    await expectDark(page, 'body');
    await expectDark(page, '.ant-card');
    await page.getByLabel('E-mail').fill(OPERATOR_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    for (const selector of ['.ant-layout-header', '.ant-layout']) await expectDark(page, selector);
    await page.screenshot({ path: 'test-results/dark-admin.png' });

    await page.getByTestId('theme-menu').hover();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await eventually(async () => (await backgrounds(page, '.ant-layout-header'))[0]).toBeGreaterThan(0.8);
    await page.reload();
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    expect((await startOf(page)).themeAtBody).toBe('light');
    expect((await backgrounds(page, '.ant-layout-header'))[0]).toBeGreaterThan(0.8);
    expect(errors).toEqual([]);
    await context.close();
  });
});
