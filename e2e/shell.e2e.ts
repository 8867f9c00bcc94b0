import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, type RunningServer, releaseBrowser, sharedBrowser, startServer } from './harness';
import { FOOTER, LOGIN_ONLY, PUBLIC } from './screens';

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

describe('the app shell on a phone', () => {
  it('shows the home screen with the five tabs', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(server.url);
    const tabs = page.locator('.tab-bar .adm-tab-bar-item-title');
    await expect
      .poll(() => tabs.allTextContents())
      .toEqual(['Market', 'Trading', 'Orders', 'Copy trading', 'Ranking']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders every public route without a page error, with the tab bar where the spec puts it', async () => {
    const { context, page, errors } = await phone(browser);
    for (const route of [...FOOTER, ...PUBLIC]) {
      await page.goto(server.url + route);
      await page.locator('.app__main > *').first().waitFor();
      expect(await page.locator('.tab-bar').count(), route).toBe(FOOTER.includes(route) ? 1 : 0);
      expect(new URL(page.url()).pathname, route).toBe(route.split('?')[0]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('catches a Content Security Policy violation as an error (the check every screen test relies on)', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(server.url);
    await page.locator('.tab-bar').waitFor();
    expect(errors).toEqual([]);
    // An injected inline script is what script-src 'self' exists to stop.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
    });
    await expect.poll(() => errors.some((e) => e.startsWith('CSP violation: script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    await context.close();
  });

  it('sends a visitor on a login-only route to /login with from', async () => {
    const { context, page, errors } = await phone(browser);
    for (const route of LOGIN_ONLY) {
      await page.goto(server.url + route);
      await page.waitForURL((u) => u.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('from'), route).toBe(route);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mirrors the layout for ?lang=ar and speaks Japanese for ?lang=jp', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/?lang=ar`);
    await page.locator('.tab-bar').waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'rtl',
      'ar',
    ]);
    const first = await page.locator('.adm-tab-bar-item').first().boundingBox();
    const last = await page.locator('.adm-tab-bar-item').last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);

    await page.goto(`${server.url}/?lang=jp`);
    await page.locator('.tab-bar').waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'ltr',
      'ja',
    ]);
    expect(await page.locator('.tab-bar').textContent()).toContain('マーケット');
    await context.close();
  });

  it('keeps the chosen language after a reload', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/language`);
    await page.getByText('Deutsch').click();
    await page.goto(`${server.url}/trade`);
    await page.reload();
    await page.locator('.tab-bar').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('.tab-bar').textContent()).toContain('Handel');
    await context.close();
  });
});
