/**
 * Not a test of this checkout: scripts/capture-previous-release-queries.mjs copies it into the previous release's
 * checkout as a test file and runs it there on PostgreSQL. It drives that release's main paths through its API (a
 * node's start and seed, a deposit approved, orders placed, pending, protected, listed, closed and cancelled, the
 * ledger and history read, a withdrawal paid and one rejected, a demo account, the back office's lists and
 * reconcile) and records every statement that release's code sent to PostgreSQL, in the order they completed,
 * with what each answered: previous-release-queries.json, which previous-release-on-the-new-schema.test.ts
 * replays on the newest schema.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { api } from '@meridian/contract';
import pg from 'pg';
import pgUtils from 'pg/lib/utils';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, operatorToken, trader } from '../admin-helpers';
import { stepUpCode } from '../codes';
import { PNG, startFundingApp, upload } from '../funding-fixtures';
import type { TestApp } from '../harness';

/** One statement as sent, on the connection `c` (numbered by first use), and its answer or error. */
export interface RecordedQuery {
  c: number;
  text: string;
  /** The parameters as the driver sent them (pg's prepareValue); a binary one as base64. */
  values?: (string | null | { base64: string })[];
  /** A named (server-side prepared) statement's name. */
  name?: string;
  /** Each result's command and row count (several for a multi-statement query), or the error's SQLSTATE. */
  answer: { results: [string, number | null][] } | { error: string };
}
/** The connection `c` was ended here. */
export interface RecordedEnd {
  c: number;
  end: true;
}
export type Recorded = RecordedQuery | RecordedEnd;

const recorded: Recorded[] = [];
const connections = new WeakMap<object, number>();
let nextConnection = 0;
const idOf = (client: object) => {
  let id = connections.get(client);
  if (id === undefined) {
    id = nextConnection++;
    connections.set(client, id);
  }
  return id;
};

/** pg's own conversion of a parameter to what it sends (src/db/pg-utils.d.ts declares only what src uses). */
const { prepareValue } = pgUtils as unknown as { prepareValue(value: unknown): string | Buffer | null };
const sent = (value: unknown): string | null | { base64: string } => {
  const prepared = prepareValue(value);
  return Buffer.isBuffer(prepared) ? { base64: prepared.toString('base64') } : prepared;
};

type Result = { command: string; rowCount: number | null };
const resultsOf = (r: Result | Result[]): [string, number | null][] =>
  (Array.isArray(r) ? r : [r]).map((one) => [one.command, one.rowCount]);

const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, second] = args;
  const text = typeof config === 'string' ? config : (config as { text: string }).text;
  // The harness making and dropping the test's own database, on the admin connection: not the release's.
  if (/^\s*(create|drop) database /i.test(text)) return query.apply(this, args);
  const c = idOf(this);
  const values = (Array.isArray(second) ? second : (config as { values?: unknown[] })?.values)?.map(sent);
  const name = typeof config === 'object' ? (config as { name?: string }).name : undefined;
  const entry = (answer: RecordedQuery['answer']) =>
    recorded.push({ c, text, ...(values ? { values } : {}), ...(name ? { name } : {}), answer });
  type Failure = { code?: string } | null;
  const settled = (err: Failure, r?: Result | Result[]) =>
    entry(err ? { error: err.code ?? 'none' } : { results: resultsOf(r!) });
  // The pool's own queries pass a callback (pg's Pool.query); the release's code awaits the promise.
  const callback = args.findIndex((a) => typeof a === 'function');
  if (callback >= 0) {
    const told = args[callback] as (err: Failure, r?: Result | Result[]) => void;
    args[callback] = (err: Failure, r?: Result | Result[]) => {
      settled(err, r);
      told(err, r);
    };
    return query.apply(this, args);
  }
  const outcome = query.apply(this, args) as Promise<Result | Result[]>;
  outcome.then(
    (r) => settled(null, r),
    (err) => settled(err),
  );
  return outcome;
} as typeof pg.Client.prototype.query;

const end = pg.Client.prototype.end as (...args: unknown[]) => unknown;
pg.Client.prototype.end = function (this: pg.Client, ...args: unknown[]) {
  if (connections.has(this)) recorded.push({ c: idOf(this), end: true });
  return end.apply(this, args);
} as typeof pg.Client.prototype.end;

let t: TestApp;
let finance: string;
beforeAll(async () => {
  t = await startFundingApp();
  finance = (await operatorToken(t, 'finance')).token;
});
afterAll(async () => {
  await t?.close();
  // One statement a line: a new capture's diff reads statement by statement.
  writeFileSync(process.env.CAPTURE_FILE!, `[\n${recorded.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
});

const get = async (token: string, url: string, query: Record<string, string | number> = {}) => {
  const body = (await t.call('GET', url, { token, query })).body;
  expect(body.code, `${url}: ${body.msg}`).toBe(1);
  return body.data;
};
const post = async (token: string, url: string, form: Record<string, string | number>) => {
  const body = (await t.call('POST', url, { token, form })).body;
  expect(body.code, `${url}: ${body.msg}`).toBe(1);
  return body.data;
};
const admin = async (method: 'GET' | 'POST', url: string, input: Record<string, unknown> = {}) => {
  const body = await adminCall(t, method, url, finance, input);
  expect(body.code, `${url}: ${body.msg}`).toBe(1);
  return body.data;
};
const tick = (symbol: string, price: string) => {
  t.clock.set(t.clock.now() + 1000);
  // A jump the spike filter holds is confirmed by the same price again.
  if (!t.quote(symbol, price)) t.quote(symbol, price);
};

it("drives the previous release's main paths", async () => {
  const who = await trader(t, 'previous');
  const email = (await get(who.token, api.userInfo.path)).email as string;

  // A deposit: a proof uploaded, the request, the operator's approval; the deposit list.
  const proof = (await upload(t, who.token, PNG)).data!.url;
  const info = await get(who.token, api.chargeInfo.path);
  const deposit = await get(who.token, api.chargeSubmit.path, {
    number: '5000',
    proofImg: proof,
    address: info.coin[0].address,
    charge_id: info.coin[0].id,
  });
  await admin('GET', '/admin/api/deposits', { status: 0 });
  await admin('POST', '/admin/api/deposits/approve', { id: deposit.id });
  await get(who.token, api.chargeList.path, { page: 1 });

  // Orders: a market buy, protected; a pending buy limit; the lists; the buy closed, the pending cancelled.
  tick('XAUUSD', '2000.00');
  const order = { type: 1, cont: '0.1', forex_id: t.market.instrumentByCode('XAUUSD')!.id, multiple: 100 };
  const buy = await get(who.token, api.submitOrder.path, {
    ...order,
    status: 1,
    stop_loss_price: 0,
    target_profit_price: 0,
  });
  await get(who.token, api.setStopPrice.path, {
    id: buy.Id,
    stop_loss_price: '1950.00',
    target_profit_price: '2100.00',
  });
  const pending = await get(who.token, api.submitOrder.path, {
    ...order,
    status: 0,
    target_price: '1900.00',
    stop_loss_price: 0,
    target_profit_price: 0,
  });
  tick('XAUUSD', '2012.00');
  for (const status of [0, 1, 3]) await get(who.token, api.myDeal.path, { status, page: 1 });
  await get(who.token, api.forexDetail.path);
  await get(who.token, api.closeOrder.path, { id: buy.Id });
  await get(who.token, api.cancelOrder.path, { id: pending.Id });
  await t.engine.idle();
  await get(who.token, api.myDeal.path, { status: 3, page: 1 });

  // The ledger and the account's history, as the trader reads them.
  await get(who.token, api.ledger.path, { page: 1 });
  await get(who.token, api.accountHistory.path, {});
  await get(who.token, api.balance.path);

  // Withdrawals: a method bound, two requests, one paid and one rejected.
  const currencies = await get(who.token, api.drawSymbolList.path, { type: 1 });
  const usdt = currencies.find((c: { code: string }) => c.code === 'USDT');
  const method = await post(who.token, api.bindDrawMethod.path, {
    type: 1,
    draw_id: usdt.id,
    dc_address: 'TXYZprevious123456',
    auth_code: await stepUpCode(t, who.token, email),
  });
  const draw = async (number: string) =>
    post(who.token, api.draw.path, {
      draw_currency_id: usdt.id,
      number,
      memo: '',
      draw_method_id: method.id,
      auth_code: await stepUpCode(t, who.token, email),
    });
  const paid = await draw('300');
  const rejected = await draw('200');
  await admin('POST', '/admin/api/withdrawals/approve', { id: paid.id });
  await admin('POST', '/admin/api/withdrawals/reject', { id: rejected.id, reason: 'Address checks failed' });
  await get(who.token, api.drawList.path, { type: 1, page: 1 });

  // A demo account trades Bitcoin.
  const demo = await get('', api.createDemo.path, { demo_id: randomUUID() });
  tick('BTCUSD', '90000.00');
  const btc = await get(demo.token, api.submitOrder.path, {
    type: 2,
    cont: '0.01',
    forex_id: t.market.instrumentByCode('BTCUSD')!.id,
    multiple: 10,
    status: 1,
    stop_loss_price: 0,
    target_profit_price: 0,
  });
  await get(demo.token, api.closeOrder.path, { id: btc.Id });

  // The back office: the trader's ledger and orders, and the reconcile report.
  await admin('GET', '/admin/api/users/ledger', { id: who.id, page: 1 });
  await admin('GET', '/admin/api/users/orders', { id: who.id, page: 1 });
  await admin('GET', '/admin/api/reconcile');
  await t.engine.idle();
});
