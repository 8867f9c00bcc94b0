/**
 * The account's story (issue 23): deposit records, the ledger and the order history with filters, both
 * as CSV files, and the daily equity snapshots behind the user centre's chart.
 */
import { api, Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../src/ledger/post';
import { ledgerEntries } from '../src/ledger/schema';
import { equitySnapshots } from '../src/statements/schema';
import { snapshotEquity } from '../src/statements/snapshots';
import { orders } from '../src/trading/schema';
import { adminCall, trader as namedTrader, operatorToken } from './admin-helpers';
import { parseCsv } from './csv';
import { type Desk, desk, type Trader } from './desk';
import { PNG, startFundingApp, upload } from './funding-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let d: Desk;
let finance: string;
/** A trader with a deposit, a closed EURUSD and a closed XAUUSD position, and an adjustment whose note is a formula. */
let a: Trader & { eurusd: number; xauusd: number };

const get = (token: string, path: string, query: Record<string, string | number> = {}, lang = 'en') =>
  t.call('GET', path, { token, query, lang }).then((r) => r.body);

/** A download as the browser gets it: status, headers and the body's text. */
async function download(
  token: string | undefined,
  path: string,
  query: Record<string, string> = {},
  lang = 'en',
) {
  const res = await t.http.inject({
    method: 'GET',
    url: path,
    query,
    headers: { lang, ...(token ? { authorization: token } : {}) },
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

/** The trader's cash rows as the ledger table holds them, oldest first. */
const cashRows = (userId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'balance')))
    .orderBy(asc(ledgerEntries.id));

async function openAndClose(who: Trader, symbol: string, open: string, close: string) {
  d.tick(symbol, open);
  const placed = await d.submit(who.token, { type: 1, cont: '1', forex_id: d.id(symbol), multiple: 100 });
  expect(placed.code, placed.msg).toBe(Code.OK);
  d.tick(symbol, close);
  expect((await d.close(who.token, placed.data.Id)).code).toBe(Code.OK);
  return placed.data.Id as number;
}

beforeAll(async () => {
  t = await startFundingApp();
  d = desk(t);
  finance = (await operatorToken(t, 'finance')).token;
  const who = await d.trader('10000');
  const eurusd = await openAndClose(who, 'EURUSD', '1.10000', '1.10100');
  const xauusd = await openAndClose(who, 'XAUUSD', '4000.00', '3990.00');
  await t.database.db.transaction((tx) =>
    post(tx, {
      userId: who.id,
      account: 'balance',
      type: 'operator_adjust',
      amount: '-12.5',
      refType: 'operator',
      note: '=HYPERLINK("http://evil.example","click")',
    }),
  );
  // The opening deposit was made on an earlier day: the period filters have two days to tell apart.
  const [first] = await cashRows(who.id);
  await t.database.db
    .update(ledgerEntries)
    .set({ createdAt: new Date('2026-01-05T23:59:59Z') })
    .where(eq(ledgerEntries.id, first!.id));
  await t.database.db
    .update(orders)
    .set({ closedAt: new Date('2026-01-05T10:00:00Z') })
    .where(eq(orders.id, xauusd));
  a = { ...who, eurusd, xauusd };
});
afterAll(() => t?.close());

describe('the ledger with filters', () => {
  it('answers as before without filters: every cash row, newest first, 20 a page', async () => {
    const rows = await cashRows(a.id);
    const plain = await get(a.token, api.ledger.path, { page: 1 });
    const blank = await get(a.token, api.ledger.path, { page: 1, from: '', to: '', forex_id: '', type: '' });
    expect(plain.code).toBe(Code.OK);
    expect(plain.data.total).toBe(rows.length);
    expect(plain.data.data.map((r: { Id: number }) => r.Id)).toEqual(rows.map((r) => r.id).reverse());
    expect(Object.keys(plain.data.data[0]).sort()).toEqual([
      'CreatedAtTran',
      'Id',
      'Margin',
      'MemoTran',
      'Type',
      'Value',
    ]);
    expect(blank.data).toEqual(plain.data);
  });

  it('keeps the rows of a period of UTC days, inclusive', async () => {
    const [deposit] = await cashRows(a.id);
    const day = await get(a.token, api.ledger.path, { from: '2026-01-05', to: '2026-01-05' });
    expect(day.data.data.map((r: { Id: number }) => r.Id)).toEqual([deposit!.id]);
    const after = await get(a.token, api.ledger.path, { from: '2026-01-06' });
    expect(after.data.total).toBe((await cashRows(a.id)).length - 1);
    expect(after.data.data.map((r: { Id: number }) => r.Id)).not.toContain(deposit!.id);
    const until = await get(a.token, api.ledger.path, { to: '2026-01-04' });
    expect(until.data).toEqual({ data: [], total: 0 });
  });

  it("keeps the rows of one instrument's orders, and of one type", async () => {
    const byInstrument = await get(a.token, api.ledger.path, { forex_id: d.id('EURUSD') });
    const expected = (await cashRows(a.id)).filter((r) => r.refType === 'order' && r.refId === a.eurusd);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(byInstrument.data.data.map((r: { Id: number }) => r.Id)).toEqual(
      expected.map((r) => r.id).reverse(),
    );
    const fees = await get(a.token, api.ledger.path, { type: 'trade_fee' });
    expect(fees.data.total).toBe(2);
    for (const row of fees.data.data) expect(row.MemoTran).toBe('Trading fee');
  });

  it('refuses a period that ends before it starts, a day that does not exist and an unknown type', async () => {
    const refused: Record<string, string>[] = [
      { from: '2026-02-02', to: '2026-02-01' },
      { from: '2026-02-30' },
      { to: '05/01/2026' },
      { type: 'gift' },
      { forex_id: 'EURUSD' },
    ];
    for (const query of refused) {
      const res = await get(a.token, api.ledger.path, query);
      expect(res.code, JSON.stringify(query)).toBe(Code.INVALID_INPUT);
    }
  });
});

describe('the ledger as a CSV file', () => {
  it('holds exactly the ledger rows, oldest first, with exact amounts and the balance after each', async () => {
    const res = await download(a.token, api.ledgerExport.path, { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = parseCsv(res.text);
    expect(header).toEqual(['Time (UTC)', 'Type', 'Amount', 'Balance after', 'Reference', 'Note']);
    const rows = await cashRows(a.id);
    expect(lines).toHaveLength(rows.length);
    lines.forEach((line, i) => {
      const row = rows[i]!;
      expect(dec(line[2]!).eq(dec(row.amount))).toBe(true);
      expect(dec(line[3]!).eq(dec(row.balanceAfter))).toBe(true);
      expect(line[0]).toBe(row.createdAt.toISOString().slice(0, 19).replace('T', ' '));
    });
    const settle = lines.find((l) => l[1] === 'Position closed');
    expect(settle?.[4]).toMatch(/^Order #\d+$/);
    // The closing balance is the account's.
    expect(dec(lines.at(-1)![3]!).eq((await d.account(a.id)).balance)).toBe(true);
  });

  it('neutralizes a formula in a text cell and keeps a negative amount a number', async () => {
    const lines = parseCsv((await download(a.token, api.ledgerExport.path)).text);
    const adjust = lines.find((l) => l[1] === 'Adjustment')!;
    expect(adjust[2]).toBe('-12.50');
    expect(adjust[5]).toBe('\'=HYPERLINK("http://evil.example","click")');
  });

  it("writes its headers in the trader's language", async () => {
    const [header, first] = parseCsv((await download(a.token, api.ledgerExport.path, {}, 'de')).text);
    expect(header).toEqual(['Zeit (UTC)', 'Art', 'Betrag', 'Saldo danach', 'Referenz', 'Notiz']);
    expect(first![1]).toBe('Einzahlung');
  });

  it('applies the ledger filters', async () => {
    const lines = parseCsv(
      (
        await download(a.token, api.ledgerExport.path, {
          forex_id: String(d.id('EURUSD')),
          from: '2026-01-06',
        })
      ).text,
    ).slice(1);
    const expected = (await cashRows(a.id)).filter((r) => r.refType === 'order' && r.refId === a.eurusd);
    expect(lines.map((l) => l[4])).toEqual(expected.map(() => `Order #${a.eurusd}`));
    const deposits = parseCsv((await download(a.token, api.ledgerExport.path, { type: 'deposit' })).text);
    expect(deposits).toHaveLength(2);
  });

  it('refuses any other format, and a caller without a session', async () => {
    const xlsx = await download(a.token, api.ledgerExport.path, { format: 'xlsx' });
    expect(JSON.parse(xlsx.text)).toMatchObject({ code: Code.INVALID_INPUT });
    const anonymous = await download(undefined, api.ledgerExport.path);
    expect(JSON.parse(anonymous.text)).toMatchObject({ code: Code.SESSION_INVALID });
  });

  it("never holds another trader's rows", async () => {
    const b = await d.trader('500');
    const lines = parseCsv((await download(b.token, api.ledgerExport.path)).text).slice(1);
    expect(lines).toEqual([[expect.any(String), 'Deposit', '500.00', '500.00', '', '']]);
  });

  it('is open to a demo account, like the ledger', async () => {
    const demo = await get('', api.createDemo.path, { demo_id: crypto.randomUUID() });
    const lines = parseCsv((await download(demo.data.token, api.ledgerExport.path)).text).slice(1);
    expect(lines).toEqual([[expect.any(String), 'Demo account reset', '100000.00', '100000.00', '', '']]);
  });
});

describe('the order history with filters, and as a CSV file', () => {
  it('lists closed orders by close day, instrument and close reason in the file', async () => {
    const all = parseCsv((await download(a.token, api.historyExport.path)).text);
    expect(all[0]).toEqual([
      'Order',
      'Instrument',
      'Side',
      'Lots',
      'Open time (UTC)',
      'Open price',
      'Close time (UTC)',
      'Close price',
      'Fee',
      'Swap',
      'Profit/loss',
      'Close reason',
    ]);
    expect(all.slice(1).map((l) => [l[0], l[1], l[2], l[11]])).toEqual([
      [String(a.eurusd), 'EUR/USD', 'Buy', 'Closed by you'],
      [String(a.xauusd), 'Gold', 'Buy', 'Closed by you'],
    ]);
    const [eur] = await t.database.db.select().from(orders).where(eq(orders.id, a.eurusd));
    expect(dec(all[1]![10]!).eq(dec(eur!.profit!))).toBe(true);
    expect(all[1]![9]).toBe('0.000000');
    const onDay = parseCsv(
      (await download(a.token, api.historyExport.path, { from: '2026-01-05', to: '2026-01-05' })).text,
    );
    expect(onDay.slice(1).map((l) => l[0])).toEqual([String(a.xauusd)]);
    const gold = parseCsv(
      (await download(a.token, api.historyExport.path, { forex_id: String(d.id('XAUUSD')) })).text,
    );
    expect(gold.slice(1).map((l) => l[0])).toEqual([String(a.xauusd)]);
    const stops = parseCsv((await download(a.token, api.historyExport.path, { type: 'stop_loss' })).text);
    expect(stops).toHaveLength(1);
  });

  it('answers the history tab as before without filters, and filtered with them', async () => {
    const plain = await get(a.token, api.myDeal.path, { status: 3, page: 1 });
    expect(plain.data.data.map((o: { Id: number }) => o.Id)).toEqual([a.xauusd, a.eurusd]);
    const blank = await get(a.token, api.myDeal.path, {
      status: 3,
      page: 1,
      from: '',
      to: '',
      forex_id: '',
      type: '',
    });
    expect(blank.data).toEqual(plain.data);
    const gold = await get(a.token, api.myDeal.path, { status: 3, forex_id: d.id('XAUUSD') });
    expect(gold.data.data.map((o: { Id: number }) => o.Id)).toEqual([a.xauusd]);
    expect(gold.data.total).toBe(1);
    const later = await get(a.token, api.myDeal.path, { status: 3, from: '2026-01-06' });
    expect(later.data.data.map((o: { Id: number }) => o.Id)).toEqual([a.eurusd]);
    const stops = await get(a.token, api.myDeal.path, { status: 3, type: 'stop_loss' });
    expect(stops.data).toMatchObject({ data: [], total: 0 });
  });
});

describe('deposit records', () => {
  it('shows each deposit request with its channel, status and, once refused, the reason', async () => {
    const who = await namedTrader(t, 'records-a');
    const proof = (await upload(t, who.token, PNG)).data!.url;
    const info = (await get(who.token, api.chargeInfo.path)).data;
    const coin = info.coin[0];
    const file = (number: string) =>
      get(who.token, api.chargeSubmit.path, {
        number,
        proofImg: proof,
        address: 'TFROM123',
        charge_id: coin.id,
      });
    const approved = (await file('150')).data.id;
    const refused = (await file('75.5')).data.id;
    const waiting = (await file('20')).data.id;
    expect((await adminCall(t, 'POST', '/admin/api/deposits/approve', finance, { id: approved })).code).toBe(
      1,
    );
    const reject = await adminCall(t, 'POST', '/admin/api/deposits/reject', finance, {
      id: refused,
      reason: 'The proof does not show the transfer',
    });
    expect(reject.code).toBe(1);
    const list = await get(who.token, api.chargeList.path, { page: 1 });
    const channel = [coin.currency_code, coin.protocol_code].filter(Boolean).join(' ');
    expect(list.data.total).toBe(3);
    expect(list.data.data.map(({ created_at: _, ...r }: { created_at: string }) => r)).toEqual([
      { id: waiting, number: '20.00', kind: 'coin', channel, status: 0, status_name: 'Waiting', reason: '' },
      {
        id: refused,
        number: '75.50',
        kind: 'coin',
        channel,
        status: 2,
        status_name: 'Refused',
        reason: 'The proof does not show the transfer',
      },
      {
        id: approved,
        number: '150.00',
        kind: 'coin',
        channel,
        status: 1,
        status_name: 'Approved',
        reason: '',
      },
    ]);
    expect((await get(a.token, api.chargeList.path)).data).toEqual({ data: [], total: 0 });
  });
});

describe('equity snapshots', () => {
  it('writes one row per account and UTC day, however often the job runs, with the equity of open positions', async () => {
    const who = await d.trader('5000');
    d.tick('EURUSD', '1.10000');
    const placed = await d.submit(who.token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    d.tick('EURUSD', '1.10200');
    await snapshotEquity(t.database.db, t.trading);
    await snapshotEquity(t.database.db, t.trading);
    const rows = await t.database.db.select().from(equitySnapshots).where(eq(equitySnapshots.userId, who.id));
    expect(rows).toHaveLength(1);
    const detail = await get(who.token, api.myDeal.path, { status: 1 });
    const order = detail.data.data.find((o: { Id: number }) => o.Id === placed.data.Id);
    const { balance } = await d.account(who.id);
    const equity = balance.plus(order.CautionMoney).plus(order.FactProfits);
    expect(dec(rows[0]!.equity).toFixed(2)).toBe(equity.toFixed(2));
    expect(dec(rows[0]!.balance).eq(balance)).toBe(true);
    // The next day gets a row of its own.
    t.clock.set(t.clock.now() + 86_400_000);
    await snapshotEquity(t.database.db, t.trading);
    const later = await t.database.db
      .select()
      .from(equitySnapshots)
      .where(eq(equitySnapshots.userId, who.id));
    expect(later.map((r) => r.day)).toHaveLength(2);

    const history = (await get(who.token, api.accountHistory.path)).data;
    const snapshotDays = later.map((r) => r.day);
    for (const point of history) {
      expect(point.equity === '').toBe(!snapshotDays.includes(point.day));
      expect(point.balance).toMatch(/^\d+\.\d{2}$/);
    }
    expect(
      history.filter((p: { equity: string }) => p.equity !== '').map((p: { day: string }) => p.day),
    ).toEqual(snapshotDays.sort());
  });

  it("draws the balance from the ledger's last row of each day, with no equity on a day without a snapshot", async () => {
    const history = (await get(a.token, api.accountHistory.path)).data;
    const rows = await cashRows(a.id);
    const today = history.at(-1);
    expect(dec(today.balance).eq(dec(rows.at(-1)!.balanceAfter).toDecimalPlaces(2))).toBe(true);
    expect(history.map((p: { day: string }) => p.day)).not.toContain('2026-01-05');
  });
});
