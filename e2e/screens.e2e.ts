import { LANGUAGES } from '@meridian/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openInApp,
  phone,
  type RunningServer,
  registerTrader,
  releaseBrowser,
  sharedBrowser,
  signInOnScreen,
  startServer,
} from './harness';
import { FOOTER, LOGIN_ONLY, PUBLIC } from './screens';

// What a person checking every screen of SPEC.md §2 at phone size would notice: flags, a search screen with
// something to pick from, words shown in the interface language, Arabic spacing, where sign-out lands.

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

async function tryDemo(page: Page, lang = 'en') {
  await page.goto(`${server.url}/login?lang=${lang}`);
  await page.locator('.auth .adm-button-fill-outline').click();
  await page.waitForURL((u) => u.pathname === '/');
}

/**
 * What on the page sticks out past the phone's left or right edge, unless it sits in a row that scrolls
 * sideways. Measured against the phone's width, not `innerWidth`: a mobile browser widens its layout
 * viewport to take in content that overflows, and then everything "fits" a screen zoomed out.
 */
function sticksOut(page: Page): Promise<string[]> {
  const width = page.viewportSize()!.width;
  return page.evaluate((width) => {
    const scrollsSideways = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(up).overflowX) && up.scrollWidth > up.clientWidth)
          return true;
      }
      return false;
    };
    const out = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') return false;
      return (box.left < -1 || box.right > width + 1) && !scrollsSideways(el);
    });
    const found = out.map((el) => `${el.className} "${el.textContent?.trim().slice(0, 40)}"`);
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) found.push(`the page is ${pageWidth} px wide`);
    return found;
  }, width);
}

describe('every screen, as a person sees it', () => {
  it('fits every screen within the phone’s width in Russian and in Arabic, with a long e-mail and a five-figure price', {
    timeout: 240_000,
  }, async () => {
    const { context, page, errors } = await phone(browser);
    const email = `a.rather.long.name.${Date.now()}@an-example-company.com`;
    await registerTrader(server, email, 'secret-123');
    await signInOnScreen(page, server, email, 'secret-123');
    // Bitcoin's five-figure price and its high, open and low are the widest line of /trade.
    await page.locator('.quote-row', { hasText: 'BTCUSD' }).click();
    await page.waitForURL((u) => u.pathname === '/trade');
    const wide: string[] = [];
    for (const lang of ['ru', 'ar']) {
      // Each language's first screen loaded with it, the rest opened in the app as its links do.
      for (const [i, screen] of [...FOOTER, ...PUBLIC, ...LOGIN_ONLY].entries()) {
        if (i === 0) await page.goto(`${server.url}${screen}?lang=${lang}`);
        else await openInApp(page, `${server.url}${screen}`);
        await page.locator('.page-loading').waitFor({ state: 'detached' });
        await page.locator('.skeleton-rows').waitFor({ state: 'detached' });
        await page.evaluate(() => document.fonts.ready);
        for (const found of await sticksOut(page)) wide.push(`${lang} ${screen}: ${found}`);
      }
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the categories in the language just chosen, seconds after the list came in another', async () => {
    const { context, page, errors } = await phone(browser);
    await tryDemo(page);
    await expect.poll(() => page.locator('.chip').first().textContent()).toBe('Forex');
    // In the app, as a person goes: account, language, German, back, the market tab.
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByText('Language', { exact: true }).click();
    await page.getByText('Deutsch').click();
    await page.waitForURL((u) => u.pathname === '/user');
    await page.locator('.tab-bar .adm-tab-bar-item').first().click();
    await expect.poll(() => page.locator('.chip').first().textContent()).toBe('Devisen');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a flag beside every language on /language', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/language`);
    const flags = page.locator('img.flag');
    await expect.poll(() => flags.count()).toBe(LANGUAGES.length);
    await expect
      .poll(() =>
        flags.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(LANGUAGES.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists every instrument on /product before a query, and finds one by its name in Arabic', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/product`);
    await expect
      .poll(() => page.locator('.adm-list-item').count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(30);

    await page.goto(`${server.url}/product?lang=ar`);
    await page.locator('.adm-search-bar input').fill('ذهب');
    const rows = page.locator('.adm-list-item');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().textContent()).toContain('XAUUSD');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows each instrument with its code, and names that are words in the interface language', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/?lang=ar`);
    const gold = page.locator('.quote-row', { hasText: 'XAUUSD' });
    await expect
      .poll(() => gold.locator('.quote-row__name').textContent(), { timeout: 20_000 })
      .toBe('الذهبXAUUSD');
    await page.goto(`${server.url}/?lang=en`);
    await expect.poll(() => gold.locator('.quote-row__name strong').textContent()).toBe('Gold');
    await context.close();
  });

  it('keeps a list entry’s icon apart from its label in Arabic', async () => {
    const { context, page } = await phone(browser);
    await tryDemo(page, 'ar');
    await page.goto(`${server.url}/user`);
    const icon = page.locator('.adm-list-item-content-prefix svg').first();
    await icon.waitFor();
    const [iconBox, labelBox] = await Promise.all([
      icon.boundingBox(),
      page.locator('.adm-list-item-content-main').first().boundingBox(),
    ]);
    // Right to left: the icon is on the right, the label ends at least a few pixels to its left.
    expect(iconBox!.x - (labelBox!.x + labelBox!.width)).toBeGreaterThanOrEqual(8);
    await context.close();
  });

  it('starts the other kind of sign-in (e-mail or mobile) empty', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="account"]').fill('ana@example.com');
    await page.getByRole('tab', { name: 'Mobile' }).click();
    await expect.poll(() => page.locator('input[name="account"]').inputValue()).toBe('');
    await context.close();
  });

  it('lands on home after signing out, and stays there', async () => {
    const { context, page, errors } = await phone(browser);
    await tryDemo(page);
    await page.goto(`${server.url}/mine/system`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('.adm-dialog').getByText('Confirm').click();
    await page.locator('.adm-toast-main', { hasText: 'Signed out' }).waitFor();
    // The signed-out system screen once sent itself to /login?from=/mine/system a moment after the move home.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.locator('.quote-list').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
