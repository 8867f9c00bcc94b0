import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phone, type RunningServer, startServer } from './harness';

// What a person checking every screen of SPEC.md §2 at phone size would notice: flags, a search screen with
// something to pick from, words shown in the interface language, Arabic spacing, where sign-out lands.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tryDemo(page: Page, lang = 'en') {
  await page.goto(`${server.url}/login?lang=${lang}`);
  await page.locator('.auth .adm-button-fill-outline').click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe('every screen, as a person sees it', () => {
  it('shows a flag beside every language on /language', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/language`);
    const flags = page.locator('img.flag');
    await expect.poll(() => flags.count()).toBe(14);
    await expect
      .poll(() =>
        flags.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(14);
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
