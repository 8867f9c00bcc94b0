import { Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { withdrawals } from '../src/funding/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { auditLog } from '../src/operators/schema';
import { adminCall, operatorToken } from './admin-helpers';
import { parseCsv } from './csv';
import { addDemoFunding } from './demo-data';
import { type Desk, desk } from './desk';
import { PNG, upload } from './funding-fixtures';
import { startTestApp, type TestApp } from './harness';

const DAY_MS = 86_400_000;
/** Noon UTC today: orders close on the market's clock, deposits and protection on the database's. */
const NOON = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS / 2;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PERIOD = { from: day(NOON - DAY_MS), to: day(NOON + DAY_MS) };

let t: TestApp;
let d: Desk;
let finance: string;
beforeAll(async () => {
  t = await startTestApp({}, { at: NOON });
  d = desk(t);
  finance = (await operatorToken(t, 'finance')).token;
  await addDemoFunding(t);
});
afterAll(() => t?.close());

/** An export as the admin app downloads it: the answer's headers and its CSV rows. */
async function download(token: string, path: string, query: Record<string, string | number>, lang = 'en') {
  const res = await t.http.inject({
    method: 'GET',
    url: path,
    headers: { authorization: token, lang },
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return { res, rows: String(res.headers['content-type']).startsWith('text/csv') ? parseCsv(res.body) : [] };
}

/** A deposit of `amount` the trader files and finance approves. */
async function depositApproved(token: string, amount: string) {
  const proof = (await upload(t, token, PNG)).data!.url;
  const info = (await t.call('GET', '/api/quickCharge/info', { token })).body.data;
  const submitted = (
    await t.call('GET', '/api/quickCharge/submit', {
      token,
      query: { number: amount, proofImg: proof, address: info.coin[0].address, charge_id: info.coin[0].id },
    })
  ).body;
  expect(submitted.code).toBe(1);
  const approved = await adminCall(t, 'POST', '/admin/api/deposits/approve', finance, {
    id: submitted.data.id,
  });
  expect(approved.code).toBe(1);
}

describe('an operator exports the lists as they are filtered', () => {
  it('exports the traders a search finds, the same rows as the list, formulas neutralised', async () => {
    const [evil] = await t.database.db
      .insert(users)
      .values({
        uid: 'exp-evil',
        loginType: 'email',
        email: 'exp-evil@example.com',
        name: '=HYPERLINK("http://x","y")',
        inviteCode: 'EXPEVIL',
      })
      .returning();
    await t.database.db.insert(users).values({
      uid: 'exp-plain',
      loginType: 'email',
      email: 'exp-plain@example.com',
      inviteCode: 'EXPPLAIN',
    });
    const support = (await operatorToken(t, 'support')).token;
    const list = await adminCall(t, 'GET', '/admin/api/users', support, { q: 'exp-', size: 200 });
    const { res, rows } = await download(support, '/admin/api/users/export', { q: 'exp-' });

    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(rows[0]).toEqual([
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
    expect(rows.slice(1).map((r) => [Number(r[0]), r[1], r[2], r[7]])).toEqual(
      list.data.rows.map((u: { id: number; uid: string; email: string; balance: string }) => [
        u.id,
        u.uid,
        u.email,
        u.balance,
      ]),
    );
    expect(rows.find((r) => Number(r[0]) === evil!.id)?.[4]).toBe('\'=HYPERLINK("http://x","y")');
  });

  it('writes the headers in the operator language and records who exported what with which filters', async () => {
    const support = await operatorToken(t, 'support');
    const { rows } = await download(support.token, '/admin/api/users/export', { q: 'exp-plain' }, 'hk');
    expect(rows[0]!.slice(0, 5)).toEqual(['編號', 'UID', '電郵', '手機', '姓名']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['exp-plain']);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.operatorId, support.id), eq(auditLog.action, 'export.users')))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ targetType: 'export', after: { q: 'exp-plain' } });
  });

  it('exports deposits, a ledger and the audit trail as their lists show them', async () => {
    const payer = await d.trader('100');
    await depositApproved(payer.token, '250');
    const admin = (await operatorToken(t, 'admin')).token;
    const cases: [string, Record<string, string | number>][] = [
      ['/admin/api/deposits', { status: 1 }],
      ['/admin/api/users/ledger', { id: payer.id }],
      ['/admin/api/withdrawals', {}],
    ];
    for (const [path, filters] of cases) {
      const { rows } = await download(admin, `${path}/export`, filters);
      const list = await adminCall(t, 'GET', path, admin, { ...filters, size: 200 });
      expect(
        rows.slice(1).map((r) => Number(r[0])),
        path,
      ).toEqual(list.data.rows.map((r: { id: number }) => r.id));
    }
    // The audit export records itself first: the list read after it shows the same rows.
    const { rows } = await download(admin, '/admin/api/audit/export', { action: 'export.' });
    const list = await adminCall(t, 'GET', '/admin/api/audit', admin, { action: 'export.', size: 200 });
    expect(rows.slice(1).map((r) => [Number(r[0]), r[2]])).toEqual(
      list.data.rows.map((r: { id: number; action: string }) => [r.id, r.action]),
    );
  });

  it('refuses an export to a role that cannot read the list', async () => {
    const support = (await operatorToken(t, 'support')).token;
    const financeOnly = await download(support, '/admin/api/deposits/export', {});
    expect(financeOnly.res.json().code).toBe(Code.FORBIDDEN);
    const adminOnly = await download(finance, '/admin/api/audit/export', {});
    expect(adminOnly.res.json().code).toBe(Code.FORBIDDEN);
    const content = (await operatorToken(t, 'content')).token;
    expect((await download(content, '/admin/api/users/export', {})).res.json().code).toBe(Code.FORBIDDEN);
  });
});

describe('reports: clients realised P&L, net deposits and the house by day', () => {
  it('adds up two clients over the period, leaves demo accounts out of the house, and exports both', async () => {
    const btc = d.id('BTCUSD');
    // A: deposit 1000 approved; buy 1 BTC at 50000 (fill 50025.00, fee 20), close at 51000 (sell 50974.50):
    // +949.50; withdraws 500, paid.
    const a = await d.trader('10000');
    await t.database.db.update(users).set({ uid: 'rep-a' }).where(eq(users.id, a.id));
    await depositApproved(a.token, '1000');
    d.tick('BTCUSD', '50000.00');
    const buyA = await d.submit(a.token, { type: 1, cont: '1', forex_id: btc, multiple: 10 });
    expect(buyA.data).toMatchObject({ Price: '50025.00' });
    d.tick('BTCUSD', '51000.00');
    expect((await d.close(a.token, buyA.data.Id)).code).toBe(1);
    expect((await d.withdraw(a.token, '500')).code).toBe(1);
    const [asked] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, a.id));
    await d.payWithdrawal(asked!.id);

    // B: buy 0.1 BTC at 50000 x20 (fee 2) with 1000; the price falls to 40000 (sell 39980.00): −1004.50,
    // stopped out, 6.50 of protection; then a deposit of 300 approved.
    const b = await d.trader('1000');
    await t.database.db.update(users).set({ uid: 'rep-b' }).where(eq(users.id, b.id));
    d.tick('BTCUSD', '50000.00');
    const buyB = await d.submit(b.token, { type: 1, cont: '0.1', forex_id: btc, multiple: 20 });
    expect(buyB.code).toBe(1);
    d.tick('BTCUSD', '40000.00');
    await d.settled();
    expect(await d.order(buyB.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    expect((await d.ledger(b.id)).at(-1)).toMatchObject({ type: 'negative_balance_protection' });
    await depositApproved(b.token, '300');

    // A demo account's loss is nobody's money.
    const [demo] = await t.database.db
      .insert(users)
      .values({ uid: 'rep-demo', loginType: 'demo', isDemo: true, inviteCode: 'REPDEMO' })
      .returning();
    await t.database.db.transaction((tx) =>
      post(tx, { userId: demo!.id, account: 'balance', type: 'deposit', amount: '100000' }),
    );
    const demoToken = await createSession(t.database.db, demo!.id);
    d.tick('BTCUSD', '50000.00');
    const buyDemo = await d.submit(demoToken, { type: 1, cont: '1', forex_id: btc, multiple: 10 });
    d.tick('BTCUSD', '45000.00');
    expect((await d.close(demoToken, buyDemo.data.Id)).code).toBe(1);

    const pnl = await adminCall(t, 'GET', '/admin/api/reports/client-pnl', finance, PERIOD);
    const figures = (uid: string) =>
      pnl.data.rows.find((r: { uid: string }) => r.uid === uid) as Record<string, unknown> | undefined;
    const ours = (rows: { uid: string }[]) => rows.map((r) => r.uid).filter((uid) => uid.startsWith('rep-'));
    expect(ours(pnl.data.rows)).toEqual(['rep-a', 'rep-b']);
    expect(figures('rep-a')).toMatchObject({
      closed_orders: 1,
      realised_pnl: '949.5',
      fees: '20',
      swaps: '0',
      deposits: '1000',
      withdrawals: '500',
      net_deposits: '500',
    });
    expect(figures('rep-b')).toMatchObject({
      closed_orders: 1,
      realised_pnl: '-1004.5',
      fees: '2',
      deposits: '300',
      withdrawals: '0',
      net_deposits: '300',
    });
    const ascending = await adminCall(t, 'GET', '/admin/api/reports/client-pnl', finance, {
      ...PERIOD,
      sort: 'pnl_asc',
    });
    expect(ours(ascending.data.rows)).toEqual(['rep-b', 'rep-a']);
    const one = await adminCall(t, 'GET', '/admin/api/reports/client-pnl', finance, {
      ...PERIOD,
      q: 'rep-b',
    });
    expect(one.data).toMatchObject({ total: 1, rows: [{ uid: 'rep-b' }] });

    // House: −(949.50 − 1004.50) + 22 − 6.50 = 70.50, all of it today.
    const house = await adminCall(t, 'GET', '/admin/api/reports/house', finance, PERIOD);
    expect(house.data.total).toEqual({
      clients_pnl: '-55',
      fees: '22',
      swaps: '0',
      protection: '6.5',
      house_pnl: '70.5',
    });
    expect(house.data.rows.map((r: { day: string }) => r.day)).toEqual([PERIOD.from, day(NOON), PERIOD.to]);
    for (const r of house.data.rows) {
      expect(dec(r.fees).minus(r.clients_pnl).minus(r.swaps).minus(r.protection).toFixed()).toBe(r.house_pnl);
    }
    expect(house.data.rows[1]).toMatchObject({ house_pnl: '70.5' });

    const csv = await download(finance, '/admin/api/reports/client-pnl/export', PERIOD);
    expect(csv.rows.slice(1).map((r) => [r[0], r[3], r[8]])).toEqual(
      pnl.data.rows.map((r: Record<string, string>) => [r.uid, r.realised_pnl, r.net_deposits]),
    );
    expect(csv.rows.filter((r) => r[0] === 'rep-b').map((r) => r.slice(2))).toEqual([
      ['1', '-1004.5', '2', '0', '300', '0', '300'],
    ]);
    const houseCsv = await download(finance, '/admin/api/reports/house/export', PERIOD);
    expect(houseCsv.rows.slice(1).map((r) => [r[0], r[5]])).toEqual([
      [PERIOD.from, '0'],
      [day(NOON), '70.5'],
      [PERIOD.to, '0'],
    ]);
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await adminCall(t, 'GET', '/admin/api/reports/house', finance, {
      from: PERIOD.to,
      to: PERIOD.from,
    });
    expect(res.code).toBe(Code.INVALID_INPUT);
  });
});
