import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phone, type RunningServer, registerTrader, startServer, traderApi } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // No demo traders: the risk view then shows only the positions the tests open.
  server = await startServer({ DEMO_TRADERS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The back office wants a desktop: 1280×800, UTC. */
async function desktop(b: Browser) {
  const context = await b.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function operatorSignIn(page: Page, email = 'admin@meridian.local', password = 'meridian-admin') {
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).waitFor();
}

/** The machine running the suite is shared: what the screen shows may take a few seconds to arrive. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 200 });

/** A real 1×1 PNG, as a phone's camera would offer a (much larger) one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadProof(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  return (await traderApi(server, '/api/common/image_upload', { token, body: form })).url;
}

/** The waiting row of a review queue for this trader and amount (or, without an amount, the trader's only row). */
const queueRow = (page: Page, email: string, amount?: string): Locator => {
  const rows = page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: email });
  return amount ? rows.filter({ has: page.getByRole('cell', { name: amount, exact: true }) }) : rows;
};

/** Every proof picture of a queue row is fetched with the operator's token and shown. */
async function expectPictures(row: Locator, count: number) {
  await eventually(
    async () =>
      (await row.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))).filter(
        (src) => src.startsWith('blob:'),
      ).length,
  ).toBe(count);
}

async function approve(page: Page, row: Locator) {
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await eventually(() => row.count())
    .toBe(0)
    .catch(async (e) => {
      await page.screenshot({ path: 'test-results/debug-approve.png' });
      throw e;
    });
}

async function reject(page: Page, row: Locator, reason: string) {
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await eventually(() => row.count()).toBe(0);
}

/** The current code of an authenticator holding `secret`. */
const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

async function signOut(page: Page) {
  await page.getByTestId('operator-menu').hover();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

/** Runs the built `npm run reconcile` on `dataDir`: its exit code and everything it printed. */
function reconcileCli(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.resolve(import.meta.dirname, '../apps/server/dist/reconcile.js')],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('back office on a desktop', () => {
  it('adjusts a balance the trader then sees, with ledger and audit rows', async () => {
    const email = `bo.${Date.now()}@example.com`;
    await registerTrader(server, email, 'secret-123');

    const { context, page, errors } = await desktop(browser);
    await operatorSignIn(page);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByPlaceholder('E-mail, mobile or UID').fill(email);
    await page.getByPlaceholder('E-mail, mobile or UID').press('Enter');
    await page.getByRole('cell', { name: email }).click();
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    await page.getByLabel('Amount (USD)').fill('1234.56');
    await page.getByLabel('Reason').fill('e2e goodwill');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('.ant-drawer .ant-descriptions').textContent()).toContain('1234.56');
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await eventually(() =>
      page.locator('.ant-drawer').getByRole('tabpanel', { name: 'Ledger' }).textContent(),
    ).toContain('e2e goodwill');
    await page.screenshot({ path: 'test-results/admin-user.png' });
    await page.keyboard.press('Escape');

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await eventually(() => page.locator('.ant-table-tbody').textContent()).toContain('user.adjust_balance');
    expect(await page.locator('.ant-table-tbody').textContent()).toContain('e2e goodwill');
    await page.screenshot({ path: 'test-results/admin-audit.png' });

    await page.getByRole('menuitem', { name: 'Risk' }).click();
    await page.getByText('Exposure per instrument').waitFor();
    await page.getByRole('menuitem', { name: 'Instruments' }).click();
    await page.getByRole('cell', { name: 'EUR/USD' }).waitFor();
    await page.screenshot({ path: 'test-results/admin-instruments.png' });
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.screenshot({ path: 'test-results/admin-dashboard.png' });

    // Deposit channels and withdrawal currencies: the seeded ones listed, a channel's note edited and audited.
    await page.getByRole('menuitem', { name: 'Channels & currencies' }).click();
    const channels = page.locator('.ant-card', { hasText: 'Deposit channels' });
    await channels.getByRole('cell', { name: 'USDT · TRC20' }).waitFor();
    await page.locator('.ant-card', { hasText: 'Withdrawal currencies' }).getByRole('cell').first().waitFor();
    await channels
      .getByRole('row', { name: /USDT · TRC20/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByRole('dialog').getByLabel('Note for traders').fill('Send from your own wallet only');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.screenshot({ path: 'test-results/admin-payments.png' });
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await eventually(() => page.locator('.ant-table-tbody').textContent()).toContain(
      'deposit_channel.update',
    );

    // The back office in Traditional Chinese.
    await page.getByRole('button', { name: 'English' }).hover();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await page.getByRole('menuitem', { name: '用戶' }).waitFor();
    await page.getByRole('menuitem', { name: '入金渠道與出金幣種' }).click();
    await page.getByText('出金幣種', { exact: true }).waitFor();
    await page.screenshot({ path: 'test-results/admin-hk.png' });
    await page.getByRole('button', { name: '繁體中文' }).hover();
    await page.getByRole('menuitem', { name: 'English' }).click();
    expect(errors).toEqual([]);
    await context.close();

    const trader = await phone(browser);
    await trader.page.goto(`${server.url}/login`);
    await trader.page.locator('input[name="account"]').fill(email);
    await trader.page.locator('input[name="password"]').fill('secret-123');
    await trader.page.getByRole('button', { name: 'Sign in' }).click();
    await trader.page.waitForURL((u) => u.pathname === '/');
    await trader.page.goto(`${server.url}/user`);
    await eventually(() => trader.page.locator('.account-card__amount').textContent()).toBe('1234.56');
    await trader.context.close();
  });

  it('a new operator signs in with the second factor, clears the deposit, withdrawal and verification queues, changes a leverage the trader app shows, and finds every action in the audit log', {
    timeout: 300_000,
  }, async () => {
    // The trader: registered, two deposits with their proofs (as the deposit screen sends them).
    const email = `queues.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, 'secret-123');
    const channel = (await traderApi(server, '/api/quickCharge/info', { token })).coin[0];
    for (const amount of ['1000', '5']) {
      await traderApi(server, '/api/quickCharge/submit', {
        token,
        query: {
          number: amount,
          proofImg: await uploadProof(token),
          address: channel.address,
          charge_id: String(channel.id),
        },
      });
    }

    // The admin creates the new operator.
    const { context, page, errors } = await desktop(browser);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    await operatorSignIn(page);
    await page.getByRole('menuitem', { name: 'Operators' }).click();
    await page.getByRole('button', { name: 'New operator' }).click();
    const ops = `ops.${Date.now()}@example.com`;
    const create = page.getByRole('dialog');
    await create.getByLabel('E-mail').fill(ops);
    await create.getByLabel('Password').fill('operator-pass-1');
    await create.getByLabel('Role').click();
    await page.locator('.ant-select-item-option', { hasText: 'Admin' }).click();
    await create.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: ops }).waitFor();
    await signOut(page);

    // The new operator: first sign-in, sets up the authenticator, signs in again with its code.
    await operatorSignIn(page, ops, 'operator-pass-1');
    await page.getByText('Two-factor sign-in is off for your account').waitFor();
    await page.getByRole('alert').getByRole('button', { name: 'Set up an authenticator' }).click();
    const enrol = page.getByRole('dialog');
    await enrol.getByRole('button', { name: 'Set up an authenticator' }).click();
    const secret = (await enrol.locator('code').textContent())!.trim();
    await enrol.getByPlaceholder('Authenticator code').fill(totp(secret));
    await enrol.getByRole('button', { name: 'Turn on' }).click();
    await eventually(() => page.getByText('Two-factor sign-in is off for your account').count()).toBe(0);
    await signOut(page);
    await page.getByLabel('E-mail').fill(ops);
    await page.getByLabel('Password').fill('operator-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authenticator code').fill(totp(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('menuitem', { name: 'Deposits' }).waitFor();

    // Deposits: both proofs shown; 1000 approved, 5 rejected with a reason.
    await page.getByRole('menuitem', { name: 'Deposits' }).click();
    await eventually(() => queueRow(page, email).count()).toBe(2);
    await expectPictures(queueRow(page, email), 2);
    await page.screenshot({ path: 'test-results/admin-deposits.png' });
    await approve(page, queueRow(page, email, '1000'));
    await reject(page, queueRow(page, email, '5'), 'proof does not match');

    // The trader sees the balance rise on the web app; the back office shows the ledger row.
    const trader = await phone(browser);
    await trader.page.goto(`${server.url}/login`);
    await trader.page.locator('input[name="account"]').fill(email);
    await trader.page.locator('input[name="password"]').fill('secret-123');
    await trader.page.getByRole('button', { name: 'Sign in' }).click();
    await trader.page.waitForURL((u) => u.pathname === '/');
    await trader.page.goto(`${server.url}/mine/wallet`);
    await eventually(() => trader.page.locator('.wallet-card__balance').textContent()).toBe('1000.00');

    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByPlaceholder('E-mail, mobile or UID').fill(email);
    await page.getByPlaceholder('E-mail, mobile or UID').press('Enter');
    await page.getByRole('cell', { name: email }).click();
    await page.getByRole('tab', { name: 'Ledger' }).click();
    const ledger = page.locator('.ant-drawer').getByRole('tabpanel', { name: 'Ledger' });
    await eventually(() => ledger.textContent()).toContain('Deposit');
    expect(await ledger.textContent()).toContain('1000');
    await page.keyboard.press('Escape');

    // Withdrawals: the trader asks for 100 and 200; 100 is paid, 200 rejected and returned.
    const currency = (
      await traderApi(server, '/api/account/draw_symbol_list', { token, query: { type: '1' } })
    ).find((c: { code: string }) => c.code === 'USDT');
    const method = await traderApi(server, '/api/wallet/bind_draw_method', {
      token,
      form: { type: '1', draw_id: String(currency.id), dc_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' },
    });
    for (const number of ['100', '200']) {
      await traderApi(server, '/api/account/draw', {
        token,
        form: { draw_currency_id: String(currency.id), number, memo: '', draw_method_id: String(method.id) },
      });
    }
    await page.getByRole('menuitem', { name: 'Withdrawals' }).click();
    await eventually(() => queueRow(page, email).count()).toBe(2);
    await page.screenshot({ path: 'test-results/admin-withdrawals.png' });
    await approve(page, queueRow(page, email, '100'));
    await reject(page, queueRow(page, email, '200'), 'address on a sanctions list');
    await trader.page.reload();
    await eventually(() => trader.page.locator('.wallet-card__balance').textContent()).toBe('900.00');
    await eventually(() => trader.page.locator('.wallet-card__lock').textContent()).toBe('0.00');

    // Verification: submitted by the trader, both ID pictures in the queue, approved; the user detail shows it.
    await traderApi(server, '/api/user_real/real_name', {
      token,
      form: {
        name: 'Ana Lima',
        card_id: 'X1234567',
        front_pic: await uploadProof(token),
        reverse_pic: await uploadProof(token),
      },
    });
    await page.getByRole('menuitem', { name: 'Verifications' }).click();
    await eventually(() => queueRow(page, email).count()).toBe(1);
    await expectPictures(queueRow(page, email), 2);
    await approve(page, queueRow(page, email));
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByPlaceholder('E-mail, mobile or UID').fill(email);
    await page.getByPlaceholder('E-mail, mobile or UID').press('Enter');
    await page.getByRole('cell', { name: email }).click();
    await eventually(() => page.locator('.ant-drawer .ant-descriptions').textContent()).toContain(
      'Certified',
    );
    await page.getByRole('tab', { name: 'Verification' }).click();
    const verification = page.locator('.ant-drawer').getByRole('tabpanel', { name: 'Verification' });
    await eventually(() => verification.textContent()).toContain('X1234567');
    expect(await verification.textContent()).toContain(ops);
    await expectPictures(verification, 2);
    await page.screenshot({ path: 'test-results/admin-user-verification.png' });
    await page.keyboard.press('Escape');

    // A leverage option added to Bitcoin is offered on the trader's order form at once.
    await page.getByRole('menuitem', { name: 'Instruments' }).click();
    await page
      .getByRole('row', { name: /Bitcoin/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const edit = page.getByRole('dialog');
    const leverages = edit.getByLabel('Leverage options');
    await leverages.pressSequentially('3');
    await leverages.press('Enter');
    await edit.locator('.ant-modal-title').click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.getByRole('row', { name: /Bitcoin/ }).textContent()).toContain('×3');
    await trader.page.goto(server.url);
    await trader.page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await trader.page.waitForURL((u) => u.pathname === '/trade');
    await trader.page.locator('.picker-button').click();
    await eventually(() => trader.page.locator('.adm-picker').textContent()).toContain('1:3');
    expect(trader.errors).toEqual([]);
    await trader.context.close();

    // The risk desk sees the trader's new position arrive without reloading.
    await page.getByRole('menuitem', { name: 'Risk' }).click();
    await eventually(() => page.getByTestId('risk-live').textContent()).toBe('Live');
    const exposure = page.locator('.ant-card', { hasText: 'Exposure per instrument' });
    await eventually(() => exposure.textContent()).toContain('No data');
    const bitcoin = (await traderApi(server, '/v1/api/forex/trade_list', { token })).find(
      (i: { Code: string }) => i.Code === 'BTCUSD',
    );
    await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: { type: '1', cont: '0.01', forex_id: String(bitcoin.Id), multiple: '3' },
    });
    // Pushed by the server from the bus: the page is not reloaded.
    const row = exposure.getByRole('row', { name: /Bitcoin/ });
    await eventually(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('0.01');
    await page.screenshot({ path: 'test-results/admin-risk.png' });

    // After all of it, every balance still equals its ledger.
    await page.getByRole('menuitem', { name: 'Reconcile' }).click();
    await page.getByRole('button', { name: 'Run the check' }).click();
    await page.getByText('No differences').waitFor();

    // The audit log holds every action of the new operator: who, what, the reasons.
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByPlaceholder('Operator').fill(ops);
    await page.getByRole('button', { name: 'Filter' }).click();
    const audit = page.locator('.ant-table-tbody');
    await eventually(() => audit.textContent()).toContain('instrument.edit');
    const logged = (await audit.textContent()) ?? '';
    for (const action of [
      'operator.login',
      'operator.totp_enable',
      'deposit.approve',
      'deposit.reject',
      'withdrawal.pay',
      'withdrawal.reject',
      'verification.approve',
      'instrument.edit',
      'proof does not match',
      'address on a sanctions list',
    ]) {
      expect(logged, action).toContain(action);
    }
    // Signed in twice, enrolled, signed out once, six decisions and one instrument edit.
    expect(await page.locator('.ant-table-tbody .ant-table-row').count()).toBe(10);
    await page.screenshot({ path: 'test-results/admin-audit-queues.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('npm run reconcile refuses while the server holds the embedded database, and finds nothing on an empty one', async () => {
    const busy = await reconcileCli(server.dataDir);
    expect(busy.code).toBe(2);
    expect(busy.output).toContain('Cannot reconcile now');
    expect(busy.output).toContain('in use by another process (server');

    const empty = mkdtempSync(path.join(tmpdir(), 'meridian-empty-'));
    try {
      const nothing = await reconcileCli(empty);
      expect(nothing).toMatchObject({ code: 0 });
      expect(nothing.output).toContain('nothing to reconcile');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
