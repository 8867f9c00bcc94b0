import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  phone,
  type RunningServer,
  registerTrader,
  releaseBrowser,
  sharedBrowser,
  signInOnScreen,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;

// The embedded demo: seeded made-up deposit channels and the simulated price feed (the defaults).
beforeAll(async () => {
  server = await startServer();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Whether two elements' boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  // The quote list comes in after the first paint: wait for both to be on screen.
  await Promise.all([a.waitFor({ timeout: 15_000 }), b.waitFor({ timeout: 15_000 })]);
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not laid out');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The badge is shown whole on a 390 px phone, small, and over none of `others`. */
async function expectSmallBadge(page: Page, text: string, others: Locator[]) {
  // The screen left behind stays mounted, hidden, until the new one is ready: measure the one on screen.
  const badge = page.locator('.badge-simulated:visible');
  await expect.poll(() => badge.textContent()).toBe(text);
  const box = (await badge.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeLessThanOrEqual(24);
  for (const other of others) expect(await overlap(badge, other)).toBe(false);
}

describe('the embedded demo says what it is', () => {
  it('warns on the deposit screen that the demo channels must not be paid', async () => {
    const { context, page, errors } = await phone(browser);
    const email = `demo.labels.${Date.now()}@example.com`;
    await registerTrader(server, email, 'secret-123');
    await signInOnScreen(page, server, email, 'secret-123');

    await page.goto(`${server.url}/mine/charge`);
    const coinWarning = page.getByRole('alert').filter({ hasText: 'Demo address: do not send funds' });
    await expect.poll(() => coinWarning.isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Bank wire' }).click();
    const wireWarning = page.getByRole('alert').filter({ hasText: 'Demo bank account: do not send funds' });
    await expect.poll(() => wireWarning.isVisible()).toBe(true);

    await page.goto(`${server.url}/mine/charge?lang=ar`);
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('عنوان تجريبي: لا ترسل أي أموال');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a small "Simulated prices" badge on the market and trade screens, in Arabic too', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/`);
    await expectSmallBadge(page, 'Simulated prices', [
      page.locator('.home__header'),
      page.locator('.chips'),
      page.locator('.quote-row').first(),
    ]);

    await page.locator('.quote-row').first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expectSmallBadge(page, 'Simulated prices', [
      page.locator('.trade__picker'),
      page.locator('.trade__quote'),
    ]);

    await page.goto(`${server.url}/trade?lang=ar`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectSmallBadge(page, 'أسعار محاكاة', [
      page.locator('.trade__picker'),
      page.locator('.trade__quote'),
    ]);
    await page.goto(`${server.url}/?lang=ar`);
    await expectSmallBadge(page, 'أسعار محاكاة', [page.locator('.home__header'), page.locator('.chips')]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
