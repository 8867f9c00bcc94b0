import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositApproved,
  lastCode,
  PNG,
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

beforeAll(async () => {
  server = await startServer();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const toast = (page: Page) => page.locator('.adm-toast-main').textContent();

/** Sends the step-up code from the screen and reads it once the server has logged it, not an older code to `email`. */
async function sendStepUpCode(page: Page, email: string): Promise<string> {
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => toast(page)).toBe('Verification code sent');
  return lastCode(server, email);
}

describe('funding on a phone', () => {
  it('binds an address, requests a withdrawal and sees it pending; submits verification and sees Audit', {
    timeout: 150_000,
  }, async () => {
    const { context, page, errors } = await phone(browser);
    const email = `fund.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, 'secret-123');
    await depositApproved(server, token, '1000');
    await signInOnScreen(page, server, email, 'secret-123');

    await page.goto(`${server.url}/mine/wallet`);
    await expect.poll(() => page.locator('.wallet-card__balance').textContent()).toBe('$1,000.00');

    // Without a bound address the withdraw screen offers the bind page.
    await page.goto(`${server.url}/mine/withdraw`);
    await page.locator('input[name="number"]').fill('100');
    await expect.poll(() => page.locator('.withdraw-quote__received').textContent()).toBe('USDT\u00a099.00');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => page.locator('.adm-dialog').textContent())
      .toContain('Please add a withdrawal method first');
    await page.locator('.adm-dialog').getByRole('button', { name: 'Set up', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/mine/withdraw-way' && u.search === '?type=1');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page)).toBe('Please fill in every field');
    await page.locator('input[name="dc_address"]').fill('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
    // Money can only move with a fresh code sent to the account's own e-mail (or its authenticator's code).
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page)).toBe('Please enter the verification code');
    await page.locator('input[name="auth_code"]').fill(await sendStepUpCode(page, email));
    // Taken once the server has sent it: taken before the tap, a slow send left the next one refused as too soon.
    const bindCodeSentAt = Date.now();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/mine/coin-address-list');
    await expect
      .poll(() => page.locator('.method-list').textContent())
      .toContain('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');

    await page.goto(`${server.url}/mine/withdraw`);
    await expect.poll(() => page.locator('.adm-selector-item-active').count()).toBe(2);
    await page.locator('input[name="number"]').fill('100');
    // The bind's code was used up; the server sends one code a minute per address and purpose.
    await page.waitForTimeout(Math.max(0, bindCodeSentAt + 62_000 - Date.now()));
    await page.locator('input[name="auth_code"]').fill(await sendStepUpCode(page, email));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => toast(page)).toBe('Withdrawal request submitted');
    await expect.poll(() => page.locator('.withdraw-records').textContent()).toContain('Pending');
    await expect.poll(() => page.locator('.withdraw-records').textContent()).toContain('USDT\u00a0100.00');

    await page.goto(`${server.url}/mine/wallet`);
    await expect.poll(() => page.locator('.wallet-card__balance').textContent()).toBe('$900.00');
    await expect.poll(() => page.locator('.wallet-card__lock').textContent()).toBe('$100.00');

    await page.goto(`${server.url}/mine/auth`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => toast(page)).toBe('Please enter your full name');
    await page.locator('input[name="name"]').fill('Ana Lima');
    await page.locator('input[name="card_id"]').fill('X1234567');
    const files = page.locator('input[type="file"]');
    await files.nth(0).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('.adm-image-uploader-cell-image').count()).toBe(1);
    // A slow upload (a phone's network): Submit waits for it instead of calling the picture missing.
    await page.route('**/api/common/image_upload', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await files.nth(1).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('.funding-panel .adm-button-loading').count()).toBe(1);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('.adm-result-title').textContent()).toBe('Under review');

    expect(errors).toEqual([]);
    await context.close();
  });
});
