import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmOrder,
  phone,
  type RunningServer,
  releaseBrowser,
  sharedBrowser,
  shownPrice,
  startServer,
} from './harness';

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

describe('trading on a phone', () => {
  it('sends a visitor who taps Buy to sign in', async () => {
    const { context, page } = await phone(browser);
    await page.goto(server.url);
    // Crypto trades every day, so its buttons are enabled whenever the test runs.
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.locator('.order-form').waitFor();
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/trade');
    await context.close();
  });

  it('places a market order, edits its TP/SL and closes it, then finds it in history', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => page.locator('.order-form__preview dd').nth(1).textContent()).not.toBe('--');
    const minus = page.getByRole('button', { name: 'Fewer lots' });
    expect(await minus.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'More lots' }).click();
    expect(await minus.isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Buy' }).click();
    await confirmOrder(page);
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('Order placed');

    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    const row = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('0.02');
    await row.click();
    const popup = page.locator('.order-detail');
    await popup.waitFor();
    const height = await popup.evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.round((height / 844) * 100)).toBe(60);

    const price = Number((await popup.locator('dd').nth(2).textContent())!.replace(/[^\d.]/g, ''));
    await popup.getByRole('button', { name: 'Edit TP/SL' }).click();
    await popup.getByRole('switch', { name: 'Stop loss' }).click();
    await popup.locator('input[aria-label="Stop loss (Price)"]').fill((price * 0.5).toFixed(2));
    await popup.getByRole('switch', { name: 'Take profit' }).click();
    await popup.locator('input[aria-label="Take profit (Price)"]').fill((price * 1.5).toFixed(2));
    // Live prices keep arriving while the trader types: they must not wipe the edit.
    const shown = await popup.locator('dd').nth(2).textContent();
    await expect.poll(() => popup.locator('dd').nth(2).textContent(), { timeout: 20_000 }).not.toBe(shown);
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent())
      .toBe('Stop-loss and take-profit updated');

    await row.click();
    await expect.poll(() => popup.textContent()).toContain(shownPrice((price * 0.5).toFixed(2)));
    await popup.getByRole('button', { name: 'Close position' }).click();
    await page.locator('.adm-dialog').getByText('Confirm').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('Position closed');
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => page.locator('.order-row', { hasText: 'Bitcoin' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
