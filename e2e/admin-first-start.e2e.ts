import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_EMAIL,
  printedOperatorPassword,
  type RunningServer,
  releaseBrowser,
  sharedBrowser,
  startServer,
  traderApi,
} from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 200 });

async function signIn(page: Page, password: string) {
  await page.getByLabel('E-mail').fill(OPERATOR_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills the change-password form (the forced screen or the operator menu's dialog) and sends it. */
async function changePassword(page: Page, current: string, next: string, again = next) {
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Repeat the new password').fill(again);
  await page.getByRole('button', { name: 'Change password' }).click();
}

describe('back office first start', () => {
  it('the printed password signs in once, a new password is forced before anything else, and the old one then fails', async () => {
    // A server of its own, started by each try: the password printed at its first start is still unused.
    await server?.stop();
    server = await startServer({ DEMO_TRADERS: 'off' });
    const printed = printedOperatorPassword(server);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.url}/admin/`);
    await signIn(page, printed);
    const forced = page.getByRole('heading', { name: 'Choose a new password' });
    await forced.waitFor();
    expect(await page.getByText(`You are signed in as ${OPERATOR_EMAIL}`).count()).toBe(1);

    // Nothing else is reachable: no menu, a screen's own address shows the same form, the API refuses.
    expect(await page.getByRole('menuitem').count()).toBe(0);
    await page.goto(`${server.url}/admin/users`);
    await forced.waitFor();
    expect(await page.getByRole('menuitem').count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('meridian.admin.token'));
    await expect(traderApi(server, '/admin/api/users', { token: token! })).rejects.toThrow(
      'Choose your own password before you go on',
    );

    // The form's own checks, then the server's: too short and not repeated, the same, a wrong current one.
    await changePassword(page, printed, 'too-short', 'something-else');
    await eventually(() => page.locator('.ant-form-item-explain-error').allTextContents()).toEqual([
      'At least 12 characters',
      'The two new passwords differ',
    ]);
    await changePassword(page, printed, printed);
    await eventually(() => page.locator('.ant-form-item-explain-error').allTextContents()).toEqual([
      'The new password must differ from the current one',
    ]);
    await changePassword(page, 'not-the-password', 'my-own-operator-password');
    await page.getByText('The current password is wrong').waitFor();
    await page.screenshot({ path: 'test-results/admin-first-start.png' });

    await changePassword(page, printed, 'my-own-operator-password');
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    await page.getByTestId('operator-menu').hover();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    // The printed password is spent; the chosen one signs in straight to the back office.
    await signIn(page, printed);
    await page.getByText('Wrong e-mail, password or code').waitFor();
    await signIn(page, 'my-own-operator-password');
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    expect(await forced.count()).toBe(0);

    // Any operator changes their password again from their menu, with the same form.
    await page.getByTestId('operator-menu').hover();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await changePassword(page, 'my-own-operator-password', 'my-second-operator-password');
    await eventually(() => dialog.count()).toBe(0);
    await expect(
      traderApi(server, '/admin/api/login', {
        form: { email: OPERATOR_EMAIL, password: 'my-own-operator-password' },
      }),
    ).rejects.toThrow('Wrong e-mail, password or code');
    const again = await traderApi(server, '/admin/api/login', {
      form: { email: OPERATOR_EMAIL, password: 'my-second-operator-password' },
    });
    expect(again.operator).toMatchObject({ must_change_password: false, pending: null });
    expect(errors).toEqual([]);
    await context.close();
  });
});
