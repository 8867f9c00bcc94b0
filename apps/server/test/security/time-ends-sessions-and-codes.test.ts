import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/http/password';
import { totpCode } from '../../src/http/totp';
import { operatorToken } from '../admin-helpers';
import { lastCode } from '../codes';
import { startTestApp, type TestApp } from '../harness';

// The app's own clock decides: these tests move it and nothing else, no row is backdated (issue 48).
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PASSWORD = 'trader-pass-1';
let serial = 0;

/** A trader with a password and no second factor, unless `totpSecret` is given. */
async function trader(totpSecret?: string) {
  serial += 1;
  const email = `clock-${serial}@example.com`;
  await t.database.db.insert(users).values({
    uid: `clock${serial}`,
    loginType: 'email',
    email,
    inviteCode: `CLK${serial}`,
    passwordHash: await hashPassword(PASSWORD),
    totpSecret: totpSecret ? t.secrets.seal(totpSecret) : null,
  });
  return email;
}

/** Signs in from an address of its own, so no test's sign-in throttle reaches another's. */
const signIn = async (email: string, extra: Record<string, string> = {}) =>
  (
    await t.call('POST', api.login.path, {
      ip: `10.48.0.${++serial}`,
      form: { login_type: 'email', account: email, password: PASSWORD, ...extra },
    })
  ).body;
const infoCode = async (token: string) => (await t.call('GET', api.userInfo.path, { token })).body.code;

describe('a trader away from the app', () => {
  it('is signed out once SESSION_IDLE_DAYS pass without a call, and not a minute sooner', async () => {
    const email = await trader();
    const phone = (await signIn(email)).data.token;
    const laptop = (await signIn(email)).data.token;
    const signedIn = t.clock.now();

    t.clock.set(signedIn + t.config.sessionIdleMs - MINUTE);
    expect(await infoCode(phone)).toBe(Code.OK);
    t.clock.set(signedIn + t.config.sessionIdleMs + MINUTE);
    expect(await infoCode(laptop)).toBe(Code.SESSION_INVALID);
    // The phone was used two minutes before: its idle time runs from then.
    expect(await infoCode(phone)).toBe(Code.OK);
  });

  it('is signed out SESSION_MAX_DAYS after signing in, however often the app was used meanwhile', async () => {
    const email = await trader();
    const token = (await signIn(email)).data.token;
    const signedIn = t.clock.now();
    for (let at = DAY; at < t.config.sessionMaxMs; at += t.config.sessionIdleMs - DAY) {
      t.clock.set(signedIn + at);
      expect(await infoCode(token)).toBe(Code.OK);
    }
    t.clock.set(signedIn + t.config.sessionMaxMs + MINUTE);
    expect(await infoCode(token)).toBe(Code.SESSION_INVALID);
  });
});

describe('a trader signing up with an e-mailed code', () => {
  const register = (email: string, code: string) =>
    t.call('POST', api.register.path, {
      ip: `10.48.1.${++serial}`,
      form: { type: 'email', account: email, password: PASSWORD, re_password: PASSWORD, sms_code: code },
    });

  it('can use it until 10 minutes have passed on the app clock, and not after', async () => {
    const [early, late] = [`early-${serial}@example.com`, `late-${serial}@example.com`];
    for (const email of [early, late]) {
      const sent = await t.call('POST', api.sendEmail.path, {
        ip: `10.48.2.${++serial}`,
        form: { to: email, type: 1 },
      });
      expect(sent.body.code).toBe(Code.OK);
    }
    const sentAt = t.clock.now();

    t.clock.set(sentAt + 10 * MINUTE - 1000);
    expect((await register(early, await lastCode(t, early))).body.code).toBe(Code.OK);
    t.clock.set(sentAt + 10 * MINUTE + 1000);
    expect((await register(late, await lastCode(t, late))).body).toMatchObject({
      code: Code.REFUSED,
      msg: 'The verification code is wrong or has expired',
    });
  });
});

describe('a trader with an authenticator app', () => {
  it('signs in with the code of the time the app runs at, not one of another time', async () => {
    const secret = 'JBSWY3DPEHPK3PXR';
    const email = await trader(secret);
    // An hour away from the app's time: a code of a step far outside the one allowed either way.
    expect((await signIn(email, { totp: totpCode(secret, t.clock.now() + 60 * MINUTE) })).msg).toBe(
      'That authenticator code is not valid',
    );
    expect((await signIn(email, { totp: totpCode(secret, t.clock.now()) })).code).toBe(Code.OK);
  });
});

describe('an operator away from the back office', () => {
  it('is signed out after 30 minutes without a call, and not a minute sooner', async () => {
    const [stays, leaves] = [await operatorToken(t, 'support'), await operatorToken(t, 'support')];
    const me = async (token: string) => (await t.call('GET', '/admin/api/me', { token })).body.code;
    const signedIn = t.clock.now();
    t.clock.set(signedIn + 29 * MINUTE);
    expect(await me(stays.token)).toBe(Code.OK);
    t.clock.set(signedIn + 31 * MINUTE);
    expect(await me(leaves.token)).toBe(Code.SESSION_INVALID);
    expect(await me(stays.token)).toBe(Code.OK);
  });
});
