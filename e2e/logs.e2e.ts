import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSession, type RunningServer, startServer } from './harness';
import { freePort } from './local';

/**
 * The server at its production log level: whatever a user or an operator sends, the log must not hold it.
 * Codes go out by SMS to a webhook of the test's own, the way a provider would get them: the outbox
 * masks them, and an info log never holds them.
 */
let server: RunningServer;
let provider: Server;
const texts: { to: string; text: string }[] = [];
beforeAll(async () => {
  const port = await freePort();
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      texts.push(JSON.parse(body));
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(port, '127.0.0.1', resolve));
  server = await startServer({ LOG_LEVEL: 'info', SMS_URL: `http://127.0.0.1:${port}/sms` });
});
afterAll(async () => {
  await server?.stop();
  provider?.close();
});

async function call(
  path: string,
  options: { token?: string; form?: Record<string, string>; query?: string } = {},
) {
  const headers: Record<string, string> = { lang: 'en' };
  if (options.token) headers.authorization = options.token;
  const url = `${server.url}${path}${options.query ? `?${options.query}` : ''}`;
  const res = options.form
    ? await fetch(url, { method: 'POST', headers, body: new URLSearchParams(options.form) })
    : await fetch(url, { headers });
  return (await res.json()) as { code: number; msg: string; data: any };
}

describe('logs at the info level', () => {
  it('hold no password, token, one-time code or device id of the calls they record', async () => {
    texts.length = 0; // a retry's: its first try's text is not this one's
    const operatorToken = await operatorSession(server);
    const areas: { id: number; code: string }[] = (await call('/api/default/area_list')).data;
    const gb = String(areas.find((a) => a.code === 'GB')!.id);
    const phone = `07700 9${String(randomBytes(3).readUIntBE(0, 3) % 100_000).padStart(5, '0')}`;
    expect((await call('/api/notify/send_sms', { form: { to: phone, area_id: gb, type: '1' } })).code).toBe(
      1,
    );
    await expect.poll(() => texts.length).toBe(1);
    const code = /\b(\d{6})\b/.exec(texts[0]!.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const password = `Pw-${randomBytes(6).toString('hex')}`;
    const registered = await call('/api/user/register', {
      form: { type: 'mobile', area_id: gb, account: phone, password, re_password: password, sms_code: code },
    });
    expect(registered.code).toBe(1);
    const login = await call('/api/user/loginForU', {
      form: { login_type: 'mobile', area_id: gb, account: phone, password },
    });
    expect(login.code).toBe(1);
    const token: string = login.data.token;
    expect((await call('/api/user/info', { token })).code).toBe(1);
    const wrong = await call('/api/user/loginForU', {
      form: { login_type: 'mobile', area_id: gb, account: phone, password: `${password}-typo` },
    });
    expect(wrong.code).not.toBe(1);
    const demoId = `device-${randomBytes(8).toString('hex')}`;
    expect((await call('/api/user/createAccountDemoForU', { query: `demo_id=${demoId}` })).code).toBe(1);
    expect((await call('/api/user/logout', { token, form: {} })).code).toBe(1);

    await new Promise((r) => setTimeout(r, 500));
    const log = server.output();
    // The calls were logged (paths, outbox lines), just not their secrets.
    expect(log).toContain('/api/user/loginForU');
    // (The first operator's password is printed once at the first start on purpose: README "Run it".)
    for (const secret of [password, token, demoId, operatorToken]) {
      expect(log).not.toContain(secret);
    }
    // Digits alone: a timestamp may hold the same six digits inside a longer number.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
