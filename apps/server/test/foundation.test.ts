import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, Code, LANGUAGES } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Channel } from '../src/bus/channels';
import { users } from '../src/db/schema';
import { createSession, revokeSession } from '../src/http/sessions';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'meridian-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Meridian</title>');
  t = await startTestApp({ webDist });
});
afterAll(() => t?.close());

async function newUser(isDemo = false) {
  const suffix = Math.random().toString(36).slice(2, 10);
  const [user] = await t.database.db
    .insert(users)
    .values({ uid: suffix, loginType: 'email', email: `${suffix}@example.com`, inviteCode: suffix, isDemo })
    .returning();
  return { user: user!, token: await createSession(t.database.db, user!.id) };
}

describe('the envelope', () => {
  it('answers a public call with code 1 and data', async () => {
    const res = await t.call('GET', api.basicInfo.path, { query: { t: Date.now() } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: Code.OK,
      msg: 'Success',
      data: {
        service_link: '/support',
        service_link_type: 1,
        verify_reg_type: 1,
        trade_fee_type: 1,
        price_source: 'simulated',
      },
    });
  });

  it('lists every area code with the default first', async () => {
    const res = await t.call('GET', api.areaList.path);
    expect(res.body.code).toBe(1);
    expect(res.body.data.length).toBeGreaterThan(200);
    expect(res.body.data[0]).toMatchObject({ code: 'US', global_code: '1', name: 'United States' });
    const de = res.body.data.find((a: { code: string }) => a.code === 'DE');
    expect(de.global_code).toBe('49');
  });

  it('names areas in the caller language', async () => {
    const res = await t.call('GET', api.areaList.path, { lang: 'fr' });
    expect(res.body.data.find((a: { code: string }) => a.code === 'DE').name).toBe('Allemagne');
  });

  it('reads the is_show_mobile setting and refuses unknown keys', async () => {
    expect((await t.call('GET', api.setting.path, { query: { key: 'is_show_mobile' } })).body.data).toBe('1');
    const unknown = await t.call('GET', api.setting.path, { query: { key: 'password_pepper' } });
    expect(unknown.body).toMatchObject({ code: Code.REFUSED, msg: 'Unknown setting' });
  });

  it('translates msg into every language', async () => {
    const messages = new Set<string>();
    for (const lang of LANGUAGES) {
      const res = await t.call('GET', api.userInfo.path, { lang });
      expect(res.body.code).toBe(Code.SESSION_INVALID);
      messages.add(res.body.msg);
    }
    expect(messages.size).toBe(LANGUAGES.length);
  });
});

describe('sessions', () => {
  it('gives 999 for a missing, unknown or revoked token and the user for a live one', async () => {
    const { user, token } = await newUser();
    expect((await t.call('GET', api.userInfo.path)).body.code).toBe(999);
    expect((await t.call('GET', api.userInfo.path, { token: 'not-a-token' })).body.code).toBe(999);
    const ok = await t.call('GET', api.userInfo.path, { token });
    expect(ok.body).toMatchObject({
      code: 1,
      data: { id: user.id, uid: user.uid, is_demo: 0, email: user.email },
    });
    expect((await t.call('GET', api.userInfo.path, { token: `Bearer ${token}` })).body.code).toBe(1);
    await revokeSession(t.database.db, token, new Date(t.clock.now()));
    expect((await t.call('GET', api.userInfo.path, { token })).body.code).toBe(999);
  });

  it('refuses demo accounts on real-only calls', async () => {
    const { token } = await newUser(true);
    const res = await t.call('GET', api.chargeInfo.path, { token });
    expect(res.body).toMatchObject({
      code: Code.REFUSED,
      msg: 'This needs a real account: sign up or sign in with one',
    });
  });
});

describe('bad input', () => {
  it('answers unreadable JSON with a clear msg and no 5xx', async () => {
    const res = await t.http.inject({
      method: 'POST',
      url: api.login.path,
      headers: { 'content-type': 'application/json', lang: 'de' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({
      code: Code.INVALID_INPUT,
      msg: 'Die Anfrage konnte nicht gelesen werden',
    });
  });

  it('names the field the contract refused', async () => {
    const res = await t.call('GET', api.setting.path, { query: { key: 'x'.repeat(500) } });
    expect(res.body).toMatchObject({ code: Code.INVALID_INPUT, msg: 'Invalid value for key' });
  });

  it('ignores a body of an unknown type', async () => {
    const res = await t.http.inject({
      method: 'POST',
      url: api.login.path,
      headers: { 'content-type': 'application/x-junk' },
      payload: 'junk',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).not.toBe(Code.OK);
  });

  it('answers an unknown API path in the envelope', async () => {
    const res = await t.call('GET', '/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: Code.NOT_FOUND, msg: 'Not found' });
  });
});

describe('the web app', () => {
  it('serves index.html for deep links in history mode, with security headers', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/mine/charge' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Meridian</title>');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers the API with the headers a JSON answer needs, and a policy that allows nothing', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/v1/api/forex/trade_list' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('does not serve the app for a missing asset', async () => {
    const res = await t.http.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('every call of the contract', () => {
  it('answers in the envelope, never with a 404 page', async () => {
    for (const call of Object.values(api)) {
      const res = await t.http.inject({ method: call.method, url: call.path });
      expect(res.statusCode, call.path).toBeLessThan(500);
      expect(res.statusCode, call.path).not.toBe(404);
      expect(typeof res.json().code, call.path).toBe('number');
    }
  });
});

describe('the websocket', () => {
  let url: string;
  beforeAll(async () => {
    await t.http.listen({ port: 0, host: '127.0.0.1' });
    const address = t.http.server.address() as { port: number };
    url = `ws://127.0.0.1:${address.port}/v1/ws`;
  });

  function connect(): Promise<{ ws: WebSocket; next: () => Promise<string> }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const queue: string[] = [];
      const waiters: ((m: string) => void)[] = [];
      ws.on('message', (data) => {
        const text = data.toString();
        const waiter = waiters.shift();
        if (waiter) waiter(text);
        else queue.push(text);
      });
      const next = () =>
        new Promise<string>((res) => {
          const queued = queue.shift();
          if (queued !== undefined) res(queued);
          else waiters.push(res);
        });
      ws.once('open', () => resolve({ ws, next }));
      ws.once('error', reject);
    });
  }

  it('answers ping with pong', async () => {
    const { ws, next } = await connect();
    ws.send('ping');
    expect(await next()).toBe('pong');
    ws.send(JSON.stringify({ type: 'ping' }));
    expect(JSON.parse(await next())).toMatchObject({ type: 'pong', code: 1 });
    ws.close();
  });

  it('delivers a topic only to its subscribers until they unsubscribe', async () => {
    const a = await connect();
    const b = await connect();
    a.ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
    expect(JSON.parse(await a.next())).toMatchObject({ type: 'sub', code: 1, params: 'DAY_MARKET' });
    t.bus.publish(Channel.topic, {
      topic: 'DAY_MARKET',
      message: { type: 'DAY_MARKET', code: 1, symbol: 'EURUSD' },
    });
    expect(JSON.parse(await a.next())).toMatchObject({ type: 'DAY_MARKET', symbol: 'EURUSD' });
    a.ws.send(JSON.stringify({ type: 'unsub', params: 'DAY_MARKET' }));
    expect(JSON.parse(await a.next())).toMatchObject({ type: 'unsub' });
    expect(t.gateway.subscriberCount('DAY_MARKET')).toBe(0);
    b.ws.send('ping');
    expect(await b.next()).toBe('pong');
    a.ws.close();
    b.ws.close();
  });

  it('signs a connection in with its token and sends it the user channel', async () => {
    const { user, token } = await newUser();
    const { ws, next } = await connect();
    ws.send(JSON.stringify({ type: 'login', params: 'bad-token' }));
    expect(JSON.parse(await next())).toMatchObject({ type: 'login_result', code: 999 });
    ws.send(JSON.stringify({ type: 'login', params: token }));
    expect(JSON.parse(await next())).toMatchObject({ type: 'login_result', code: 1 });
    t.bus.publish(Channel.user, {
      userId: user.id,
      message: { type: 'FOREX_CLOSED', code: 1, quotation: [7] },
    });
    expect(JSON.parse(await next())).toMatchObject({ type: 'FOREX_CLOSED', quotation: [7] });
    ws.send(JSON.stringify({ type: 'logout' }));
    expect(JSON.parse(await next())).toMatchObject({ type: 'logout_result', code: 1 });
    ws.close();
  });

  it('answers junk with an error message and stays open', async () => {
    const { ws, next } = await connect();
    for (const junk of ['{', '[]', '{"type":"sub","params":5}', '"x"', 'null']) {
      ws.send(junk);
      expect(JSON.parse(await next())).toMatchObject({ type: 'error', code: Code.INVALID_INPUT });
    }
    ws.send('ping');
    expect(await next()).toBe('pong');
    ws.close();
  });
});
