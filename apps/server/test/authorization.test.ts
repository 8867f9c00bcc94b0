import { type Access, type ApiCall, type ApiName, api, Code } from '@meridian/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { priceAlerts } from '../src/alerts/schema';
import { Channel } from '../src/bus/channels';
import { sessions, users } from '../src/db/schema';
import { deposits, drawMethods, uploads, withdrawals } from '../src/funding/schema';
import { createSession } from '../src/http/sessions';
import { type MessageKey, translate } from '../src/i18n';
import { verifications } from '../src/kyc/schema';
import { post } from '../src/ledger/post';
import { ledgerEntries } from '../src/ledger/schema';
import { notifications } from '../src/notifications/schema';
import { adminCalls, ROLES, type Role } from '../src/operators/session';
import { pushSubscriptions } from '../src/push/schema';
import { orders } from '../src/trading/schema';
import { watchlist } from '../src/watchlist/schema';
import { adminCall, operatorToken, trader } from './admin-helpers';
import { stepUpCode } from './codes';
import { PNG, startFundingApp, upload } from './funding-fixtures';
import type { TestApp } from './harness';

/**
 * Who may touch what (issue 10, SPEC.md §6): one matrix over every call that reaches a resource.
 * A owns orders, a withdrawal method, a withdrawal, a deposit, uploads, a verification and ledger rows;
 * trader B and demo D try each of A's ids; bad credentials try every signed-in call; a demo tries every
 * real-only call; traders try every operator call. A refusal is an envelope (code ≠ 1, a msg) and
 * changes nothing, checked on the rows themselves before and after.
 */

type Input = Record<string, string | number>;
interface Reply {
  status: number;
  body: any;
}
interface Actor {
  id: number;
  token: string;
  demo: boolean;
  /** One of the actor's own uploads (a demo cannot upload). */
  upload?: string;
}
interface Fixture {
  a: Actor & { uid: string };
  b: Actor;
  d: Actor;
  orders: { holding: number; pending: number; closed: number };
  method: { id: number; currencyId: number };
  withdrawal: number;
  deposit: number;
  pics: { front: string; reverse: string; proof: string };
  coin: { id: number; address: string };
  wireId: number;
  tokens: {
    loggedOut: string;
    revokedBySupport: string;
    disabled: string;
    operator: string;
    operatorLoggedOut: string;
    operatorDisabled: string;
  };
}

/** Strings only A's rows hold: none may appear in anything another caller is answered. */
const A_MARKS = {
  email: 'owner-a@example.com',
  address: 'TOWNERADDRESS000000A',
  memo: 'owner-a-memo',
  name: 'Olivia Owner',
  cardId: 'OWNER12345',
};

let t: TestApp;
let f: Fixture;
const tally = { resource: 0, credentials: 0, demo: 0, operator: 0, uploads: 0, websocket: 0 };

const msg = (key: MessageKey) => translate('en', key);

/** A contract call with a token, as the web client sends it: query for GET, form for POST. */
/** Calls that move money carry the caller's step-up code, as the app sends them (accounts/step-up.ts). */
const STEP_UP: readonly ApiCall[] = [api.bindDrawMethod, api.draw];

async function send(call: ApiCall, token: string | undefined, input: Input = {}): Promise<Reply> {
  if (token && STEP_UP.includes(call) && input.auth_code === undefined) {
    const me = (await t.call('GET', api.userInfo.path, { token })).body;
    if (me.code === Code.OK && me.data.email && !me.data.is_demo) {
      input = { ...input, auth_code: await stepUpCode(t, token, me.data.email) };
    }
  }
  return call.method === 'POST'
    ? t.call('POST', call.path, { token, form: input })
    : t.call('GET', call.path, { token, query: input });
}

/** A file download as a reply: a CSV answer becomes {code 1, data: its rows after the header}, a refusal stays the envelope. */
const downloadCsv = async (call: ApiCall, token: string, input: Input): Promise<Reply> => {
  const res = await t.http.inject({
    method: 'GET',
    url: call.path,
    query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
    headers: { authorization: token, lang: 'en' },
  });
  if (!String(res.headers['content-type']).startsWith('text/csv'))
    return { status: res.statusCode, body: res.json() };
  const lines = res.body
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(','));
  return { status: res.statusCode, body: { code: Code.OK, msg: 'file', data: lines, text: res.body } };
};

const viewUpload = async (url: string, token: string | undefined): Promise<Reply> => {
  const res = await t.http.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: token } : {},
  });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {}
  return { status: res.statusCode, body };
};

/** Everything a user owns, read from the tables: equal before and after means nothing changed. */
async function stateOf(userId: number) {
  const db = t.database.db;
  const [user] = await db
    .select({
      balance: users.balance,
      lock: users.lockBalance,
      isReal: users.isReal,
      name: users.name,
      disabled: users.disabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    user,
    orders: await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id)),
    methods: await db
      .select()
      .from(drawMethods)
      .where(eq(drawMethods.userId, userId))
      .orderBy(asc(drawMethods.id)),
    withdrawals: await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(asc(withdrawals.id)),
    deposits: await db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(asc(deposits.id)),
    verifications: await db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, userId))
      .orderBy(asc(verifications.id)),
    uploads: await db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.id)),
    ledger: await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    watchlist: await db
      .select()
      .from(watchlist)
      .where(eq(watchlist.userId, userId))
      .orderBy(asc(watchlist.position)),
    alerts: await db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, userId))
      .orderBy(asc(priceAlerts.id)),
    notifications: await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id)),
    pushes: await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
  };
}

/** A's price alert, notification and push subscription, made the first time a case needs them. */
let aNotices: Promise<{ alert: number; notice: number; endpoint: string }> | undefined;
const ofA = () => {
  aNotices ??= (async () => {
    const db = t.database.db;
    const userId = f.a.id;
    const [alert] = await db
      .insert(priceAlerts)
      .values({ userId, instrumentId: 1, showCode: 'X', direction: 'above', level: '9', note: A_MARKS.memo })
      .returning();
    const [notice] = await db
      .insert(notifications)
      .values({ userId, kind: 'deposit_refused', params: { amount: '1.00', reason: A_MARKS.memo }, ref: 'a' })
      .returning();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/owner-a';
    await db
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) });
    return { alert: alert!.id, notice: notice!.id, endpoint };
  })();
  return aNotices;
};

const tick = (code: string, price: string) => {
  t.clock.set(t.clock.now() + 1000);
  expect(t.quote(code, price)).toBe(true);
};

async function fund(userId: number, amount: string) {
  await t.database.db.transaction((tx) => post(tx, { userId, account: 'balance', type: 'deposit', amount }));
}

async function ok(reply: Reply | Promise<Reply>) {
  const { body } = await reply;
  expect(body.code, body.msg).toBe(Code.OK);
  return body.data;
}

beforeAll(async () => {
  t = await startFundingApp();
  const db = t.database.db;
  const support = (await operatorToken(t, 'support')).token;
  const admin = await operatorToken(t, 'admin');

  // A: a real, funded trader with one of everything.
  const [rowA] = await db
    .insert(users)
    .values({ uid: 'owner-a', loginType: 'email', email: A_MARKS.email, inviteCode: 'OWNERA' })
    .returning();
  const a = { id: rowA!.id, uid: rowA!.uid, token: await createSession(db, rowA!.id), demo: false };
  await fund(a.id, '10000');
  const pic = async (token: string) => (await upload(t, token, PNG)).data!.url;
  const pics = { front: await pic(a.token), reverse: await pic(a.token), proof: await pic(a.token) };

  const eurusd = t.market.instrumentByCode('EURUSD')!.id;
  tick('EURUSD', '1.10000');
  const order = (query: Input) =>
    ok(
      send(api.submitOrder, a.token, {
        type: 1,
        cont: '0.1',
        forex_id: eurusd,
        multiple: 100,
        stop_loss_price: 0,
        target_profit_price: 0,
        ...query,
      }),
    );
  const holding = (await order({ status: 1 })).Id;
  const pending = (await order({ status: 0, target_price: '1.05000' })).Id;
  const closed = (await order({ status: 1 })).Id;
  await ok(send(api.closeOrder, a.token, { id: closed }));
  const gold = t.market.instrumentByCode('XAUUSD')!.id;
  for (const id of [gold, eurusd]) await ok(send(api.watchlistAdd, a.token, { forex_id: id }));

  const usdt = (await ok(send(api.drawSymbolList, a.token, { type: 1 }))).find(
    (c: { code: string }) => c.code === 'USDT',
  );
  const method = await ok(
    send(api.bindDrawMethod, a.token, { type: 1, draw_id: usdt.id, dc_address: A_MARKS.address }),
  );
  const withdrawal = await ok(
    send(api.draw, a.token, {
      draw_currency_id: usdt.id,
      number: '20',
      memo: A_MARKS.memo,
      draw_method_id: method.id,
    }),
  );
  const info = await ok(send(api.chargeInfo, a.token));
  const deposit = await ok(
    send(api.chargeSubmit, a.token, {
      number: '50',
      proofImg: pics.proof,
      address: info.coin[0].address,
      charge_id: info.coin[0].id,
    }),
  );
  await ok(
    send(api.realName, a.token, {
      name: A_MARKS.name,
      card_id: A_MARKS.cardId,
      front_pic: pics.front,
      reverse_pic: pics.reverse,
    }),
  );

  // B: a real, funded trader with an upload of their own; D: a demo account made as the app makes one.
  const rowB = await trader(t, 'intruder-b');
  await fund(rowB.id, '1000');
  const b: Actor = { ...rowB, demo: false, upload: await pic(rowB.token) };
  const demo = await ok(send(api.createDemo, undefined, { demo_id: crypto.randomUUID() }));
  const d: Actor = { id: demo.user.id, token: demo.token, demo: true };

  // Credentials that must no longer (or never) open a trader's call; each worked before it was revoked.
  const loggedOut = await createSession(db, a.id);
  await ok(send(api.userInfo, loggedOut));
  await ok(send(api.logout, loggedOut));
  const victim = await trader(t, 'revoked-c');
  await ok(send(api.userInfo, victim.token));
  expect(
    (await adminCall(t, 'POST', '/admin/api/users/revoke-sessions', support, { id: victim.id })).code,
  ).toBe(Code.OK);
  const banned = await trader(t, 'disabled-e');
  await ok(send(api.userInfo, banned.token));
  expect(
    (
      await adminCall(t, 'POST', '/admin/api/users/disable', support, {
        id: banned.id,
        disabled: true,
        reason: 'authorization matrix',
      })
    ).code,
  ).toBe(Code.OK);
  const operatorLoggedOut = (await operatorToken(t, 'admin')).token;
  expect((await adminCall(t, 'GET', '/admin/api/me', operatorLoggedOut)).code).toBe(Code.OK);
  expect((await adminCall(t, 'POST', '/admin/api/logout', operatorLoggedOut)).code).toBe(Code.OK);
  const gone = await operatorToken(t, 'finance');
  expect((await adminCall(t, 'GET', '/admin/api/me', gone.token)).code).toBe(Code.OK);
  expect(
    (await adminCall(t, 'POST', '/admin/api/operators/disable', admin.token, { id: gone.id, disabled: true }))
      .code,
  ).toBe(Code.OK);
  expect((await adminCall(t, 'GET', '/admin/api/me', admin.token)).code).toBe(Code.OK);

  f = {
    a,
    b,
    d,
    orders: { holding, pending, closed },
    method: { id: method.id, currencyId: usdt.id },
    withdrawal: withdrawal.id,
    deposit: deposit.id,
    pics,
    coin: { id: info.coin[0].id, address: info.coin[0].address },
    wireId: info.wire[0].id,
    tokens: {
      loggedOut,
      revokedBySupport: victim.token,
      disabled: banned.token,
      operator: admin.token,
      operatorLoggedOut,
      operatorDisabled: gone.token,
    },
  };
  await ofA();
}, 120_000);

afterAll(async () => {
  const total = Object.values(tally).reduce((sum, n) => sum + n, 0);
  console.log(`authorization matrix: ${total} checks ${JSON.stringify(tally)}`);
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------
// 1. Another user's resource ids.

interface ResourceCase {
  name: string;
  /** Demo accounts are refused real-only calls before anything else is looked at. */
  access: Access;
  request: (me: Actor) => Promise<Reply>;
  /** Refused with this msg… */
  refused?: MessageKey;
  /** …or answered, with only the caller's own data (A's ids never appear). */
  own?: (data: any, me: Actor) => void | Promise<void>;
}

/** Parameters naming A that a careless handler might read instead of the session's user. */
const naming = () => ({ user_id: f.a.id, userId: f.a.id, uid: f.a.uid });

const via =
  (call: ApiCall, input: (me: Actor) => Input) =>
  (me: Actor): Promise<Reply> =>
    send(call, me.token, input(me));

const idsOf = (rows: { Id?: number; id?: number }[]) => rows.map((r) => r.Id ?? r.id);

async function ownOrderIds(userId: number) {
  return (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map(
    (r) => r.id,
  );
}

const RESOURCE_CASES: ResourceCase[] = [
  // Orders.
  ...(['holding', 'pending', 'closed'] as const).map(
    (which): ResourceCase => ({
      name: `close A's ${which} order`,
      access: api.closeOrder.access,
      request: via(api.closeOrder, () => ({ id: f.orders[which] })),
      refused: 'order_not_found',
    }),
  ),
  {
    name: "close part of A's holding position",
    access: api.closeOrder.access,
    request: via(api.closeOrder, () => ({ id: f.orders.holding, lots: '0.01' })),
    refused: 'order_not_found',
  },
  {
    name: "set a trailing stop on A's holding position",
    access: api.setStopPrice.access,
    request: via(api.setStopPrice, () => ({ id: f.orders.holding, trailing_distance: '0.00100' })),
    refused: 'order_not_found',
  },
  ...(['pending', 'holding'] as const).map(
    (which): ResourceCase => ({
      name: `cancel A's ${which} order`,
      access: api.cancelOrder.access,
      request: via(api.cancelOrder, () => ({ id: f.orders[which] })),
      refused: 'order_not_found',
    }),
  ),
  ...(['holding', 'pending', 'closed'] as const).map(
    (which): ResourceCase => ({
      name: `set TP/SL on A's ${which} order`,
      access: api.setStopPrice.access,
      request: via(api.setStopPrice, () => ({
        id: f.orders[which],
        stop_loss_price: '1.00000',
        target_profit_price: '1.20000',
      })),
      refused: 'order_not_found',
    }),
  ),
  ...(['1', '0', '3'] as const).map(
    (tab): ResourceCase => ({
      name: `list orders (tab ${tab}) naming A`,
      access: api.myDeal.access,
      request: via(api.myDeal, () => ({ status: tab, page: 1, ...naming() })),
      own: async (data, me) => {
        const mine = await ownOrderIds(me.id);
        for (const id of idsOf(data.data)) expect(mine).toContain(id);
        expect(idsOf(data.data)).not.toContain(f.orders.holding);
        expect(data.balance).toBe(Number((await stateOf(me.id)).user!.balance).toFixed(2));
      },
    }),
  ),
  // Price alerts, notifications and push subscriptions.
  {
    name: "delete A's price alert",
    access: api.alertDelete.access,
    request: async (me) => send(api.alertDelete, me.token, { id: (await ofA()).alert }),
    refused: 'not_found',
  },
  {
    name: 'list price alerts naming A',
    access: api.alertList.access,
    request: async (me) => {
      await ofA();
      return send(api.alertList, me.token, naming());
    },
    own: async (data) => expect(idsOf(data)).not.toContain((await ofA()).alert),
  },
  {
    name: 'list notifications naming A',
    access: api.notificationList.access,
    request: async (me) => {
      await ofA();
      return send(api.notificationList, me.token, { page: 1, ...naming() });
    },
    own: async (data) => expect(idsOf(data.data)).not.toContain((await ofA()).notice),
  },
  {
    name: "mark A's notification read",
    access: api.notificationRead.access,
    request: async (me) => send(api.notificationRead, me.token, { id: (await ofA()).notice, ...naming() }),
    own: (data) => expect(data.unread).toBe(0),
  },
  {
    name: "unsubscribe A's push endpoint",
    access: api.pushUnsubscribe.access,
    request: async (me) => send(api.pushUnsubscribe, me.token, { endpoint: (await ofA()).endpoint }),
    own: (data) => expect(data).toBeNull(),
  },
  {
    name: "subscribe A's push endpoint with other keys",
    access: api.pushSubscribe.access,
    request: async (me) =>
      send(api.pushSubscribe, me.token, {
        endpoint: (await ofA()).endpoint,
        p256dh: 'B'.repeat(87),
        auth: 'B'.repeat(22),
      }),
    own: (data) => expect(data).toBeNull(),
  },
  // Withdrawal methods.
  {
    name: "delete A's withdrawal method",
    access: api.delDrawMethod.access,
    request: via(api.delDrawMethod, () => ({ id: f.method.id })),
    refused: 'method_not_found',
  },
  {
    name: "list methods of A's currency naming A",
    access: api.getDrawMethod.access,
    request: via(api.getDrawMethod, () => ({ draw_type: 1, draw_id: f.method.currencyId, ...naming() })),
    own: (data) => expect(idsOf(data)).not.toContain(f.method.id),
  },
  {
    name: "bind a method passing A's method id",
    access: api.bindDrawMethod.access,
    request: via(api.bindDrawMethod, () => ({
      id: f.method.id,
      type: 1,
      draw_id: f.method.currencyId,
      dc_address: 'TINTRUDERADDRESS0001',
      ...naming(),
    })),
    // B gets a method of B's own; A's (checked by the state comparison) is untouched.
    own: (data) => expect(data.id).not.toBe(f.method.id),
  },
  // Withdrawals.
  {
    name: "withdraw to A's method",
    access: api.draw.access,
    request: via(api.draw, () => ({
      draw_currency_id: f.method.currencyId,
      number: '20',
      draw_method_id: f.method.id,
    })),
    refused: 'not_bind',
  },
  {
    name: 'list withdrawals naming A',
    access: api.drawList.access,
    request: via(api.drawList, () => ({ type: 1, page: 1, ...naming() })),
    own: (data) => expect(idsOf(data.data)).not.toContain(f.withdrawal),
  },
  // Deposits: the proof must be the caller's own upload, however it is written.
  ...[
    { how: 'its path', proof: () => f.pics.proof },
    { how: 'an absolute url', proof: () => `https://cdn.example${f.pics.proof}` },
    { how: 'a url with a query', proof: () => `${f.pics.proof}?owner=${f.b.id}` },
  ].map(
    ({ how, proof }): ResourceCase => ({
      name: `coin deposit citing A's proof by ${how}`,
      access: api.chargeSubmit.access,
      request: via(api.chargeSubmit, () => ({
        number: '10',
        proofImg: proof(),
        address: f.coin.address,
        charge_id: f.coin.id,
      })),
      refused: 'proof_invalid',
    }),
  ),
  {
    name: "wire deposit citing A's proof",
    access: api.wireSubmit.access,
    request: via(api.wireSubmit, () => ({ number: '10', proofImg: f.pics.proof, wire_id: f.wireId })),
    refused: 'proof_invalid',
  },
  {
    name: "wire deposit citing A's ID picture",
    access: api.wireSubmit.access,
    request: via(api.wireSubmit, () => ({ number: '10', proofImg: f.pics.front, wire_id: f.wireId })),
    refused: 'proof_invalid',
  },
  // Uploads: A's files are not readable by anyone else.
  ...(['front', 'reverse', 'proof'] as const).map(
    (which): ResourceCase => ({
      name: `read A's upload (${which})`,
      access: 'user',
      request: (me) => viewUpload(f.pics[which], me.token),
      refused: 'not_found',
    }),
  ),
  // Verification.
  {
    name: "submit verification with A's pictures",
    access: api.realName.access,
    request: via(api.realName, () => ({
      name: 'Intruder',
      card_id: 'INTRUDER1',
      front_pic: f.pics.front,
      reverse_pic: f.pics.reverse,
    })),
    refused: 'pictures_invalid',
  },
  {
    name: "submit verification with an own front and A's back",
    access: api.realName.access,
    request: via(api.realName, (me) => ({
      name: 'Intruder',
      card_id: 'INTRUDER1',
      front_pic: me.upload ?? f.pics.front,
      reverse_pic: f.pics.reverse,
    })),
    refused: 'pictures_invalid',
  },
  {
    name: 'read the verification center naming A',
    access: api.realNameCenter.access,
    request: via(api.realNameCenter, naming),
    own: (data) => expect(data).toEqual({ review_status: 0, name: '', card_id: '', reason: '' }),
  },
  // Ledger and account.
  {
    name: 'read the ledger naming A',
    access: api.ledger.access,
    request: via(api.ledger, () => ({ page: 1, ...naming() })),
    own: async (data, me) => {
      const mine = (await stateOf(me.id)).ledger.map((r) => r.id);
      for (const id of idsOf(data.data)) expect(mine).toContain(id);
    },
  },
  ...([api.ledgerExport, api.historyExport] as const).map(
    (call): ResourceCase => ({
      name: `export ${call.path.split('/').at(-1)} naming A`,
      access: call.access,
      request: (me) => downloadCsv(call, me.token, naming()),
      own: async (lines: string[][], me) => {
        const state = await stateOf(me.id);
        const own =
          call === api.ledgerExport
            ? state.ledger.filter((r) => r.account === 'balance')
            : state.orders.filter((o) => o.status === 3 || o.status === 4);
        expect(lines).toHaveLength(own.length);
      },
    }),
  ),
  {
    name: 'read the balance and equity history naming A',
    access: api.accountHistory.access,
    request: via(api.accountHistory, naming),
    own: async (data, me) => {
      const cash = (await stateOf(me.id)).ledger.filter((r) => r.account === 'balance');
      expect(data.at(-1)?.balance).toBe(
        cash.length ? Number(cash.at(-1)!.balanceAfter).toFixed(2) : undefined,
      );
    },
  },
  {
    name: 'list deposits naming A',
    access: api.chargeList.access,
    request: via(api.chargeList, () => ({ page: 1, ...naming() })),
    own: (data) => expect(idsOf(data.data)).not.toContain(f.deposit),
  },
  ...([api.balance, api.forexDetail] as const).map(
    (call): ResourceCase => ({
      name: `read ${call.path.split('/').at(-1)} naming A`,
      access: call.access,
      request: via(call, naming),
      own: async (data, me) =>
        expect(data.balance).toBe(Number((await stateOf(me.id)).user!.balance).toFixed(2)),
    }),
  ),
  // Watchlist.
  {
    name: 'read the watchlist naming A',
    access: api.watchlist.access,
    request: via(api.watchlist, naming),
    own: async (data, me) =>
      expect(data).toEqual((await stateOf(me.id)).watchlist.map((r) => r.instrumentId)),
  },
  {
    name: "take A's favourite off naming A",
    access: api.watchlistRemove.access,
    request: via(api.watchlistRemove, () => ({
      forex_id: t.market.instrumentByCode('XAUUSD')!.id,
      ...naming(),
    })),
    own: (data) => expect(data).toEqual([]),
  },
  {
    name: "reorder A's favourites naming A",
    access: api.watchlistOrder.access,
    request: via(api.watchlistOrder, () => ({
      forex_ids: ['EURUSD', 'XAUUSD'].map((code) => t.market.instrumentByCode(code)!.id).join(','),
      ...naming(),
    })),
    refused: 'watchlist_not_listed',
  },
  {
    name: 'read user info naming A',
    access: api.userInfo.access,
    request: via(api.userInfo, naming),
    own: (data, me) => expect(data.id).toBe(me.id),
  },
];

describe("another user's resources", () => {
  for (const c of RESOURCE_CASES) {
    for (const who of ['b', 'd'] as const) {
      it(`${who === 'b' ? 'trader B' : 'demo D'}: ${c.name}`, async () => {
        const me = f[who];
        const [ownerBefore, meBefore] = [await stateOf(f.a.id), await stateOf(me.id)];
        const { status, body } = await c.request(me);
        tally.resource++;
        expect(status).toBeLessThan(500);
        expect(typeof body.msg).toBe('string');
        expect(body.msg.length).toBeGreaterThan(0);
        const text = JSON.stringify(body);
        for (const mark of Object.values(A_MARKS)) expect(text).not.toContain(mark);
        const refusal: MessageKey | undefined =
          me.demo && c.access === 'real' ? 'only_true_account' : c.refused;
        if (refusal) {
          expect(body.code).not.toBe(Code.OK);
          expect(body.code).not.toBe(Code.SESSION_INVALID);
          expect(body.msg).toBe(msg(refusal));
          expect(await stateOf(me.id)).toEqual(meBefore);
        } else {
          expect(body.code, body.msg).toBe(Code.OK);
          await c.own!(body.data, me);
        }
        expect(await stateOf(f.a.id)).toEqual(ownerBefore);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------------
// 2. Credentials that are not a live trader session, on every signed-in call of the contract.

/** Each signed-in call gets A's ids where it takes one, so a skipped check would act on A's things. */
function inputFor(name: ApiName): Input {
  const byName: Partial<Record<ApiName, Input>> = {
    closeOrder: { id: f.orders.holding },
    cancelOrder: { id: f.orders.pending },
    setStopPrice: { id: f.orders.holding, stop_loss_price: '1.00000' },
    myDeal: { status: 1 },
    delDrawMethod: { id: f.method.id },
    draw: { draw_currency_id: f.method.currencyId, number: '20', draw_method_id: f.method.id },
    getDrawMethod: { draw_type: 1 },
    drawList: { type: 1 },
    drawSymbolList: { type: 1 },
    chargeSubmit: { number: '10', proofImg: f.pics.proof, address: f.coin.address, charge_id: f.coin.id },
    wireSubmit: { number: '10', proofImg: f.pics.proof, wire_id: f.wireId },
    realName: { name: 'X', card_id: 'XX1234', front_pic: f.pics.front, reverse_pic: f.pics.reverse },
    ledger: { page: 1 },
    watchlistAdd: { forex_id: t.market.instrumentByCode('EURUSD')!.id },
    watchlistRemove: { forex_id: t.market.instrumentByCode('XAUUSD')!.id },
    watchlistOrder: { forex_ids: String(t.market.instrumentByCode('EURUSD')!.id) },
  };
  return { ...byName[name], ...naming() };
}

const SIGNED_IN = (Object.entries(api) as [ApiName, ApiCall][]).filter(
  ([, call]) => call.access === 'user' || call.access === 'real',
);

const BAD_CREDENTIALS: [string, () => string | undefined][] = [
  ['no token', () => undefined],
  ['an unknown token', () => 'dGhpcyBpcyBub3QgYSB0b2tlbiBvZiBhbnkgc2Vzc2lvbg'],
  ['an oversized token', () => 'x'.repeat(5000)],
  ['a token its owner signed out', () => f.tokens.loggedOut],
  ["a token support revoked (owner's sessions)", () => f.tokens.revokedBySupport],
  ['the token of a disabled account', () => f.tokens.disabled],
  ['an operator token', () => f.tokens.operator],
  ['an operator token as Bearer', () => `Bearer ${f.tokens.operator}`],
];

describe('signed-in calls without a live trader session', () => {
  it('covers every signed-in call of the contract', () => {
    expect(SIGNED_IN.length).toBeGreaterThanOrEqual(25);
  });

  for (const [label, token] of BAD_CREDENTIALS) {
    it(`answers 999 to ${label}, and nothing changes`, async () => {
      const before = await stateOf(f.a.id);
      const wrong: string[] = [];
      for (const [name, call] of SIGNED_IN) {
        const { status, body } = await send(call, token(), inputFor(name));
        tally.credentials++;
        if (status >= 500 || body.code !== Code.SESSION_INVALID || body.msg !== msg('session_invalid')) {
          wrong.push(`${call.path}: ${status} ${body.code} ${body.msg}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await stateOf(f.a.id)).toEqual(before);
    });
  }
});

describe('a session that ended after this node saw it live', () => {
  // An order's lock proves the session itself (no lookup of its own for a token seen before): here the
  // session ends as another node would end it, in the database alone, after the token placed an order.
  const endings: [string, (who: { id: number; token: string }) => Promise<unknown>][] = [
    ['signed out', (who) => ok(send(api.logout, who.token))],
    [
      'revoked elsewhere',
      (who) =>
        t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, who.id)),
    ],
    [
      'its account disabled elsewhere',
      (who) => t.database.db.update(users).set({ disabled: true }).where(eq(users.id, who.id)),
    ],
  ];
  for (const [label, end] of endings) {
    it(`places no order once ${label}: 999, and nothing changes`, async () => {
      const who = await trader(t, `ended-${label.split(' ')[0]}`);
      await fund(who.id, '1000');
      tick('EURUSD', '1.10000');
      const order = {
        type: 1,
        cont: '0.01',
        forex_id: t.market.instrumentByCode('EURUSD')!.id,
        multiple: 100,
        stop_loss_price: 0,
        target_profit_price: 0,
      };
      await ok(send(api.submitOrder, who.token, order));
      await end(who);
      const before = await stateOf(who.id);
      const { body } = await send(api.submitOrder, who.token, order);
      expect([body.code, body.msg]).toEqual([Code.SESSION_INVALID, msg('session_invalid')]);
      expect(await stateOf(who.id)).toEqual(before);
      tally.credentials++;
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// 3. Demo and real.

/** SPEC.md §6: a demo account cannot open deposit, withdraw, wallet, auth, invite or password. */
const CLOSED_TO_DEMO: Record<string, ApiName[]> = {
  deposit: ['chargeInfo', 'chargeSubmit', 'wireSubmit', 'imageUpload'],
  withdraw: ['drawSymbolList', 'draw', 'drawList'],
  wallet: ['getDrawMethod', 'bindDrawMethod', 'delDrawMethod'],
  auth: ['realName', 'realNameCenter'],
  invite: ['inviteInfo'],
  password: ['amendPassword'],
};

describe('demo and real accounts', () => {
  it('marks every call behind a screen closed to demo accounts as real-only', () => {
    for (const [screen, names] of Object.entries(CLOSED_TO_DEMO)) {
      for (const name of names) expect(api[name].access, `${screen}: ${name}`).toBe('real');
    }
  });

  it('refuses a demo account every real-only call with "only true account", and nothing changes', async () => {
    const before = await stateOf(f.d.id);
    const owner = await stateOf(f.a.id);
    const wrong: string[] = [];
    for (const [name, call] of SIGNED_IN.filter(([, c]) => c.access === 'real')) {
      const { status, body } = await send(call, f.d.token, inputFor(name));
      tally.demo++;
      if (status >= 500 || body.code !== Code.REFUSED || body.msg !== msg('only_true_account')) {
        wrong.push(`${call.path}: ${status} ${body.code} ${body.msg}`);
      }
    }
    const { body } = await send(api.imageUpload, f.d.token);
    expect(body.msg).toBe(msg('only_true_account'));
    expect((await upload(t, f.d.token, PNG)).msg).toBe(msg('only_true_account'));
    tally.demo += 2;
    expect(wrong).toEqual([]);
    expect(await stateOf(f.d.id)).toEqual(before);
    expect(await stateOf(f.a.id)).toEqual(owner);
  });

  it('lets only a demo account reset the mock account', async () => {
    const before = await stateOf(f.b.id);
    const { body } = await send(api.resetDemo, f.b.token);
    tally.demo++;
    expect(body).toMatchObject({ code: Code.REFUSED, msg: msg('demo_only') });
    expect(await stateOf(f.b.id)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------
// 4. The operator API and the upload viewer.

describe('the operator API', () => {
  const TRADER_CREDENTIALS: [string, () => string | undefined][] = [
    ['no token', () => undefined],
    ["a real trader's token", () => f.a.token],
    ["a real trader's token as Bearer", () => `Bearer ${f.a.token}`],
    ["a demo account's token", () => f.d.token],
    ['a signed-out operator token', () => f.tokens.operatorLoggedOut],
    ["a disabled operator's token", () => f.tokens.operatorDisabled],
  ];

  it('registers every /admin/api route (but sign-in) through the session and role check', () => {
    const checked = new Set(adminCalls(t.http).map((c) => `${c.method} ${c.path}`));
    const routes = t.http
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /\/?(admin\/api\/\S*) \(([A-Z, ]+)\)/.exec(line);
        return match ? match[2]!.split(', ').map((m) => `${m} /${match[1]}`) : [];
      })
      .filter((key) => !key.startsWith('HEAD ') && key !== 'POST /admin/api/login');
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((key) => !checked.has(key))).toEqual([]);
  });

  for (const [label, token] of TRADER_CREDENTIALS) {
    it(`answers 999 on every operator call to ${label}`, async () => {
      const before = await stateOf(f.a.id);
      const wrong: string[] = [];
      for (const call of adminCalls(t.http)) {
        // A's ids, so a call that skipped its check would act on A.
        const { code, msg: text } = await adminCall(t, call.method, call.path, token(), {
          id: f.a.id,
          user_id: f.a.id,
          amount: '1000',
          reason: 'authorization matrix',
          disabled: true,
        });
        tally.operator++;
        if (code !== Code.SESSION_INVALID || !text) wrong.push(`${call.method} ${call.path}: ${code}`);
      }
      expect(wrong).toEqual([]);
      expect(await stateOf(f.a.id)).toEqual(before);
    });
  }
});

describe('who may read an upload', () => {
  const VIEWERS: Record<Role, boolean> = {
    admin: true,
    support: true,
    finance: true,
    content: false,
    risk: false,
  };

  it('serves A’s pictures to A and the reviewing operators only; everyone else gets a 404 envelope', async () => {
    const operators = await Promise.all(
      ROLES.map(async (role) => [role, (await operatorToken(t, role)).token] as const),
    );
    const viewers: [string, string | undefined, boolean][] = [
      ['A', f.a.token, true],
      ['B', f.b.token, false],
      ['demo D', f.d.token, false],
      ['nobody', undefined, false],
      ['a signed-out session of A', f.tokens.loggedOut, false],
      ['a signed-out operator', f.tokens.operatorLoggedOut, false],
      ['a disabled operator', f.tokens.operatorDisabled, false],
      ...operators.map(([role, token]): [string, string, boolean] => [
        `operator ${role}`,
        token,
        VIEWERS[role],
      ]),
    ];
    const wrong: string[] = [];
    for (const url of Object.values(f.pics)) {
      for (const [who, token, allowed] of viewers) {
        const { status, body } = await viewUpload(url, token);
        tally.uploads++;
        const good = allowed
          ? status === 200
          : status === 404 && body.code === Code.NOT_FOUND && body.msg === msg('not_found');
        if (!good) wrong.push(`${who} ${url}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// 5. The websocket's login.

describe('websocket sign-in', () => {
  it('accepts only a live trader session', async () => {
    await t.http.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.http.server.address() as { port: number };
    const loginResult = (token: string) =>
      new Promise<{ code: number; msg?: string }>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`);
        ws.once('error', reject);
        ws.once('open', () => ws.send(JSON.stringify({ type: 'login', params: token })));
        ws.on('message', (data) => {
          const message = JSON.parse(data.toString());
          if (message.type === 'login_result') {
            ws.close();
            resolve(message);
          }
        });
      });
    const cases: [string, string, number][] = [
      ["A's token", f.a.token, Code.OK],
      ["demo D's token", f.d.token, Code.OK],
      ['a signed-out token', f.tokens.loggedOut, Code.SESSION_INVALID],
      ['a revoked token', f.tokens.revokedBySupport, Code.SESSION_INVALID],
      ["a disabled account's token", f.tokens.disabled, Code.SESSION_INVALID],
      ['an operator token', f.tokens.operator, Code.SESSION_INVALID],
      ['an unknown token', 'nope', Code.SESSION_INVALID],
    ];
    for (const [label, token, code] of cases) {
      expect((await loginResult(token)).code, label).toBe(code);
      tally.websocket++;
    }
  });

  it('stops pushing account messages to the device that signed out, and tells it, while the others go on', async () => {
    const { port } = t.http.server.address() as { port: number };
    const signedIn = async (token: string) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`, { headers: { lang: 'de' } });
      const received: { type: string; code?: number; msg?: string }[] = [];
      ws.on('message', (data) => received.push(JSON.parse(data.toString())));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ type: 'login', params: token }));
      await expect
        .poll(() => received.some((m) => m.type === 'login_result' && m.code === Code.OK))
        .toBe(true);
      return { ws, received };
    };
    const phone = await signedIn(f.a.token);
    const laptop = await signedIn(await createSession(t.database.db, f.a.id));
    const tabletToken = await createSession(t.database.db, f.a.id);
    const tablet = await signedIn(tabletToken);
    await ok(send(api.logout, tabletToken));
    await expect
      .poll(() => tablet.received.at(-1), { timeout: 12_000, interval: 200 })
      .toEqual({ type: 'login_result', code: Code.SESSION_INVALID, msg: translate('de', 'session_invalid') });

    const push = { type: 'account-check', code: Code.OK };
    t.bus.publish(Channel.user, { userId: f.a.id, message: push });
    await expect.poll(() => phone.received.at(-1)).toEqual(push);
    await expect.poll(() => laptop.received.at(-1)).toEqual(push);
    expect(tablet.received.filter((m) => m.type === 'account-check')).toEqual([]);
    for (const device of [phone, laptop, tablet]) device.ws.close();
    tally.websocket++;
  }, 20_000);
});

// ---------------------------------------------------------------------------------------------------
// 6. Last, as it changes A's things: the refusals above were about ownership, not about the input.

describe('the owner', () => {
  it('leaves A able to use every one of those resources (the refusals were about ownership)', async () => {
    const a = f.a;
    await ok(send(api.setStopPrice, a.token, { id: f.orders.holding, stop_loss_price: '1.00000' }));
    await ok(send(api.cancelOrder, a.token, { id: f.orders.pending }));
    await ok(send(api.closeOrder, a.token, { id: f.orders.holding }));
    expect(idsOf(await ok(send(api.getDrawMethod, a.token, { draw_type: 1 })))).toContain(f.method.id);
    expect(idsOf((await ok(send(api.drawList, a.token, { type: 1 }))).data)).toContain(f.withdrawal);
    expect((await viewUpload(f.pics.front, a.token)).status).toBe(200);
    expect(await ok(send(api.realNameCenter, a.token))).toMatchObject({
      review_status: 1,
      name: A_MARKS.name,
    });
    await ok(send(api.wireSubmit, a.token, { number: '10', proofImg: f.pics.proof, wire_id: f.wireId }));
    await ok(
      send(api.chargeSubmit, a.token, {
        number: '10',
        proofImg: `https://cdn.example${f.pics.proof}`,
        address: f.coin.address,
        charge_id: f.coin.id,
      }),
    );
    await ok(
      send(api.draw, a.token, {
        draw_currency_id: f.method.currencyId,
        number: '20',
        draw_method_id: f.method.id,
      }),
    );
    await ok(send(api.delDrawMethod, a.token, { id: f.method.id }));
  });
});
