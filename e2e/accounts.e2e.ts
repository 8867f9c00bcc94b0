import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastCode,
  phone,
  type RunningServer,
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

async function fill(page: Page, name: string, value: string) {
  await page.locator(`input[name="${name}"]`).fill(value);
}

describe('accounts on a phone', () => {
  it('signs up by e-mail code, signs in, sees the user centre and signs out', async () => {
    const { context, page, errors } = await phone(browser);
    const email = `ana.${Date.now()}@example.com`;
    await page.goto(`${server.url}/register?invite_code=`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('Please fill in every field');
    await fill(page, 'account', email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in/ }).count()).toBe(1);
    await fill(page, 'code', await lastCode(server, email));
    await fill(page, 'password', 'secret-123');
    await fill(page, 're_password', 'secret-124');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('The passwords do not match');
    await fill(page, 're_password', 'secret-123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // The sign-up form stays on screen until the sign-in page's code has loaded.
    await page.locator('input[name="re_password"]').waitFor({ state: 'detached' });
    await fill(page, 'account', email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('Please enter your password');
    await signInOnScreen(page, server, email, 'secret-123');
    await page.goto(`${server.url}/user`);
    await expect.poll(() => page.locator('.account-card').textContent()).toContain(email);
    await expect.poll(() => page.locator('.account-card__amount').textContent()).toBe('$0.00');
    // The e-mail as the account's name fits the phone's width: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${server.url}/mine/system`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('.adm-dialog').getByText('Confirm').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${server.url}/user`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password by e-mail code', async () => {
    const { context, page } = await phone(browser);
    const email = `ben.${Date.now()}@example.com`;
    await page.goto(`${server.url}/register`);
    await fill(page, 'account', email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in/ }).count()).toBe(1);
    await fill(page, 'code', await lastCode(server, email));
    await fill(page, 'password', 'first-pass');
    await fill(page, 're_password', 'first-pass');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.goto(`${server.url}/forgot`);
    await fill(page, 'account', email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in/ }).count()).toBe(1);
    await fill(page, 'code', await lastCode(server, email));
    await fill(page, 'new_password', 'second-pass');
    await fill(page, 'secondary_password', 'second-pass');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signInOnScreen(page, server, email, 'second-pass');
    await context.close();
  });

  it('signs in a demo account for this device and resets it', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/login?from=/user`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/user');
    await expect.poll(() => page.locator('.account-card').textContent()).toContain('Demo account');
    await expect.poll(() => page.locator('.account-card__amount').textContent()).toBe('$100,000.00');
    await page.getByText('Reset demo account').click();
    await page.locator('.adm-dialog').getByText('Confirm').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBeTruthy();
    // Real-only features tell a demo account so.
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await expect.poll(() => page.locator('.adm-dialog').textContent()).toContain('This needs a real account');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a user whose session was revoked to /login', async () => {
    const { context, page } = await phone(browser);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
    await fetch(`${server.url}/api/user/logout`, { method: 'POST', headers: { authorization: token } });
    await page.goto(`${server.url}/order`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.isLogin)).toBe(false);
    await context.close();
  });
});
