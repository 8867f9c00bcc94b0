import { Code } from '@meridian/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/http/password';
import { totpCode } from '../../src/http/totp';
import { operatorLoginAttempts, operatorSessions, operators } from '../../src/operators/schema';
import { requireOperatorTotp } from '../../src/operators/session';
import { seed } from '../../src/seed';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

let serial = 0;
const PASSWORD = 'operator-pass-12345';
/** An operator past its first-sign-in steps, with TOTP when `secret` is given. */
async function operator(secret?: string) {
  serial += 1;
  const email = `sec-op-${serial}@example.com`;
  const [row] = await t.database.db
    .insert(operators)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      role: 'support',
      totpSecret: secret ? t.secrets.seal(secret) : null,
    })
    .returning();
  return { id: row!.id, email };
}

const login = (form: Record<string, string>, remoteAddress = '10.9.0.1') =>
  t.http
    .inject({
      method: 'POST',
      url: '/admin/api/login',
      remoteAddress,
      headers: { lang: 'en' },
      payload: form,
    })
    .then((r) => r.json() as { code: number; msg: string; data: any });

describe('operator sign-in throttle (issue 19, critical 1)', () => {
  it('cuts an address off after 5 tries on one operator, records each, and lets it try again after the wait', async () => {
    const op = await operator();
    for (let i = 0; i < 5; i++) {
      expect(await login({ email: op.email, password: 'wrong' }, '10.9.1.1')).toMatchObject({
        code: Code.REFUSED,
        msg: 'Wrong e-mail, password or code',
      });
    }
    const cut = await login({ email: op.email, password: PASSWORD }, '10.9.1.1');
    expect(cut).toMatchObject({ code: Code.RATE_LIMITED });
    const attempts = await t.database.db
      .select()
      .from(operatorLoginAttempts)
      .where(eq(operatorLoginAttempts.email, op.email));
    expect(attempts.map((a) => a.outcome)).toEqual([
      'password',
      'password',
      'password',
      'password',
      'password',
    ]);
    t.clock.set(t.clock.now() + 31 * 60_000);
    expect((await login({ email: op.email, password: PASSWORD }, '10.9.1.1')).code).toBe(1);
  });

  it('answers an unknown e-mail as a wrong password, and a disabled operator the same', async () => {
    const op = await operator();
    await t.database.db.update(operators).set({ disabled: true }).where(eq(operators.id, op.id));
    const answers = await Promise.all([
      login({ email: 'nobody-here@example.com', password: PASSWORD }, '10.9.2.1'),
      login({ email: op.email, password: 'wrong' }, '10.9.2.2'),
      login({ email: op.email, password: PASSWORD }, '10.9.2.3'),
    ]);
    expect(new Set(answers.map((a) => `${a.code} ${a.msg}`))).toEqual(
      new Set([`${Code.REFUSED} Wrong e-mail, password or code`]),
    );
  });

  it('lets no more than 5 of 30 parallel guesses reach the password check', async () => {
    const op = await operator();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login({ email: op.email, password: 'wrong' }, '10.9.3.1')),
    );
    expect(answers.filter((a) => a.code === Code.REFUSED)).toHaveLength(5);
  });

  it('caps second-factor guesses, and takes each code once', async () => {
    const secret = 'JBSWY3DPEHPK3PXQ';
    const op = await operator(secret);
    expect(await login({ email: op.email, password: PASSWORD })).toMatchObject({
      code: Code.REFUSED,
      msg: 'Enter the code from your authenticator app',
      data: { totp_required: true },
    });
    const code = totpCode(secret, t.clock.now());
    expect((await login({ email: op.email, password: PASSWORD, totp: code }, '10.9.4.1')).code).toBe(1);
    // The same code again, from anywhere: used up.
    expect(await login({ email: op.email, password: PASSWORD, totp: code }, '10.9.4.2')).toMatchObject({
      msg: 'That authenticator code is not valid',
    });
    // Wrong codes with the right password, each from its own address: cut off after 5 in all.
    const guesses = [];
    for (let i = 0; i < 6; i++)
      guesses.push(await login({ email: op.email, password: PASSWORD, totp: '000000' }, `10.9.5.${i}`));
    expect(guesses.map((g) => g.code)).toEqual([
      Code.REFUSED,
      Code.REFUSED,
      Code.REFUSED,
      Code.REFUSED,
      Code.RATE_LIMITED,
      Code.RATE_LIMITED,
    ]);
    // The secret is kept sealed, not as the app shows it.
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, op.id));
    expect(row!.totpSecret).not.toContain(secret);
  });
});

describe('the first operator (issue 19, critical 2)', () => {
  it('must choose its own password before anything else opens; the old one stops working', async () => {
    // A first start of its own (the suite's database may be shared), in embedded mode: no TOTP asked.
    const email = `first-${Date.now()}@meridian.local`;
    const first = (
      await seed(t.database.db, { ...t.config, operatorEmail: email, operatorPassword: undefined })
    ).operatorPassword!;
    expect(first).toMatch(/^[A-Za-z0-9]{20}$/);
    const [stored] = await t.database.db.select().from(operators).where(eq(operators.email, email));
    expect(stored!.passwordHash).not.toContain(first);
    requireOperatorTotp(t.database.db, false);
    try {
      await firstSignIn(email, first);
    } finally {
      requireOperatorTotp(t.database.db, Boolean(t.config.databaseUrl));
    }
  });

  async function firstSignIn(email: string, first: string) {
    const signedIn = await login({ email, password: first }, '10.9.6.1');
    expect(signedIn.data.operator).toMatchObject({
      must_change_password: true,
      pending: 'operator_password_change_required',
    });
    const token = signedIn.data.token as string;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.http
        .inject({ method, url, headers: { authorization: token, lang: 'en' }, payload })
        .then((r) => r.json() as { code: number; msg: string; data: any });
    expect(await call('GET', '/admin/api/users')).toMatchObject({
      code: Code.FORBIDDEN,
      msg: 'Choose your own password before you go on',
    });
    expect((await call('GET', '/admin/api/me')).code).toBe(1);
    expect(
      (await call('POST', '/admin/api/password', { current_password: first, new_password: 'short' })).code,
    ).toBe(Code.INVALID_INPUT);
    expect(
      (
        await call('POST', '/admin/api/password', {
          current_password: 'wrong',
          new_password: 'a-much-longer-one',
        })
      ).msg,
    ).toBe('The current password is wrong');
    const changed = await call('POST', '/admin/api/password', {
      current_password: first,
      new_password: 'a-much-longer-one',
    });
    expect(changed.data).toMatchObject({ must_change_password: false, pending: null });
    expect((await call('GET', '/admin/api/users')).code).toBe(1);
    expect((await login({ email, password: first }, '10.9.6.2')).code).toBe(Code.REFUSED);
    expect((await login({ email, password: 'a-much-longer-one' }, '10.9.6.3')).code).toBe(1);
  }

  it('in production mode, must enrol TOTP before anything else opens, and signs in with it after', async () => {
    const op = await operator();
    requireOperatorTotp(t.database.db, true);
    try {
      const { token } = (await login({ email: op.email, password: PASSWORD }, '10.9.7.1')).data;
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.http
          .inject({ method, url, headers: { authorization: token, lang: 'en' }, payload })
          .then((r) => r.json() as { code: number; msg: string; data: any });
      expect((await call('GET', '/admin/api/users')).msg).toBe(
        'Set up your authenticator app before you go on',
      );
      const setup = await call('POST', '/admin/api/totp/setup');
      expect(
        (await call('POST', '/admin/api/totp/enable', { code: totpCode(setup.data.secret, t.clock.now()) }))
          .data,
      ).toMatchObject({
        totp_enabled: true,
        pending: null,
      });
      // The session opened with the password alone was ended with the enrolment, this one kept.
      expect((await call('GET', '/admin/api/users')).code).toBe(1);
      const [row] = await t.database.db.select().from(operators).where(eq(operators.id, op.id));
      expect(row!.totpSecret).not.toContain(setup.data.secret);
    } finally {
      requireOperatorTotp(t.database.db, Boolean(t.config.databaseUrl));
    }
  });
});

describe('operator sessions (issue 19, high 3)', () => {
  it('end after 30 minutes unused and 12 hours after sign-in', async () => {
    const op = await operator();
    const tokenOf = async (address: string) =>
      (await login({ email: op.email, password: PASSWORD }, address)).data.token;
    const me = (token: string) =>
      t.http
        .inject({ method: 'GET', url: '/admin/api/me', headers: { authorization: token } })
        .then((r) => r.json().code);
    const idle = await tokenOf('10.9.8.1');
    const old = await tokenOf('10.9.8.2');
    expect([await me(idle), await me(old)]).toEqual([1, 1]);
    const [newest, previous] = await t.database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, op.id))
      .orderBy(desc(operatorSessions.id));
    await t.database.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(t.clock.now() - 31 * 60_000) })
      .where(eq(operatorSessions.id, previous!.id));
    await t.database.db
      .update(operatorSessions)
      .set({ createdAt: new Date(t.clock.now() - 13 * 60 * 60_000) })
      .where(eq(operatorSessions.id, newest!.id));
    expect([await me(idle), await me(old)]).toEqual([Code.SESSION_INVALID, Code.SESSION_INVALID]);
  });
});
