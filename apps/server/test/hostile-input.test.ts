import { api, Code } from '@meridian/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { ledgerEntries } from '../src/ledger/schema';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await startTestApp();
  const [user] = await t.database.db
    .insert(users)
    .values({ uid: 'hostile1', loginType: 'email', email: 'hostile@example.com', inviteCode: 'HOSTILE1' })
    .returning();
  userId = user!.id;
  await t.database.db.transaction((tx) =>
    post(tx, { userId, account: 'balance', type: 'deposit', amount: '1000' }),
  );
  token = await createSession(t.database.db, userId);
});
/** Hostile calls tried, printed at the end for the README's reliability figures. */
const tally = { http: 0, generated: 0, websocket: 0 };
afterAll(async () => {
  console.log(
    `hostile input: ${tally.http + tally.generated + tally.websocket} calls tried (${tally.http} HTTP junk over ${Object.keys(api).length} calls, ${tally.generated} generated, ${tally.websocket} websocket)`,
  );
  await t?.close();
});

/** Every field name any call of the contract reads. */
const FIELDS = [
  'id',
  'page',
  'status',
  'type',
  'cont',
  'forex_id',
  'forex_ids',
  'multiple',
  'target_price',
  'stop_loss_price',
  'target_profit_price',
  'client_order_id',
  'trailing_distance',
  'lots',
  'which',
  'one_tap',
  'chart_type',
  'chart_period',
  'chart_indicators',
  'period',
  'account',
  'password',
  're_password',
  'login_type',
  'area_id',
  'invite_code',
  'sms_code',
  'key',
  'mobile',
  'to',
  'new_password',
  'secondary_password',
  'auth_code',
  'demo_id',
  'name',
  'card_id',
  'front_pic',
  'reverse_pic',
  'number',
  'proofImg',
  'address',
  'charge_id',
  'wire_id',
  'draw_currency_id',
  'memo',
  'draw_method_id',
  'draw_type',
  'draw_id',
  'dc_address',
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
  'category_id',
  'searchCurrency',
  'limit',
  'email',
  'totp',
  'reason',
];

const JUNK = [
  '',
  ' ',
  '-1',
  '0',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1,5',
  '١٢٣',
  '9'.repeat(400),
  'x'.repeat(20_000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ ñ 中文 عربى',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{"$gt":""}',
  '[1,2]',
  'null',
  'true',
  '\u0000',
  'a\u0000b',
  '%00',
  '../../etc/passwd',
];

async function accountUnchanged() {
  const [row] = await t.database.db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, userId));
  const [ledger] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { balance: row!.balance, rows: ledger!.n };
}

function expectEnvelope(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  const body = JSON.parse(res.body);
  expect(typeof body.code, what).toBe('number');
  expect(typeof body.msg, what).toBe('string');
  expect(body.msg.length, what).toBeGreaterThan(0);
  expect(body.msg, what).not.toMatch(/at .+\.(ts|js):\d+/);
}

describe('hostile input to every HTTP call', () => {
  it('answers junk in every field, as query, form and JSON, with an envelope and never a 5xx', async () => {
    const before = await accountUnchanged();
    let tried = 0;
    for (const call of Object.values(api)) {
      for (const junk of JUNK) {
        const fields = Object.fromEntries(FIELDS.map((f) => [f, junk]));
        for (const auth of [token, undefined]) {
          const headers: Record<string, string> = auth ? { authorization: auth, lang: 'en' } : { lang: 'en' };
          const res =
            call.method === 'GET'
              ? await t.http.inject({ method: 'GET', url: call.path, query: fields, headers })
              : await t.http.inject({
                  method: call.method,
                  url: call.path,
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  payload: new URLSearchParams(fields).toString(),
                });
          expectEnvelope(res, `${call.path} ${JSON.stringify(junk).slice(0, 40)}`);
          tried++;
        }
      }
      // Arrays where scalars belong, and JSON bodies of the wrong shape.
      const arrays = await t.http.inject({
        method: call.method,
        url: `${call.path}?${FIELDS.map((f) => `${f}=1&${f}=2`).join('&')}`,
        headers: { authorization: token },
      });
      expectEnvelope(arrays, `${call.path} arrays`);
      tried++;
      for (const body of ['[]', '"x"', '{"id":{"nested":[1]}}', '{"cont":1e999}', 'null', '{'.repeat(5000)]) {
        const res = await t.http.inject({
          method: 'POST',
          url: call.path,
          headers: { authorization: token, 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, `${call.path} ${body.slice(0, 20)}`).toBeLessThan(500);
        tried++;
      }
    }
    expect(await accountUnchanged()).toEqual(before);
    expect(tried).toBeGreaterThan(1000);
    tally.http = tried;
  }, 120_000);

  it('survives generated junk (fast-check) on the money-moving calls', async () => {
    const before = await accountUnchanged();
    const calls = [
      api.submitOrder,
      api.closeOrder,
      api.cancelOrder,
      api.setStopPrice,
      api.draw,
      api.chargeSubmit,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.dictionary(
          fc.constantFrom(...FIELDS),
          fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.double().map(String)),
        ),
        async (call, fields) => {
          const res = await t.http.inject({
            method: call.method,
            url: call.path,
            query: call.method === 'GET' ? fields : undefined,
            payload: call.method === 'POST' ? new URLSearchParams(fields).toString() : undefined,
            headers: {
              authorization: token,
              ...(call.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
          });
          expectEnvelope(res, call.path);
          tally.generated++;
        },
      ),
      { numRuns: 300 },
    );
    expect(await accountUnchanged()).toEqual(before);
  }, 120_000);
});

describe('hostile websocket messages', () => {
  it('answers junk with an error and keeps serving the connection', async () => {
    await t.http.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.http.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws`);
    await new Promise((resolve) => ws.once('open', resolve));
    const replies: string[] = [];
    ws.on('message', (d) => replies.push(d.toString()));
    const junk = [
      '',
      '{',
      '[]',
      'null',
      '"ping"',
      '{"type":"sub"}',
      '{"type":"sub","params":["a"]}',
      '{"type":"sub","params":null}',
      `{"type":"sub","params":"${'x'.repeat(5000)}"}`,
      '{"type":"login","params":"\u0000"}',
      '{"type":"nope"}',
      '{"type":"login","params":{"$ne":1}}',
      '<script>',
      '\u0000',
      JSON.stringify({ type: 'unsub', params: 'DAY_MARKET' }),
    ];
    for (const message of junk) ws.send(message);
    ws.send('ping');
    tally.websocket = junk.length + 1;
    const deadline = Date.now() + 5000;
    while (!replies.includes('pong') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(replies).toContain('pong');
    const errors = replies.filter((r) => r !== 'pong').map((r) => JSON.parse(r));
    expect(errors.some((e) => e.code === Code.INVALID_INPUT)).toBe(true);
    ws.close();
  });
});

// Found by an outside junk-input audit: values each field's format accepts but no column can hold, sent one
// at a time with the rest of the call valid, reached the database and answered 500; so did a multipart body
// cut short, and a request whose headers Node refuses was answered outside the envelope.
describe('well-formed values past what the database holds', () => {
  // The junk above signs its session out among other things.
  let fresh: string;
  beforeAll(async () => {
    fresh = await createSession(t.database.db, userId);
  });
  const btc = () => t.market.instrumentByCode('BTCUSD')!.id;
  const leverage = () => String(t.market.instrumentByCode('BTCUSD')!.leverages[0]);
  const refused = (res: { statusCode: number; body: string }, what: string) => {
    expectEnvelope(res, what);
    expect(JSON.parse(res.body).code, what).not.toBe(Code.OK);
  };

  it('refuses an id past 32 bits and ids written in hex, exponent or padded', async () => {
    const before = await accountUnchanged();
    for (const forexId of ['2147483648', '0x10', '1e2', ' 1 ', '+1']) {
      const closeAll = await t.http.inject({
        method: 'GET',
        url: api.closeAll.path,
        query: { which: 'all', forex_id: forexId },
        headers: { authorization: fresh, lang: 'de' },
      });
      expect(JSON.parse(closeAll.body).code, `close_all forex_id ${forexId}`).toBe(Code.INVALID_INPUT);
      const alert = await t.http.inject({
        method: 'POST',
        url: api.alertCreate.path,
        headers: { authorization: fresh, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ forex_id: forexId, price: '1', direction: 'above' }).toString(),
      });
      expect(JSON.parse(alert.body).code, `alert forex_id ${forexId}`).toBe(Code.INVALID_INPUT);
    }
    expect(await accountUnchanged()).toEqual(before);
  });

  it('refuses a take-profit or an alert level no price column holds', async () => {
    t.quote('BTCUSD', '96000.00');
    const huge = '9223372036854775808';
    const order = await t.http.inject({
      method: 'GET',
      url: api.submitOrder.path,
      query: {
        type: '1',
        cont: '0.01',
        forex_id: String(btc()),
        multiple: leverage(),
        status: '0',
        target_price: '1000',
      },
      headers: { authorization: fresh, lang: 'de' },
    });
    // The same order with sane prices is placed: what is refused below is each out-of-range price.
    expect(JSON.parse(order.body).code, order.body).toBe(Code.OK);
    const before = await accountUnchanged();
    const orders: Record<string, string>[] = [
      { status: '0', target_price: '1000', target_profit_price: huge },
      { status: '1', target_profit_price: huge },
      { status: '1', stop_loss_price: `-${huge}` },
      { status: '0', target_price: huge },
    ];
    for (const prices of orders) {
      const res = await t.http.inject({
        method: 'GET',
        url: api.submitOrder.path,
        query: { type: '1', cont: '0.01', forex_id: String(btc()), multiple: leverage(), ...prices },
        headers: { authorization: fresh, lang: 'de' },
      });
      refused(res, JSON.stringify(prices));
    }
    const alert = await t.http.inject({
      method: 'POST',
      url: api.alertCreate.path,
      headers: { authorization: fresh, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ forex_id: String(btc()), price: huge, direction: 'above' }).toString(),
    });
    refused(alert, 'alert level');
    expect(await accountUnchanged()).toEqual(before);
  });

  it('refuses a multipart body cut short or not multipart at all', async () => {
    for (const payload of [
      'garbage',
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    ]) {
      const res = await t.http.inject({
        method: 'POST',
        url: api.imageUpload.path,
        headers: { authorization: fresh, lang: 'de', 'content-type': 'multipart/form-data; boundary=zz' },
        payload,
      });
      refused(res, payload.slice(0, 10));
    }
  });

  it('answers a request whose headers are too large in the envelope', async () => {
    if (!t.http.server.listening) await t.http.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.http.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/news/info?id=${'x'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ code: Code.INVALID_INPUT, data: null });
  });
});
