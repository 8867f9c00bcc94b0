/**
 * SPEC.md §7, call by call: the path and method of each call, its content type, the `authorization` and
 * `lang` headers, the `t` timestamp, the {code, msg, data} envelope and every field SPEC.md §3 names in
 * the data, with its JSON type. Existing clients speak exactly this API; a failure here breaks them.
 *
 * Decimals (prices, lots, money, rates) travel as decimal text: SPEC.md does not fix their JSON type
 * and TRADING.md "Numbers" keeps them exact. Ids, flags, statuses and codes SPEC.md gives as constants
 * (is_demo 1, MarketStatus 1, OrderType 1, review_status 0/1, type 1/2, code 1…) are JSON numbers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, Code, endpoints, klineTopic, LANGUAGES, Topic, WS_PATH } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { post } from '../src/ledger/post';
import { refreshLeaderboard } from '../src/ranking/service';
import { backdateCodes as backdate, lastCode as lastCodeOf, stepUpCode } from './codes';
import { addDemoContent, addDemoFunding } from './demo-data';
import { PNG } from './funding-fixtures';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ uploadDir: mkdtempSync(path.join(tmpdir(), 'meridian-contract-')) });
  await addDemoFunding(t);
  await addDemoContent(t);
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------------
// SPEC.md §7 as a table: every call's method and path, checked against the shared contract.

const SPEC_CALLS = [
  ['GET', '/api/default/area_list', 'areaList'],
  ['POST', '/api/user/loginForU', 'login'],
  ['GET', '/api/user/createAccountDemoForU', 'createDemo'],
  ['GET', '/api/company/getCompany', 'getCompany'],
  ['GET', '/api/company/getCompanyStatus', 'getCompanyStatus'],
  ['POST', '/api/common/image_upload', 'imageUpload'],
  ['POST', '/api/notify/send_email', 'sendEmail'],
  ['POST', '/api/notify/send_sms', 'sendSms'],
  ['POST', '/api/user/forget_password', 'forgetPassword'],
  ['GET', '/api/basicSet/getBasicInfo', 'basicInfo'],
  ['GET', '/api/news/list', 'newsList'],
  ['GET', '/api/news/info', 'newsInfo'],
  ['GET', '/api/user/info', 'userInfo'],
  ['GET', '/v1/api/main/wallet/getBalance', 'balance'],
  ['POST', '/api/user/amend_password', 'amendPassword'],
  ['POST', '/api/user/register', 'register'],
  ['POST', '/api/user_real/real_name', 'realName'],
  ['GET', '/api/user_real/center', 'realNameCenter'],
  ['GET', '/api/default/setting', 'setting'],
  ['GET', '/v1/api/main/user/resetForexDemoAccount', 'resetDemo'],
  ['GET', '/v1/api/forex/trade_list', 'tradeList'],
  ['GET', '/v1/api/forex/abbreviated_cache_kline', 'abbreviatedKline'],
  ['GET', '/v1/api/forex/kline', 'kline'],
  ['GET', '/v1/api/forex/submit', 'submitOrder'],
  ['GET', '/v1/api/forex/my_deal', 'myDeal'],
  ['GET', '/v1/api/forex/close', 'closeOrder'],
  ['GET', '/v1/api/forex/cancel_trade', 'cancelOrder'],
  ['GET', '/v1/api/forex/set_stop_price', 'setStopPrice'],
  ['GET', '/api/follow/list', 'followList'],
  ['GET', '/v1/api/forex/getCategories', 'categories'],
  ['GET', '/api/quickCharge/info', 'chargeInfo'],
  ['GET', '/api/quickCharge/submit', 'chargeSubmit'],
  ['GET', '/api/quickCharge/wire_submit', 'wireSubmit'],
  ['GET', '/v1/api/main/account/forexDetail', 'forexDetail'],
  ['GET', '/v1/api/main/accountLog/forexChange', 'ledger'],
  ['GET', '/api/account/draw_symbol_list', 'drawSymbolList'],
  ['POST', '/api/account/draw', 'draw'],
  ['GET', '/api/account/draw_list', 'drawList'],
  ['GET', '/api/wallet/get_draw_method', 'getDrawMethod'],
  ['POST', '/api/wallet/bind_draw_method', 'bindDrawMethod'],
  ['POST', '/api/wallet/del_draw_method', 'delDrawMethod'],
] as const;

/** Calls SPEC.md §7 lists without a path ("{token}", "an external host", "path not shown"). */
const UNNAMED_PATHS = ['captcha', 'complaintEmail', 'searchInstrument'] as const;

// ---------------------------------------------------------------------------------------------------
// Shapes: field name → JSON type. `[shape]` is a non-empty array whose every element has the shape.

type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'any'
  | readonly [Shape]
  | { readonly list: Shape }
  | { [field: string]: Shape };
const S = 'string';
const N = 'number';

function mismatches(value: unknown, shape: Shape, at: string): string[] {
  if (shape === 'any') return value === undefined ? [`${at}: missing`] : [];
  if (typeof shape === 'string') {
    const actual = value === null ? 'null' : typeof value;
    return actual === shape ? [] : [`${at}: ${shape} expected, got ${JSON.stringify(value)}`];
  }
  if (Array.isArray(shape) || 'list' in shape) {
    if (!Array.isArray(value)) return [`${at}: array expected, got ${JSON.stringify(value)}`];
    const item = Array.isArray(shape) ? (shape[0] as Shape) : (shape as { list: Shape }).list;
    if (Array.isArray(shape) && value.length === 0) return [`${at}: empty array`];
    return value.flatMap((element, i) => mismatches(element, item, `${at}[${i}]`));
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return [`${at}: object expected, got ${JSON.stringify(value)}`];
  }
  return Object.entries(shape).flatMap(([field, inner]) =>
    field in value
      ? mismatches((value as Record<string, unknown>)[field], inner, `${at}.${field}`)
      : [`${at}.${field}: missing`],
  );
}

/** The body is exactly {code, msg, data} with code 1 and a msg, and data has the shape. */
function expectOk(body: any, shape: Shape, msg?: string) {
  expect(body && Object.keys(body).sort(), JSON.stringify(body)).toEqual(['code', 'data', 'msg']);
  expect(body.code, body.msg).toBe(Code.OK);
  expect(typeof body.msg).toBe('string');
  if (msg !== undefined) expect(body.msg).toBe(msg);
  expect(mismatches(body.data, shape, 'data')).toEqual([]);
  return body.data;
}

/** An array that may be empty, each element of the shape. */
const listOf = (item: Shape) => ({ list: item }) as const;

// SPEC.md §3 entities.
const USER = { id: N, uid: S, is_demo: N, is_real: N, name: S, email: S, invite_code: S } as const;
const LOGIN_RESULT = { token: S, user: USER } as const;
const INSTRUMENT = {
  Id: N,
  Code: S,
  ShowCode: S,
  Logo: S,
  CategoryId: N,
  MarketStatus: N,
  PricePrecision: N,
  ForexQuotations: { Open: S, Close: S, High: S, Low: S, Change: S },
  HasForexMultiple: [{ Value: N }],
  ForexMinCont: S,
  ForexContNum: S,
  ForexFeeRate: S,
  Pip: S,
  MarginMode: N,
} as const;
const CANDLE = { Time: N, Open: S, High: S, Low: S, Close: S, Volume: S } as const;
const ORDER = {
  Id: N,
  ForexTradeLists: { ShowCode: S },
  OrderType: N,
  Quantity: S,
  OriginPrice: S,
  Price: S,
  UpdatePrice: S,
  FactProfits: S,
  CautionMoney: S,
  TradeFee: S,
  TargetLossPrice: S,
  TargetProfitPrice: S,
  CreateTimeHandler: S,
} as const;
const COMPANY = {
  id: N,
  name: S,
  subject: S,
  logo: S,
  url: S,
  registered_address: S,
  location: S,
  email: S,
} as const;
const NEWS = { id: N, title: S, desc: S, logo: S, created_at: S } as const;
const WITHDRAW_CURRENCY = { id: N, code: S, protocol: S, draw_rate: S, fee_type: N, usd_price: S } as const;
const BOUND_METHOD = {
  id: N,
  dc_address: S,
  bank_name: S,
  bank_address: S,
  bank_swift: S,
  payee_name: S,
  payee_account: S,
  coin_type: S,
  remark: S,
  draw_currency: { code: S, protocol: S },
} as const;
const WITHDRAW_RECORD = {
  id: N,
  number: S,
  real_number: S,
  fee: S,
  status_name: S,
  created_at: S,
  type: N,
  address: S,
  payee_account: S,
  notes: S,
  draw_currency: { code: S },
} as const;
const RANKING_ROW = {
  user: S,
  multiple: N,
  three_week_rate: S,
  three_week_win: S,
  three_week_profit: S,
  total_rate: S,
  total_trade_num: N,
  code: S,
} as const;

// ---------------------------------------------------------------------------------------------------
// The wire as a client speaks it: `authorization: <token>`, `lang: <code>`, `t` on every GET, forms for
// POST (or JSON, or multipart for the upload). Each client has an address of its own (per-address limits).

type Fields = Record<string, string | number>;
interface Request {
  token?: string;
  lang?: string;
  query?: Fields;
  form?: Fields;
  json?: Record<string, unknown>;
  multipart?: { field: string; filename: string; type: string; bytes: Buffer };
  ip?: string;
  headers?: Record<string, string>;
}

let addresses = 0;
const nextIp = () => `10.77.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`;

async function wire(method: string, url: string, r: Request = {}) {
  const headers: Record<string, string> = { lang: r.lang ?? 'en', ...r.headers };
  if (r.token) headers.authorization = r.token;
  let payload: string | Buffer | undefined;
  if (r.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(
      Object.entries(r.form).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
  } else if (r.json) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(r.json);
  } else if (r.multipart) {
    const boundary = `----spec${randomBytes(8).toString('hex')}`;
    const m = r.multipart;
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${m.field}"; filename="${m.filename}"\r\nContent-Type: ${m.type}\r\n\r\n`,
      ),
      m.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  }
  const query: Record<string, string> = Object.fromEntries(
    Object.entries(r.query ?? {}).map(([k, v]) => [k, String(v)]),
  );
  if (method === 'GET' || method === 'DELETE') query.t = String(Date.now());
  const res = await t.http.inject({
    method: method as 'GET',
    url,
    query,
    headers,
    payload,
    remoteAddress: r.ip ?? nextIp(),
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, headers: res.headers, body };
}

/** GET with the query a client sends (and its `t`). */
const get = async (url: string, query: Fields = {}, r: Omit<Request, 'query'> = {}) => {
  const res = await wire('GET', url, { ...r, query });
  expect(res.status, url).toBe(200);
  return res.body;
};
/** POST as a form (SPEC.md §7 "(form)"). */
const postForm = async (url: string, form: Fields, r: Omit<Request, 'form'> = {}) => {
  const res = await wire('POST', url, { ...r, form });
  expect(res.status, url).toBe(200);
  return res.body;
};
/** POST as JSON (calls whose body type SPEC.md leaves open take both). */
const postJson = async (url: string, json: Record<string, unknown>, r: Omit<Request, 'json'> = {}) => {
  const res = await wire('POST', url, { ...r, json });
  expect(res.status, url).toBe(200);
  return res.body;
};

// ---------------------------------------------------------------------------------------------------
// Fixtures.

const db = () => t.database.db;
const PASSWORD = 'contract-pass-1';
let emails = 0;
const newEmail = () => `contract${++emails}.${Date.now()}@example.com`;

const lastCode = (recipient: string) => lastCodeOf(t, recipient);
/** As if the resend wait were over. */
const backdateCodes = (recipient: string) => backdate(t, recipient);

/** Signs up through send_email and register (forms, as SPEC.md says), then signs in with loginForU. */
async function signUp(): Promise<{ email: string; token: string; user: any }> {
  const email = newEmail();
  const ip = nextIp();
  expectOk(await postForm(api.sendEmail.path, { to: email, type: 1 }, { ip }), 'null');
  expectOk(
    await postForm(
      api.register.path,
      {
        type: 'email',
        area_id: '',
        account: email,
        password: PASSWORD,
        re_password: PASSWORD,
        invite_code: '',
        sms_code: await lastCode(email),
        key: '',
        mobile: '',
      },
      { ip },
    ),
    USER,
  );
  await backdateCodes(email);
  const login = expectOk(
    await postForm(api.login.path, { account: email, password: PASSWORD, login_type: 'email' }, { ip }),
    LOGIN_RESULT,
  );
  return { email, token: login.token, user: login.user };
}

async function fund(userId: number, amount: string) {
  await db().transaction((tx) => post(tx, { userId, account: 'balance', type: 'deposit', amount }));
}

const instrumentId = (code: string) => t.market.instrumentByCode(code)!.id;
function tick(symbol: string, price: string) {
  t.clock.set(t.clock.now() + 1000);
  expect(t.quote(symbol, price)).toBe(true);
}
async function settled() {
  await t.engine.idle();
  await t.engine.sweep();
  await t.engine.idle();
}

const upload = async (token: string) =>
  expectOk(
    (
      await wire('POST', api.imageUpload.path, {
        token,
        multipart: { field: 'file', filename: 'id.png', type: 'image/png', bytes: PNG },
      })
    ).body,
    { url: S },
  ).url as string;

// ---------------------------------------------------------------------------------------------------

describe('SPEC.md §7 paths and methods', () => {
  it('the shared contract names every call with the method and path of SPEC.md §7', () => {
    for (const [method, path, name] of SPEC_CALLS) {
      expect(api[name], name).toMatchObject({ method, path });
    }
    for (const name of UNNAMED_PATHS) expect(api[name].method).toBe('GET');
  });

  it('the server answers every call on its method (and not with a 404 on another)', async () => {
    for (const [method, path] of SPEC_CALLS) {
      const res = await wire(method, path);
      expect(res.status, `${method} ${path}`).toBe(200);
      expect(Object.keys(res.body).sort(), `${method} ${path}`).toEqual(['code', 'data', 'msg']);
    }
  });

  it('answers 999 on a signed-in call without a token, and reads the token from `authorization` as sent', async () => {
    const { token } = await signUp();
    for (const [method, path, name] of SPEC_CALLS) {
      const access = api[name].access;
      if (access !== 'user' && access !== 'real') continue;
      const res = await wire(method, path);
      expect(res.body.code, `${method} ${path}`).toBe(Code.SESSION_INVALID);
      expect(res.body.data, path).toBeNull();
    }
    expectOk(await get(api.userInfo.path, {}, { token }), USER);
    expectOk(await get(api.userInfo.path, {}, { headers: { Authorization: token } }), USER);
  });

  it('reads the language from the `lang` header: every one of the 14 SPEC.md §3 codes, and cn', async () => {
    const msgs = new Set<string>();
    for (const lang of LANGUAGES) {
      const res = await get(api.userInfo.path, {}, { lang });
      expect(res.code).toBe(Code.SESSION_INVALID);
      msgs.add(res.msg);
    }
    expect([...LANGUAGES]).toEqual([
      'hk',
      'cn',
      'en',
      'jp',
      'kr',
      'th',
      'vn',
      'fr',
      'de',
      'ru',
      'spa',
      'pt',
      'ar',
      'it',
      'tr',
    ]);
    expect(msgs.size).toBe(15);
  });

  it('takes the `t` timestamp on GET calls without complaint', async () => {
    const res = await wire('GET', api.basicInfo.path, { query: { t: Date.now() } });
    expectOk(res.body, { service_link: S });
  });
});

describe('public calls', () => {
  it('GET /api/default/area_list: id, code, global_code, the default first', async () => {
    const data = expectOk(await get(api.areaList.path), [{ id: N, code: S, global_code: S }]);
    expect(data[0].global_code).toMatch(/^\d+$/);
  });

  it('GET /api/basicSet/getBasicInfo: service_link, service_link_type, verify_reg_type, trade_fee_type', async () => {
    const data = expectOk(await get(api.basicInfo.path), {
      service_link: S,
      service_link_type: N,
      verify_reg_type: N,
      trade_fee_type: N,
    });
    expect(data.trade_fee_type).toBe(1);
  });

  it('GET /api/company/getCompanyStatus: status, type, loss_url', async () => {
    expect(expectOk(await get(api.getCompanyStatus.path), { status: N, type: N, loss_url: S })).toMatchObject(
      {
        status: 0,
      },
    );
  });

  it('GET /api/company/getCompany by name: SPEC.md §3 companies', async () => {
    expectOk(await get(api.getCompany.path, { name: '' }), [COMPANY]);
  });

  it('GET /api/default/setting?key=is_show_mobile: the value (1 or 3)', async () => {
    const data = expectOk(await get(api.setting.path, { key: 'is_show_mobile' }), 'any');
    expect(['1', '3']).toContain(String(data));
  });

  it('GET captcha: id, b64s', async () => {
    const data = expectOk(await get(api.captcha.path), { id: S, b64s: S });
    expect(data.b64s).toMatch(/^data:image\//);
  });

  it('GET /api/news/list (category_id 1, page) and /api/news/info (id, content HTML)', async () => {
    const list = expectOk(await get(api.newsList.path, { category_id: 1, page: 1 }), {
      data: [NEWS],
      total: N,
    });
    expectOk(await get(api.newsInfo.path, { id: list.data[0].id }), { ...NEWS, content: S });
  });

  it('GET complaint e-mail', async () => {
    expectOk(await get(api.complaintEmail.path), { email: S });
  });

  it('GET /v1/api/forex/trade_list: SPEC.md §3 instruments', async () => {
    const list = expectOk(await get(api.tradeList.path), [INSTRUMENT]);
    const eurusd = list.find((i: { Code: string }) => i.Code === 'EURUSD');
    expect(eurusd.MarketStatus).toBe(1);
    expect([1, 2]).toContain(eurusd.MarginMode);
  });

  it('GET /v1/api/forex/getCategories: Id, NameShowTrans', async () => {
    expectOk(await get(api.categories.path), [{ Id: N, NameShowTrans: S }]);
  });

  it('GET /v1/api/forex/kline (forex_id, period) for every period of SPEC.md §9', async () => {
    for (const period of ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week']) {
      expectOk(await get(api.kline.path, { forex_id: instrumentId('EURUSD'), period }), [CANDLE]);
    }
  });

  it('GET /v1/api/forex/abbreviated_cache_kline: small chart data', async () => {
    // A market closed since the test clock started has no points yet.
    const sparks = expectOk(await get(api.abbreviatedKline.path), [{ Id: N, Code: S, Points: listOf(S) }]);
    expect(sparks.find((s: { Code: string }) => s.Code === 'EURUSD').Points.length).toBeGreaterThan(0);
  });

  it('instrument search by name or searchCurrency', async () => {
    expectOk(await get(api.searchInstrument.path, { name: 'EUR' }), [INSTRUMENT]);
    expectOk(await get(api.searchInstrument.path, { searchCurrency: 'EUR' }), [INSTRUMENT]);
  });
});

describe('accounts', () => {
  it('POST /api/notify/send_email and send_sms (to, area_id, type 1 register) answer the msg to show', async () => {
    expectOk(
      await postForm(api.sendEmail.path, { to: newEmail(), type: 1 }),
      'null',
      'Verification code sent',
    );
    // The body type is not given by SPEC.md: JSON as well as a form.
    expectOk(
      await postJson(api.sendEmail.path, { to: newEmail(), type: 1 }),
      'null',
      'Verification code sent',
    );
    const areas = (await get(api.areaList.path)).data as { id: number; code: string }[];
    const gb = areas.find((a) => a.code === 'GB')!.id;
    expectOk(await postForm(api.sendSms.path, { to: '7700900456', area_id: gb, type: 1 }), 'null');
    expectOk(await postJson(api.sendSms.path, { to: '7700900457', area_id: gb, type: 1 }), 'null');
  });

  it('POST /api/user/register and loginForU (forms): the SPEC.md §3 user and login result', async () => {
    const { user } = await signUp();
    expect(user).toMatchObject({ is_demo: 0, is_real: 0 });
  });

  it('GET /api/user/info and /v1/api/main/wallet/getBalance (balance, 2 decimals)', async () => {
    const { token, user } = await signUp();
    expect(expectOk(await get(api.userInfo.path, {}, { token }), USER).id).toBe(user.id);
    const { balance } = expectOk(await get(api.balance.path, {}, { token }), { balance: S });
    expect(balance).toBe('0.00');
  });

  it('GET /api/user/createAccountDemoForU (demo_id) and resetForexDemoAccount', async () => {
    const demoId = randomUUID();
    const first = expectOk(await get(api.createDemo.path, { demo_id: demoId }), LOGIN_RESULT);
    expect(first.user.is_demo).toBe(1);
    const again = expectOk(await get(api.createDemo.path, { demo_id: demoId }), LOGIN_RESULT);
    expect(again.user.id).toBe(first.user.id);
    const reset = await get(api.resetDemo.path, {}, { token: first.token });
    expectOk(reset, 'any');
    expect(reset.msg).not.toBe('Success');
  });

  it('POST /api/user/forget_password (type, account, new_password, secondary_password, auth_code)', async () => {
    const { email } = await signUp();
    expectOk(await postJson(api.sendEmail.path, { to: email, type: 2 }), 'null');
    const res = await postJson(api.forgetPassword.path, {
      type: 'email',
      account: email,
      new_password: 'contract-pass-2',
      secondary_password: 'contract-pass-2',
      auth_code: await lastCode(email),
    });
    expectOk(res, 'null');
    expect(res.msg).toMatch(/^Password changed/);
    const login = await postForm(api.login.path, {
      account: email,
      password: 'contract-pass-2',
      login_type: 'email',
    });
    expectOk(login, LOGIN_RESULT);
  });

  it('POST /api/user/amend_password (new_password, auth_code, type) with the reset code e-mailed', async () => {
    const { email, token } = await signUp();
    expectOk(await postForm(api.sendEmail.path, { to: email, type: 2 }, { token }), 'null');
    const res = await postForm(
      api.amendPassword.path,
      { new_password: 'contract-pass-3', auth_code: await lastCode(email), type: 'email' },
      { token },
    );
    expectOk(res, 'null');
    expect(res.msg).toMatch(/^Password changed/);
  });

  it('GET /v1/api/main/account/forexDetail (balance, lock_balance; withdrawable beside them) and forexChange (page): Value, MemoTran, CreatedAtTran, total', async () => {
    const { token, user } = await signUp();
    await fund(user.id, '1234.5');
    const detail = expectOk(await get(api.forexDetail.path, {}, { token }), {
      balance: S,
      lock_balance: S,
      withdrawable: S,
    });
    expect(detail).toEqual({ balance: '1234.50', lock_balance: '0.00', withdrawable: '1234.50' });
    expectOk(await get(api.ledger.path, { page: 1 }, { token }), {
      data: [{ Value: S, MemoTran: S, CreatedAtTran: S }],
      total: N,
    });
  });
});

describe('trading', () => {
  let token: string;
  beforeAll(async () => {
    const who = await signUp();
    token = who.token;
    await fund(who.user.id, '10000');
  });

  const submit = (query: Fields) =>
    get(
      api.submitOrder.path,
      {
        type: 1,
        cont: '0.01',
        forex_id: instrumentId('EURUSD'),
        status: 1,
        target_price: '',
        stop_loss_price: 0,
        target_profit_price: 0,
        multiple: 100,
        ...query,
      },
      { token },
    );

  it('submit, my_deal, set_stop_price, close, cancel_trade: SPEC.md §3 orders and the order list', async () => {
    tick('EURUSD', '1.10000');
    const placed = expectOk(await submit({}), ORDER, 'Order placed');
    expect(placed.OrderType).toBe(1);

    const holding = expectOk(await get(api.myDeal.path, { status: 1, page: 1 }, { token }), {
      data: [ORDER],
      total: N,
      balance: S,
      all_fact_profits: S,
    });
    expect(holding.data[0].Id).toBe(placed.Id);

    const stops = await get(
      api.setStopPrice.path,
      { id: placed.Id, target_profit_price: '1.20000', stop_loss_price: '1.00000' },
      { token },
    );
    expect(expectOk(stops, ORDER)).toMatchObject({
      TargetProfitPrice: '1.20000',
      TargetLossPrice: '1.00000',
    });
    expect(stops.msg).not.toBe('Success');

    const closed = await get(api.closeOrder.path, { id: placed.Id }, { token });
    expectOk(closed, ORDER);
    expect(closed.msg).not.toBe('Success');

    const sell = expectOk(await submit({ type: 2 }), ORDER);
    expect(sell.OrderType).not.toBe(1);
    const pending = expectOk(await submit({ status: 0, target_price: '1.05000' }), ORDER);
    expectOk(await get(api.myDeal.path, { status: 0, page: 1 }, { token }), {
      data: [ORDER],
      total: N,
      balance: S,
      all_fact_profits: S,
    });
    const cancelled = await get(api.cancelOrder.path, { id: pending.Id }, { token });
    expectOk(cancelled, ORDER);
    expect(cancelled.msg).not.toBe('Success');
    await get(api.closeOrder.path, { id: sell.Id }, { token });

    const history = expectOk(await get(api.myDeal.path, { status: 3, page: 1 }, { token }), {
      data: [ORDER],
      total: N,
      balance: S,
      all_fact_profits: S,
    });
    expect(history.total).toBe(3);
  });

  it('GET /api/follow/list: SPEC.md §3 ranking rows', async () => {
    expectOk(await postForm(api.followOptIn.path, { on: 1 }, { token }), { on: 'boolean' });
    await refreshLeaderboard(db(), t.clock.now());
    expectOk(await get(api.followList.path), [RANKING_ROW]);
  });
});

describe('funding and verification (real accounts)', () => {
  let token: string;
  beforeAll(async () => {
    const who = await signUp();
    token = who.token;
    await fund(who.user.id, '5000');
  });

  it('POST /api/common/image_upload (multipart file): url', async () => {
    expect(await upload(token)).toMatch(/\/uploads\//);
  });

  it('POST /api/user_real/real_name (name, card_id, front_pic, reverse_pic) and GET center (review_status)', async () => {
    expect(
      expectOk(await get(api.realNameCenter.path, {}, { token }), { review_status: N }).review_status,
    ).toBe(0);
    const res = await postJson(
      api.realName.path,
      {
        name: 'Ana Lima',
        card_id: 'AB1234567',
        front_pic: await upload(token),
        reverse_pic: await upload(token),
      },
      { token },
    );
    expectOk(res, 'any');
    expect(
      expectOk(await get(api.realNameCenter.path, {}, { token }), { review_status: N }).review_status,
    ).toBe(1);
  });

  it('GET /api/quickCharge/info, submit (number, proofImg, address, charge_id), wire_submit (number, proofImg, wire_id)', async () => {
    const options = expectOk(await get(api.chargeInfo.path, {}, { token }), {
      coin: [{ id: N, currency_code: S, protocol_code: S, address: S }],
      wire: [{ id: N, wire_id: N }],
    });
    const coin = options.coin[0];
    const res = await get(
      api.chargeSubmit.path,
      { number: '100', proofImg: await upload(token), address: 'TXYZ-sender', charge_id: coin.id },
      { token },
    );
    expectOk(res, 'any', 'Deposit request submitted');
    const wired = await get(
      api.wireSubmit.path,
      { number: '250.5', proofImg: await upload(token), wire_id: options.wire[0].wire_id },
      { token },
    );
    expectOk(wired, 'any', 'Deposit request submitted');
  });

  it('draw_symbol_list (type), bind/get/del draw method (forms), draw (form), draw_list (type, page)', async () => {
    const coins = expectOk(await get(api.drawSymbolList.path, { type: 1 }, { token }), [WITHDRAW_CURRENCY]);
    const banks = expectOk(await get(api.drawSymbolList.path, { type: 2 }, { token }), [WITHDRAW_CURRENCY]);
    const coin = coins[0];

    const email = (await get(api.userInfo.path, {}, { token })).data.email as string;
    const bound = await postForm(
      api.bindDrawMethod.path,
      {
        type: 1,
        draw_id: coin.id,
        dc_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        auth_code: await stepUpCode(t, token, email),
      },
      { token },
    );
    expectOk(bound, BOUND_METHOD);
    expect(bound.msg).not.toBe('Success');
    const bank = await postForm(
      api.bindDrawMethod.path,
      {
        type: 2,
        draw_id: banks[0].id,
        bank_name: 'Bank',
        bank_address: 'Street 1',
        bank_swift: 'BANKGB2L',
        payee_name: 'Ana Lima',
        payee_account: 'GB00BANK0000000001',
        auth_code: await stepUpCode(t, token, email),
      },
      { token },
    );
    expectOk(bank, BOUND_METHOD);

    const methods = expectOk(
      await get(api.getDrawMethod.path, { draw_type: 1, draw_id: coin.id }, { token }),
      [BOUND_METHOD],
    );
    expectOk(await get(api.getDrawMethod.path, { draw_type: 2 }, { token }), [BOUND_METHOD]);

    const drawn = await postForm(
      api.draw.path,
      {
        draw_currency_id: coin.id,
        number: '100',
        memo: '',
        draw_method_id: methods[0].id,
        auth_code: await stepUpCode(t, token, email),
      },
      { token },
    );
    expectOk(drawn, 'any', 'Withdrawal request submitted');
    expectOk(await get(api.drawList.path, { type: 1, page: 1 }, { token }), {
      data: [WITHDRAW_RECORD],
      total: N,
    });

    const deleted = await postForm(api.delDrawMethod.path, { id: bank.data.id }, { token });
    expectOk(deleted, 'any');
    expect(deleted.msg).not.toBe('Success');
  });
});

/** Beyond SPEC.md: the trader's toolkit (issue 22), each answer read with the contract's own schema. */
describe("beyond SPEC.md: the trader's toolkit", () => {
  const parsed = (name: keyof typeof endpoints, body: any) => {
    expect(Object.keys(body).sort(), JSON.stringify(body)).toEqual(['code', 'data', 'msg']);
    expect(body.code, body.msg).toBe(Code.OK);
    return endpoints[name].answer.parse(body.data) as any;
  };

  it('partial close, trailing stop and close_all answer SPEC.md §3 orders with TrailingDistance and PartOf', async () => {
    const who = await signUp();
    await fund(who.user.id, '10000');
    const { token } = who;
    tick('EURUSD', '1.10000');
    const order = (query: Fields) =>
      get(
        api.submitOrder.path,
        { type: 1, cont: '0.1', forex_id: instrumentId('EURUSD'), multiple: 100, ...query },
        { token },
      );
    const trailing = parsed('submitOrder', await order({ trailing_distance: '0.00200' }));
    // 0.00200 under the bid it trails, 1.10000 × (1 − 0.00005) → 1.09994.
    expect(trailing).toMatchObject({ TrailingDistance: '0.00200', TargetLossPrice: '1.09794', PartOf: 0 });
    const part = parsed(
      'closeOrder',
      await get(api.closeOrder.path, { id: trailing.Id, lots: '0.04' }, { token }),
    );
    expect(part).toMatchObject({ Quantity: '0.04', PartOf: trailing.Id, Status: 3 });
    const stops = await get(
      api.setStopPrice.path,
      { id: trailing.Id, stop_loss_price: '1.09000', target_profit_price: 0, trailing_distance: '' },
      { token },
    );
    expect(parsed('setStopPrice', stops)).toMatchObject({
      TrailingDistance: '0',
      TargetLossPrice: '1.09000',
    });
    parsed('submitOrder', await order({ type: 2 }));
    const closed = parsed('closeAll', await get(api.closeAll.path, { which: 'all' }, { token }));
    expect(closed.map((r: { closed: boolean }) => r.closed)).toEqual([true, true]);
  });

  it('alerts, notifications, watchlist and preferences answer their schemas', async () => {
    const { token } = await signUp();
    tick('EURUSD', '1.10000');
    const eurusd = instrumentId('EURUSD');
    const alert = parsed(
      'alertCreate',
      await postForm(
        api.alertCreate.path,
        { forex_id: eurusd, price: '1.20000', direction: 'above' },
        { token },
      ),
    );
    expect(alert).toMatchObject({ forex_id: eurusd, price: '1.20000', fired_at: '' });
    expect(
      parsed('alertList', await get(api.alertList.path, {}, { token })).map((a: { id: number }) => a.id),
    ).toEqual([alert.id]);
    parsed('alertDelete', await postForm(api.alertDelete.path, { id: alert.id }, { token }));
    expect(
      parsed('notificationList', await get(api.notificationList.path, { page: 1 }, { token })),
    ).toMatchObject({
      unread: 0,
    });
    expect(
      parsed('notificationRead', await postForm(api.notificationRead.path, { all: 1 }, { token })),
    ).toEqual({
      unread: 0,
    });
    expect(
      parsed('watchlistAdd', await postForm(api.watchlistAdd.path, { forex_id: eurusd }, { token })),
    ).toEqual([eurusd]);
    expect(parsed('watchlist', await get(api.watchlist.path, {}, { token }))).toEqual([eurusd]);
    expect(
      parsed(
        'watchlistOrder',
        await postForm(api.watchlistOrder.path, { forex_ids: String(eurusd) }, { token }),
      ),
    ).toEqual([eurusd]);
    expect(
      parsed('watchlistRemove', await postForm(api.watchlistRemove.path, { forex_id: eurusd }, { token })),
    ).toEqual([]);
    expect(parsed('getPreferences', await get(api.getPreferences.path, {}, { token }))).toMatchObject({
      one_tap: false,
    });
    expect(
      parsed(
        'setPreferences',
        await postForm(api.setPreferences.path, { chart_type: 'line', chart_period: '4hour' }, { token }),
      ),
    ).toMatchObject({ chart_type: 'line', chart_period: '4hour' });
  });
});

describe('the websocket at /v1/ws', () => {
  let url: string;
  beforeAll(async () => {
    await t.http.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.http.server.address() as { port: number }).port}${WS_PATH}`;
  });

  async function connect() {
    const ws = new WebSocket(url, { headers: { lang: 'en' } });
    const texts: string[] = [];
    ws.on('message', (data) => texts.push(data.toString()));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const json = () =>
      texts.flatMap((text) => {
        try {
          return [JSON.parse(text)];
        } catch {
          return [];
        }
      });
    const until = async <T>(find: () => T | undefined): Promise<T> => {
      for (let i = 0; i < 2000; i++) {
        const found = find();
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no such message; got ${texts.join(' | ')}`);
    };
    return {
      ws,
      texts,
      send: (message: unknown) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
      next: (type: string, from = 0) =>
        until(() =>
          json()
            .slice(from)
            .find((m) => m.type === type),
        ),
      count: () => json().length,
      until,
    };
  }

  it("answers the text 'ping' with 'pong'", async () => {
    const c = await connect();
    c.send('ping');
    await c.until(() => (c.texts.includes('pong') ? true : undefined));
    c.ws.close();
  });

  it('sub, unsub, login and logout take {type, params}; login_result code 1 for a live token', async () => {
    const { token } = await signUp();
    const c = await connect();
    c.send({ type: 'sub', params: Topic.DAY_MARKET });
    expect(await c.next('sub')).toMatchObject({ type: 'sub', code: 1 });
    c.send({ type: 'unsub', params: Topic.DAY_MARKET });
    expect(await c.next('unsub')).toMatchObject({ type: 'unsub', code: 1 });
    c.send({ type: 'login', params: token });
    expect(await c.next('login_result')).toMatchObject({ type: 'login_result', code: 1 });
    c.send({ type: 'logout', params: '' });
    expect(await c.next('logout_result')).toMatchObject({ code: 1 });
    const from = c.count();
    c.send({ type: 'login', params: 'not-a-token' });
    expect((await c.next('login_result', from)).code).not.toBe(1);
    c.ws.close();
  });

  it('DAY_MARKET: type, code, symbol, quotation {close, change}; kline: Period, Time, Open, High, Low, Close, Volume', async () => {
    const c = await connect();
    c.send({ type: 'sub', params: Topic.DAY_MARKET });
    c.send({ type: 'sub', params: klineTopic('EURUSD', '1min') });
    await c.until(() => (c.texts.filter((m) => m.includes('"sub"')).length === 2 ? true : undefined));
    tick('EURUSD', '1.10010');
    const day = await c.next('DAY_MARKET');
    expect(day).toMatchObject({ type: 'DAY_MARKET', code: 1, symbol: 'EURUSD' });
    expect(mismatches(day.quotation, { close: S, change: S }, 'quotation')).toEqual([]);
    const kline = await c.next('kline');
    expect(kline).toMatchObject({ type: 'kline', code: 1, symbol: 'EURUSD' });
    expect(mismatches(kline.kline, { ...CANDLE, Period: S }, 'kline')).toEqual([]);
    expect(kline.kline.Period).toBe('1min');
    c.ws.close();
  });

  it('FOREX_TRADE: ProfitsTotal, HazardRate, CautionMoneyAll, TransOrder [{Id, UpdatePrice, FactProfits}]; FOREX_CLOSED: the id list', async () => {
    const who = await signUp();
    await fund(who.user.id, '10000');
    const c = await connect();
    c.send({ type: 'sub', params: Topic.FOREX_TRADE });
    c.send({ type: 'sub', params: Topic.FOREX_CLOSED });
    c.send({ type: 'login', params: who.token });
    await c.next('login_result');
    tick('EURUSD', '1.10000');
    const order = expectOk(
      await get(
        api.submitOrder.path,
        {
          type: 1,
          cont: '0.01',
          forex_id: instrumentId('EURUSD'),
          status: 1,
          stop_loss_price: 0,
          target_profit_price: 0,
          multiple: 100,
        },
        { token: who.token },
      ),
      ORDER,
    );
    // Sold back at 1.10206 × (1 − 0.00005) = 1.10200: a price with a trailing zero.
    tick('EURUSD', '1.10206');
    await settled();
    const trade = await c.next('FOREX_TRADE');
    expect(trade.code).toBe(1);
    expect(
      mismatches(
        trade.quotation,
        {
          ProfitsTotal: S,
          HazardRate: S,
          CautionMoneyAll: S,
          TransOrder: [{ Id: N, UpdatePrice: S, FactProfits: S }],
        },
        'quotation',
      ),
    ).toEqual([]);
    const row = trade.quotation.TransOrder.find((o: { Id: number }) => o.Id === order.Id);
    // The live figures read as the order list's: the price at the instrument's precision.
    const listed = (await get(api.myDeal.path, { status: 1, page: 1 }, { token: who.token })).data.data[0];
    expect(row).toEqual({ Id: order.Id, UpdatePrice: listed.UpdatePrice, FactProfits: listed.FactProfits });
    expect(row.UpdatePrice).toBe('1.10200');

    await get(api.closeOrder.path, { id: order.Id }, { token: who.token });
    const closed = await c.next('FOREX_CLOSED');
    expect(closed).toMatchObject({ type: 'FOREX_CLOSED', code: 1, quotation: [order.Id] });
    c.ws.close();
  });
});
