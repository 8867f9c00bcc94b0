import { Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/http/password';
import { totpCode } from '../../src/http/totp';
import { operators } from '../../src/operators/schema';
import { createOperatorSession } from '../../src/operators/session';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'operator-pass-12345';
const OLD_SECRET = 'JBSWY3DPEHPK3PXP';
let serial = 0;

/** An operator enrolled with OLD_SECRET, and a live session of theirs (as a thief holding it would have). */
async function enrolledOperator() {
  serial += 1;
  const [row] = await t.database.db
    .insert(operators)
    .values({
      email: `totp-swap-${serial}@example.com`,
      passwordHash: await hashPassword(PASSWORD),
      role: 'finance',
      totpSecret: t.secrets.seal(OLD_SECRET),
    })
    .returning();
  return { id: row!.id, email: row!.email, token: await createOperatorSession(t.database.db, row!.id) };
}

const call = (token: string, url: string, payload: object = {}, remoteAddress = '10.46.0.1') =>
  t.http
    .inject({ method: 'POST', url, remoteAddress, headers: { authorization: token, lang: 'en' }, payload })
    .then((r) => r.json() as { code: number; msg: string; data: any });

/** Starts a new enrolment and answers a current code of its new secret. */
const newAuthenticator = async (token: string) =>
  totpCode((await call(token, '/admin/api/totp/setup')).data.secret, t.clock.now());

const secretOf = async (id: number) =>
  t.secrets.open((await t.database.db.select().from(operators).where(eq(operators.id, id)))[0]!.totpSecret!);

describe("an operator's authenticator (issue 46, finding 6)", () => {
  it('cannot be replaced with a stolen session alone, nor with a wrong password or code', async () => {
    const op = await enrolledOperator();
    const enable = (extra: object) =>
      call(op.token, '/admin/api/totp/enable', { code: '', ...extra }).then((a) => a.msg);
    const code = await newAuthenticator(op.token);
    expect(await enable({ code })).toBe(
      'To replace your authenticator app, enter your password and a current code from the app you use now',
    );
    expect(
      await enable({ code, password: 'not-the-password', current_code: totpCode(OLD_SECRET, t.clock.now()) }),
    ).toBe('The current password is wrong');
    expect(await enable({ code, password: PASSWORD, current_code: '000000' })).toBe(
      'That authenticator code is not valid',
    );
    expect(await secretOf(op.id)).toBe(OLD_SECRET);
    expect(
      await enable({ code, password: PASSWORD, current_code: totpCode(OLD_SECRET, t.clock.now()) }),
    ).toBe('Success');
    expect(await secretOf(op.id)).not.toBe(OLD_SECRET);
  });

  it('takes a current code good once: one already used to sign in does not replace it', async () => {
    const op = await enrolledOperator();
    const used = totpCode(OLD_SECRET, t.clock.now());
    const signIn = await t.http.inject({
      method: 'POST',
      url: '/admin/api/login',
      remoteAddress: '10.46.1.1',
      payload: { email: op.email, password: PASSWORD, totp: used },
    });
    expect(signIn.json().code).toBe(Code.OK);
    const code = await newAuthenticator(op.token);
    expect(
      (await call(op.token, '/admin/api/totp/enable', { code, password: PASSWORD, current_code: used })).msg,
    ).toBe('That authenticator code is not valid');
    expect(await secretOf(op.id)).toBe(OLD_SECRET);
  });

  it('cannot have its password guessed through the replacement: tries count against the sign-in throttle', async () => {
    const op = await enrolledOperator();
    const code = await newAuthenticator(op.token);
    const replace = (password: string) =>
      call(
        op.token,
        '/admin/api/totp/enable',
        { code, password, current_code: totpCode(OLD_SECRET, t.clock.now()) },
        '10.46.2.1',
      );
    for (let i = 0; i < 5; i++) expect((await replace(`guess-${i}-wrong`)).code).toBe(Code.REFUSED);
    expect(await replace(PASSWORD)).toMatchObject({ code: Code.RATE_LIMITED });
    // The same count as the sign-in's: that address cannot sign in as the operator either.
    const signIn = await t.http.inject({
      method: 'POST',
      url: '/admin/api/login',
      remoteAddress: '10.46.2.1',
      payload: { email: op.email, password: PASSWORD },
    });
    expect(signIn.json().code).toBe(Code.RATE_LIMITED);
    expect(await secretOf(op.id)).toBe(OLD_SECRET);
  });

  it('is enrolled the first time with the session and a code of the new secret, as before', async () => {
    const op = await enrolledOperator();
    await t.database.db.update(operators).set({ totpSecret: null }).where(eq(operators.id, op.id));
    const code = await newAuthenticator(op.token);
    expect(await call(op.token, '/admin/api/totp/enable', { code })).toMatchObject({
      code: Code.OK,
      data: { totp_enabled: true },
    });
  });
});
