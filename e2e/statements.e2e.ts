import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../apps/server/test/csv';
import {
  depositApproved,
  operatorSession,
  PNG,
  phone,
  type RunningServer,
  registerTrader,
  releaseBrowser,
  sharedBrowser,
  signInOnScreen,
  startServer,
  traderApi,
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

/** Files a coin deposit through the API and has the operator refuse it with `reason`. */
async function depositRefused(token: string, amount: string, reason: string) {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const { url } = await traderApi(server, '/api/common/image_upload', { token, body: form });
  const channel = (await traderApi(server, '/api/quickCharge/info', { token })).coin[0];
  const { id } = await traderApi(server, '/api/quickCharge/submit', {
    token,
    query: { number: amount, proofImg: url, address: channel.address, charge_id: String(channel.id) },
  });
  const operator = await operatorSession(server);
  await traderApi(server, '/admin/api/deposits/reject', {
    token: operator,
    form: { id: String(id), reason },
  });
}

describe("the account's story on a phone", () => {
  it('shows deposit records with the reason of a refusal, filters the ledger, exports it and charts the balance', {
    timeout: 150_000,
  }, async () => {
    const { context, page, errors } = await phone(browser);
    const email = `story.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, 'secret-123');
    await depositApproved(server, token, '1000');
    await depositRefused(token, '250', 'The proof is unreadable');
    await signInOnScreen(page, server, email, 'secret-123');

    // Deposit records, reached from the deposit screen.
    await page.goto(`${server.url}/mine/charge`);
    await page.getByRole('link', { name: 'Deposit history' }).click();
    await page.waitForURL((u) => u.pathname === '/recharge/list');
    const records = page.locator('.deposit-records .adm-list-item');
    await expect.poll(() => records.count()).toBe(2);
    const refused = records.filter({ hasText: 'Refused' });
    await expect.poll(() => refused.textContent()).toContain('250.00');
    expect(await refused.textContent()).toContain('Refused: The proof is unreadable');
    expect(await records.filter({ hasText: 'Approved' }).textContent()).toContain('1,000.00');

    // The ledger, filtered by type through the filter sheet.
    await page.goto(`${server.url}/mine/history`);
    await expect.poll(() => page.locator('.adm-list-item').count()).toBe(1);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('.statement-sheet .adm-selector-item', { hasText: 'Trading fee' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.adm-error-block').waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('.statement-sheet .adm-selector-item', { hasText: /^Deposit$/ }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.adm-list-item').count()).toBe(1);
    expect(await page.locator('.adm-list-item').first().textContent()).toContain('Deposit');

    // The export of what the filters keep, checked against the ledger the API answers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual(['Time (UTC)', 'Type', 'Amount', 'Balance after', 'Reference', 'Note']);
    const ledger = await traderApi(server, '/v1/api/main/accountLog/forexChange', {
      token,
      query: { page: '1', type: 'deposit' },
    });
    expect(lines.map((l) => [l[0], l[1], Number(l[2]).toFixed(2)])).toEqual(
      [...ledger.data]
        .reverse()
        .map((r: { CreatedAtTran: string; Value: string }) => [r.CreatedAtTran, 'Deposit', r.Value]),
    );

    // The balance chart on the user centre.
    await page.goto(`${server.url}/user`);
    await page.locator('.balance-chart svg').waitFor();
    expect(await page.locator('.balance-chart').textContent()).toContain('1,000.00');

    expect(errors).toEqual([]);
    await context.close();
  });
});
