import { api, Code } from '@meridian/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '../../src/accounts/schema';
import { loadConfig, throwawaySecrets } from '../../src/config';
import { users } from '../../src/db/schema';
import { uploads } from '../../src/funding/schema';
import { hashPassword, setPasswordCost } from '../../src/http/password';
import { deleteUnusedUploads, UNUSED_UPLOADS_MAX } from '../../src/uploads/service';
import { adminCall, operatorToken, trader } from '../admin-helpers';
import { lastCode } from '../codes';
import { PNG, startFundingApp, upload } from '../funding-fixtures';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startFundingApp();
});
afterAll(() => t?.close());

describe('production refuses to start on defaults someone else could know (issue 19, critical 2 and 5)', () => {
  const { OPERATOR_PASSWORD, SECRET_KEY } = throwawaySecrets();
  const production = { DATABASE_URL: 'postgres://u@127.0.0.1:1/x', OPERATOR_PASSWORD };
  it('needs SECRET_KEY, and a way to deliver codes unless OUTBOX_ONLY says the outbox is on purpose', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail:25' })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ ...production, SECRET_KEY })).toThrow(/SMTP_URL or SMS_URL/);
    expect(loadConfig({ ...production, SECRET_KEY, OUTBOX_ONLY: 'true' }).secretKey).toHaveLength(32);
    expect(() => loadConfig({ ...production, SECRET_KEY: 'short', SMTP_URL: 'smtp://mail:25' })).toThrow(
      /32 bytes/,
    );
  });

  it('refuses TRUST_PROXY=true, and takes a hop count or a list of proxies', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/trusts any X-Forwarded-For/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('a forged X-Forwarded-For (issue 19, high 4)', () => {
  it('does not change the address counted: without a trusted proxy the header is ignored', async () => {
    const answers = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.http.inject({
        method: 'POST',
        url: api.login.path,
        remoteAddress: '10.7.0.1',
        headers: { lang: 'en', 'x-forwarded-for': `203.0.113.${i}` },
        payload: { login_type: 'email', account: `forged${i}@example.com`, password: 'whatever-1' },
      });
      answers.push(res.json().code);
    }
    expect(answers.slice(0, 20).every((c) => c === Code.REFUSED)).toBe(true);
    expect(answers.slice(20)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED]);
  });

  it('behind one proxy (TRUST_PROXY=1), counts the address the proxy saw, whatever the client wrote before it', async () => {
    const behind = await startTestApp({ trustProxy: 1 });
    try {
      const codes = [];
      for (let i = 0; i < 22; i++) {
        // The proxy appends the client it saw (198.51.100.7) to what the client sent.
        const res = await behind.http.inject({
          method: 'POST',
          url: api.login.path,
          remoteAddress: '10.7.0.2',
          headers: { lang: 'en', 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
          payload: { login_type: 'email', account: `proxied${i}@example.com`, password: 'whatever-1' },
        });
        codes.push(res.json().code);
      }
      expect(codes.slice(20)).toEqual([Code.RATE_LIMITED, Code.RATE_LIMITED]);
      // Another client behind the same proxy is counted apart.
      const other = await behind.http.inject({
        method: 'POST',
        url: api.login.path,
        remoteAddress: '10.7.0.2',
        headers: { lang: 'en', 'x-forwarded-for': '198.51.100.8' },
        payload: { login_type: 'email', account: 'proxied-other@example.com', password: 'whatever-1' },
      });
      expect(other.json().code).toBe(Code.REFUSED);
    } finally {
      await behind.close();
    }
  });
});

describe('codes (issue 19, medium)', () => {
  it('let no more than 5 of 20 parallel guesses be checked; then not even the right code works', async () => {
    const email = `guess.${Date.now()}@example.com`;
    await t.call('POST', api.sendEmail.path, { form: { to: email, type: 1 } });
    const code = await lastCode(t, email);
    // Each from its own address: the per-address request ceiling is not what is under test.
    let n = 0;
    const register = (guess: string) =>
      t.call('POST', api.register.path, {
        ip: `10.6.0.${++n}`,
        form: {
          type: 'email',
          account: email,
          password: 'pass-1234',
          re_password: 'pass-1234',
          sms_code: guess,
        },
      });
    const wrong = code === '000000' ? '111111' : '000000';
    await Promise.all(Array.from({ length: 20 }, () => register(wrong)));
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.recipient, email));
    expect(row!.wrongTries).toBe(5);
    expect((await register(code)).body.msg).toBe('The verification code is wrong or has expired');
  });

  it('are masked in the outbox as operators see it', async () => {
    const email = `masked.${Date.now()}@example.com`;
    await t.call('POST', api.sendEmail.path, { form: { to: email, type: 1 } });
    const support = await operatorToken(t, 'support');
    const outbox = await adminCall(t, 'GET', '/admin/api/outbox', support.token, { recipient: email });
    expect(outbox.data.rows[0].body).toMatch(/is ••••••\./);
    expect(outbox.data.rows[0].body).not.toContain(await lastCode(t, email));
  });
});

describe('addresses traders are sent to (issue 19, medium)', () => {
  it('are https only, and the pages may frame the support link’s host and no other', async () => {
    const admin = await operatorToken(t, 'admin');
    for (const setting of [
      { company_loss_url: 'http://example.com/' },
      { service_link: 'http://chat.example.com/' },
    ]) {
      expect((await adminCall(t, 'POST', '/admin/api/settings', admin.token, setting)).code).toBe(
        Code.INVALID_INPUT,
      );
    }
    expect(
      (
        await adminCall(t, 'POST', '/admin/api/settings', admin.token, {
          service_link: 'https://chat.example.com/room',
        })
      ).code,
    ).toBe(1);
    const page = await t.http.inject({ method: 'GET', url: '/some/page' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://chat.example.com");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/frame-src[^;]*https:(?!\/\/)/);
    await adminCall(t, 'POST', '/admin/api/settings', admin.token, { service_link: '/support' });
  });
});

describe('uploads (issue 19, medium)', () => {
  it('keep at most 20 unused pictures a trader, and delete the unused a day after', async () => {
    const who = await trader(t, 'uploader');
    for (let i = 0; i < UNUSED_UPLOADS_MAX; i++) expect((await upload(t, who.token, PNG)).code).toBe(1);
    expect(await upload(t, who.token, PNG)).toMatchObject({
      code: Code.REFUSED,
      msg: 'Too many pictures not used yet: send them with a form, or try again tomorrow',
    });
    await t.database.db
      .update(uploads)
      .set({ createdAt: sql`${uploads.createdAt} - interval '25 hours'` })
      .where(eq(uploads.userId, who.id));
    expect(await deleteUnusedUploads(t.database.db, t.uploads, Date.now())).toBeGreaterThanOrEqual(20);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, who.id))).toEqual([]);
    expect((await upload(t, who.token, PNG)).code).toBe(1);
  });
});

describe('passwords (issue 19, medium)', () => {
  it('are hashed again at the next sign-in when the cost has been raised', async () => {
    const who = await trader(t, 'rehash');
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('pass-rehash-1') })
      .where(eq(users.id, who.id));
    setPasswordCost(15);
    try {
      const res = await t.http.inject({
        method: 'POST',
        url: api.login.path,
        remoteAddress: '10.7.9.9',
        payload: { login_type: 'email', account: 'rehash@example.com', password: 'pass-rehash-1' },
      });
      expect(res.json().code).toBe(1);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, who.id));
      expect(row!.passwordHash!.split('$')[1]).toBe(String(2 ** 15));
    } finally {
      setPasswordCost(t.config.passwordLogN);
    }
  });
});
