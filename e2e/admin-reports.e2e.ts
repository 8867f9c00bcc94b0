import { Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../apps/server/test/csv';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  depositApproved,
  OPERATOR_EMAIL,
  OPERATOR_PASSWORD,
  openScriptedMarket,
  operatorSession,
  pricedAt,
  type RunningServer,
  registerTrader,
  traderApi,
} from './harness';

/** One real trader who deposits 1000 and closes a Bitcoin buy at a profit (Bitcoin trades every hour). */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  // No demo traders: the reports count real accounts only, and the Users list holds only this test's.
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }, { DEMO_TRADERS: 'off' }));
  await operatorSession(server);
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 200 });
const UTC_DAY = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The back office wants a desktop: 1280×800, UTC, downloads accepted. */
async function operatorOnDesktop(b: Browser) {
  const context = await b.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: 'UTC',
    locale: 'en-US',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('E-mail').fill(OPERATOR_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).waitFor();
  return { context, page, errors };
}

/** Clicks "Export CSV" in `where` and reads the file the browser saved: its name and its text, BOM kept. */
async function exported(page: Page, where: Locator): Promise<{ name: string; text: string }> {
  const saved = page.waitForEvent('download');
  await where.getByRole('button', { name: 'Export CSV' }).click();
  const download = await saved;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** A CSV's lines split into cells (no quoted commas in the files read here). */

/** The cells of a table row as text. */
const cellsOf = async (row: Locator) => (await row.locator('td').allTextContents()).map((c) => c.trim());

const same = (a: string, b: string) => dec(a).eq(dec(b));

/** Today's row of the house P&L report, as the back office reads it (zeros before any real trade). */
async function houseToday(): Promise<Record<'clients_pnl' | 'fees' | 'swaps' | 'protection', string>> {
  const today = UTC_DAY(Date.now());
  const { rows } = await traderApi(server, '/admin/api/reports/house', {
    token: await operatorSession(server),
    query: { from: today, to: today },
  });
  return rows[0] ?? { clients_pnl: '0', fees: '0', swaps: '0', protection: '0' };
}

/** How many exports the audit log holds. */
async function exportsAudited(): Promise<number> {
  const { total } = await traderApi(server, '/admin/api/audit', {
    token: await operatorSession(server),
    query: { action: 'export.', page: '1', size: '1' },
  });
  return total;
}

describe('back-office reports and exports', () => {
  it('an operator reads the client P&L and house P&L of a real trade, exports them and the Users list as CSV, and finds the exports in the audit log', {
    timeout: 180_000,
  }, async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    // Today's house figures and the exports' audit rows before this run (a retried run's first try may
    // have closed a trade and exported already).
    const before = await houseToday();
    const exportsBefore = await exportsAudited();
    // The trader: 1000 deposited and approved, a Bitcoin buy closed after the price rose.
    const email = `reports.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, 'secret-123');
    await depositApproved(server, token, '1000');
    const bitcoin = (await traderApi(server, '/v1/api/forex/trade_list', { token })).find(
      (i: { Code: string }) => i.Code === 'BTCUSD',
    );
    await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: { type: '1', cont: '0.01', forex_id: String(bitcoin.Id), multiple: '10' },
    });
    feed.move('BTCUSD', '97000.00');
    const held = async () =>
      (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } })).data[0];
    await eventually(async () => Number((await held()).FactProfits)).toBeGreaterThan(0);
    await traderApi(server, '/v1/api/forex/close', { token, query: { id: String((await held()).Id) } });

    // What the trader's own API says: the closed order's profit and fee, the approved deposit.
    const [closed] = (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '3' } }))
      .data;
    const realised: string = closed.FactProfits;
    const fee: string = closed.TradeFee;
    expect(Number(realised)).toBeGreaterThan(0);
    const deposits = (await traderApi(server, '/api/quickCharge/list', { token })).data.filter(
      (d: { status: number }) => d.status === 1,
    );
    const deposited = deposits.reduce(
      (s: ReturnType<typeof dec>, d: { number: string }) => s.plus(d.number),
      dec(0),
    );
    expect(deposited.toFixed(2)).toBe('1000.00');
    const uid: string = (
      await traderApi(server, '/admin/api/users', {
        token: await operatorSession(server),
        query: { q: email },
      })
    ).rows[0].uid;

    const { context, page, errors } = await operatorOnDesktop(browser);
    const today = UTC_DAY(Date.now());
    const yesterday = UTC_DAY(Date.now() - 86_400_000);

    // a. Reports, over yesterday..today: the client's row and today's house row.
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    const clients = page.locator('.ant-card', { hasText: "Clients' realised P&L and net deposits" });
    const [from, to] = [
      clients.locator('.ant-picker input').nth(0),
      clients.locator('.ant-picker input').nth(1),
    ];
    await from.click();
    await from.fill(yesterday);
    await from.press('Enter');
    await to.fill(today);
    await to.press('Enter');
    await eventually(() => from.inputValue()).toBe(yesterday);
    await eventually(() => to.inputValue()).toBe(today);
    await page.getByRole('heading', { name: 'Reports' }).click();
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    const clientRow = clients.locator('.ant-table-tbody .ant-table-row', { hasText: email });
    await eventually(() => clientRow.count()).toBe(1);
    // UID, e-mail, closed orders, realised P&L, fees, swaps, deposits, withdrawals paid, net deposits.
    const shown = await cellsOf(clientRow);
    expect(shown.slice(0, 3)).toEqual([uid, email, '1']);
    expect(same(shown[3]!, realised), `realised ${shown[3]} vs ${realised}`).toBe(true);
    expect(same(shown[4]!, fee), `fees ${shown[4]} vs ${fee}`).toBe(true);
    // Closed within the day: no rollover was held through.
    expect(same(shown[5]!, '0'), `swaps ${shown[5]}`).toBe(true);
    expect(same(shown[6]!, deposited.toFixed())).toBe(true);
    expect(same(shown[7]!, '0')).toBe(true);
    expect(same(shown[8]!, deposited.toFixed())).toBe(true);

    const house = page.locator('.ant-card', { hasText: 'House P&L by day (real accounts)' });
    const todayRow = house.locator('.ant-table-tbody .ant-table-row', { hasText: today });
    await eventually(() => todayRow.count()).toBe(1);
    const [day, clientsPnl, fees, swaps, protection, housePnl] = await cellsOf(todayRow);
    expect(day).toBe(today);
    expect(same(clientsPnl!, dec(before.clients_pnl).plus(realised).toFixed())).toBe(true);
    expect(same(fees!, dec(before.fees).plus(fee).toFixed())).toBe(true);
    expect(same(swaps!, before.swaps)).toBe(true);
    expect(same(protection!, before.protection)).toBe(true);
    expect(
      same(housePnl!, dec(fees!).minus(clientsPnl!).minus(swaps!).minus(protection!).toFixed()),
      `house ${housePnl}`,
    ).toBe(true);
    await page.screenshot({ path: 'test-results/admin-reports.png' });

    // c. The client P&L export holds the amounts the screen shows, under English headers.
    const pnl = await exported(page, clients);
    expect(pnl.name).toBe(`client-pnl-${today}.csv`);
    expect(pnl.text.startsWith('\uFEFF')).toBe(true);
    const [pnlHeader, ...pnlRows] = parseCsv(pnl.text);
    expect(pnlHeader).toEqual([
      'UID',
      'E-mail',
      'Closed orders',
      'Realised P&L',
      'Fees',
      'Swaps',
      'Deposits',
      'Withdrawals paid',
      'Net deposits',
    ]);
    // This trader's row (a retried run leaves the first try's trader, with its deposit, in the report too).
    const mine = pnlRows.filter((row) => row[1] === email);
    expect(mine).toHaveLength(1);
    const [fileUid, fileEmail, ...amounts] = mine[0]!;
    expect([fileUid, fileEmail]).toEqual([uid, email]);
    for (const [i, amount] of amounts.entries()) {
      expect(same(amount, shown[i + 2]!), `column ${i + 2}: ${amount} vs ${shown[i + 2]}`).toBe(true);
    }

    // b. Users, filtered to the trader: the export holds their row alone.
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByPlaceholder('E-mail, mobile or UID').fill(email);
    await page.getByPlaceholder('E-mail, mobile or UID').press('Enter');
    await eventually(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
    const users = await exported(page, page.locator('.ant-layout-content'));
    expect(users.name).toBe(`users-${today}.csv`);
    expect(users.text.startsWith('\uFEFF')).toBe(true);
    const [usersHeader, ...userRows] = parseCsv(users.text);
    expect(usersHeader).toEqual([
      'ID',
      'UID',
      'E-mail',
      'Mobile',
      'Name',
      'Demo',
      'Disabled',
      'Balance',
      'Locked balance',
      'Created (UTC)',
    ]);
    expect(userRows).toHaveLength(1);
    expect(userRows[0]!.slice(1, 3)).toEqual([uid, email]);
    expect(userRows[0]![5]).toBe('No');
    // The back office keeps the balance exact, as the list shows it; the trader reads it at 2 decimals.
    const listed = await cellsOf(page.locator('.ant-table-tbody .ant-table-row'));
    expect(userRows[0]![7]).toBe(listed[4]);
    const { balance } = await traderApi(server, '/v1/api/main/wallet/getBalance', { token });
    expect(dec(userRows[0]![7]!).toFixed(2)).toBe(balance);

    // d. Both exports are in the audit log, with the filters they were made with.
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByPlaceholder('Action').fill('export.');
    await page.getByRole('button', { name: 'Filter' }).click();
    const audit = page.locator('.ant-table-tbody .ant-table-row');
    await eventually(() => audit.count()).toBe(exportsBefore + 2);
    const [usersExport, pnlExport] = [audit.nth(0), audit.nth(1)];
    expect(await usersExport.textContent()).toContain('export.users');
    expect(await usersExport.textContent()).toContain(email);
    expect(await usersExport.textContent()).toContain(OPERATOR_EMAIL);
    expect(await pnlExport.textContent()).toContain('export.client-pnl');
    expect(await pnlExport.textContent()).toContain(yesterday);
    await page.screenshot({ path: 'test-results/admin-audit-exports.png' });

    // An export the server refuses (a period over a year) is an answer, not a file cut short.
    const refused = await fetch(
      `${server.url}/admin/api/reports/client-pnl/export?from=2020-01-01&to=${today}`,
      { headers: { authorization: await operatorSession(server), lang: 'en' } },
    );
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(((await refused.json()) as { code: number }).code).toBe(Code.INVALID_INPUT);

    expect(errors).toEqual([]);
    await context.close();
  });
});
