import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './harness';

/** The server at its production log level: whatever a user or an operator sends, the log must not hold it. */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'info' });
});
afterAll(() => server?.stop());

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
    const operator = await call('/admin/api/login', {
      form: { email: 'admin@meridian.local', password: 'meridian-admin' },
    });
    expect(operator.code).toBe(1);
    const email = `quiet.${randomBytes(4).toString('hex')}@example.com`;
    expect((await call('/api/notify/send_email', { form: { to: email, type: '1' } })).code).toBe(1);
    const outbox = await call('/admin/api/outbox', {
      token: operator.data.token,
      query: `recipient=${email}`,
    });
    const code = /\b(\d{6})\b/.exec(outbox.data.rows[0].body)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const password = `Pw-${randomBytes(6).toString('hex')}`;
    const registered = await call('/api/user/register', {
      form: { type: 'email', account: email, password, re_password: password, sms_code: code },
    });
    expect(registered.code).toBe(1);
    const login = await call('/api/user/loginForU', {
      form: { login_type: 'email', account: email, password },
    });
    expect(login.code).toBe(1);
    const token: string = login.data.token;
    expect((await call('/api/user/info', { token })).code).toBe(1);
    const wrong = await call('/api/user/loginForU', {
      form: { login_type: 'email', account: email, password: `${password}-typo` },
    });
    expect(wrong.code).not.toBe(1);
    const demoId = `device-${randomBytes(8).toString('hex')}`;
    expect((await call('/api/user/createAccountDemoForU', { query: `demo_id=${demoId}` })).code).toBe(1);
    expect((await call('/api/user/logout', { token, form: {} })).code).toBe(1);

    await new Promise((r) => setTimeout(r, 500));
    const log = server.output();
    // The calls were logged (paths, outbox lines), just not their secrets.
    expect(log).toContain('/api/user/loginForU');
    expect(log).toContain(email);
    // (The embedded operator's default password is printed at start on purpose: README "Run it".)
    for (const secret of [password, token, demoId, operator.data.token]) {
      expect(log).not.toContain(secret);
    }
    // Digits alone: a timestamp may hold the same six digits inside a longer number.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
