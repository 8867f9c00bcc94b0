import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIMITS } from '../src/http/limits';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startTestApp({ wsMaxPerIp: 3 });
  await t.http.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.http.server.address() as { port: number }).port}/v1/ws`;
});
afterAll(() => t?.close());

function open(): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.once('open', () => resolve({ ws, closed }));
    ws.once('error', reject);
  });
}

describe('abuse limits', () => {
  it('stops a flood of sign-in attempts from one address with a clear msg', async () => {
    const max = LIMITS.login!.max;
    const answers: { status: number; body: any }[] = [];
    for (let i = 0; i <= max; i++) {
      answers.push(
        await t.call('POST', api.login.path, {
          lang: 'fr',
          form: { account: `x${i}@example.com`, password: 'nope', login_type: 'email' },
        }),
      );
    }
    const last = answers.at(-1)!;
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({
      code: Code.RATE_LIMITED,
      msg: 'Trop de requêtes, veuillez réessayer plus tard',
    });
    expect(answers.every((a) => a.status < 500)).toBe(true);
  });

  it('limits websocket connections per address', async () => {
    const sockets = [await open(), await open(), await open()];
    const fourth = await open();
    expect(await fourth.closed).toBe(1008);
    for (const s of sockets) s.ws.close();
  });

  it('closes a connection that floods messages', async () => {
    const { ws, closed } = await open();
    for (let i = 0; i < 200; i++) ws.send('ping');
    expect(await closed).toBe(1008);
  });
});

describe('cross-origin requests', () => {
  it('allows only the configured origins', async () => {
    const app = await startTestApp({ corsOrigins: ['https://app.example'] });
    const preflight = (origin: string) =>
      app.http.inject({
        method: 'OPTIONS',
        url: api.tradeList.path,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('https://app.example')).headers['access-control-allow-origin']).toBe(
      'https://app.example',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });
});
