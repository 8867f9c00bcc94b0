import { api, Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas, loginAttempts } from '../src/accounts/schema';
import { users } from '../src/db/schema';
import { post } from '../src/ledger/post';
import { ledgerEntries } from '../src/ledger/schema';
import { settings } from '../src/settings/schema';
import { backdateCodes as backdate, lastCode as lastCodeOf, lastMessage as lastMessageOf } from './codes';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Fields = Record<string, string | number>;
interface Options {
  query?: Fields;
  form?: Fields;
  token?: string;
  lang?: string;
}

let clients = 0;
/** A caller at an address of its own, so one test's per-address throttles never reach the next. */
function client(ip = `10.1.${Math.floor(clients / 200)}.${(clients++ % 200) + 1}`) {
  const call = async (method: 'GET' | 'POST', url: string, o: Options = {}) => {
    const headers: Record<string, string> = { lang: o.lang ?? 'en' };
    if (o.token) headers.authorization = o.token;
    if (o.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await t.http.inject({
      method,
      url,
      remoteAddress: ip,
      headers,
      query: Object.fromEntries(Object.entries(o.query ?? {}).map(([k, v]) => [k, String(v)])),
      payload: o.form
        ? new URLSearchParams(
            Object.entries(o.form).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString()
        : undefined,
    });
    return res.json();
  };
  return {
    ip,
    get: (url: string, o?: Omit<Options, 'form'>) => call('GET', url, o),
    post: (url: string, form: Fields, o?: Omit<Options, 'form'>) => call('POST', url, { ...o, form }),
  };
}

const db = () => t.database.db;
let emails = 0;
const newEmail = () => `trader${++emails}.${Date.now()}@example.com`;
const PASSWORD = 'secret-pass-1';

const lastMessage = (recipient: string) => lastMessageOf(t, recipient);
const lastCode = (recipient: string) => lastCodeOf(t, recipient);
const backdateCodes = (recipient: string, ms: number) => backdate(t, recipient, ms);
async function areaId(code: string): Promise<number> {
  const res = await client().get(api.areaList.path);
  return res.data.find((a: { code: string }) => a.code === code).id;
}

async function registerByEmail(email = newEmail(), extra: Fields = {}) {
  const c = client();
  expect((await c.post(api.sendEmail.path, { to: email, type: 1 })).code).toBe(Code.OK);
  const res = await c.post(api.register.path, {
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: await lastCode(email),
    ...extra,
  });
  expect(res.code, res.msg).toBe(Code.OK);
  // A minute later: the next code to this address is not held back by the resend wait.
  await backdateCodes(email, 61_000);
  return { email, user: res.data };
}
async function signIn(account: string, password = PASSWORD, c = client()) {
  return c.post(api.login.path, { login_type: 'email', account, password });
}

describe('register', () => {
  it('signs up by e-mail with a code read from the outbox, in the caller language', async () => {
    const email = newEmail();
    const c = client();
    const sent = await c.post(api.sendEmail.path, { to: email.toUpperCase(), type: 1 }, { lang: 'de' });
    expect(sent).toMatchObject({ code: Code.OK, msg: 'Bestätigungscode gesendet' });
    const message = await lastMessage(email);
    expect(message).toMatchObject({ channel: 'email', subject: 'Ihr Meridian-Bestätigungscode' });
    expect(message!.body).toMatch(/^Ihr Meridian-Bestätigungscode lautet \d{6}\./);
    const res = await c.post(api.register.path, {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode(email),
    });
    expect(res).toMatchObject({ code: Code.OK, data: { email, is_demo: 0, is_real: 0 } });
    expect(res.data.uid).toMatch(/^\d{8}$/);
    expect((await signIn(email)).code).toBe(Code.OK);
  });

  it('signs up by mobile with an area code and signs in with or without it', async () => {
    const gb = await areaId('GB');
    const c = client();
    const sent = await c.post(api.sendSms.path, { to: '07700 900123', area_id: gb, type: 1 });
    expect(sent.code).toBe(Code.OK);
    expect((await lastMessage('+447700900123'))?.channel).toBe('sms');
    const res = await c.post(api.register.path, {
      type: 'mobile',
      area_id: gb,
      account: '07700900123',
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode('+447700900123'),
    });
    expect(res).toMatchObject({ code: Code.OK, data: { mobile: '7700900123' } });
    const withArea = { login_type: 'mobile', account: '07700900123', area_id: gb, password: PASSWORD };
    expect((await c.post(api.login.path, withArea)).code).toBe(Code.OK);
    expect((await c.post(api.login.path, { ...withArea, area_id: '', account: '7700900123' })).code).toBe(
      Code.OK,
    );
  });

  it('signs up with a one-use captcha when verify_reg_type is 2 (its answer comes in sms_code)', async () => {
    await db().update(settings).set({ value: '2' }).where(eq(settings.key, 'verify_reg_type'));
    try {
      const c = client();
      const captcha = await c.get(api.captcha.path);
      expect(captcha.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
      const [row] = await db().select().from(captchas).where(eq(captchas.id, captcha.data.id));
      const form = { type: 'email', password: PASSWORD, re_password: PASSWORD, key: captcha.data.id };
      const ok = await c.post(api.register.path, {
        ...form,
        account: newEmail(),
        sms_code: row!.answer.toUpperCase(),
      });
      expect(ok.code).toBe(Code.OK);
      const reused = await c.post(api.register.path, { ...form, account: newEmail(), sms_code: row!.answer });
      expect(reused).toMatchObject({ code: Code.REFUSED, msg: expect.stringContaining('security code') });

      const other = (await c.get(api.captcha.path)).data;
      const wrong = await c.post(api.register.path, {
        ...form,
        key: other.id,
        account: newEmail(),
        sms_code: '?',
      });
      expect(wrong.code).toBe(Code.REFUSED);
      expect(await db().select().from(captchas).where(eq(captchas.id, other.id))).toEqual([]);
    } finally {
      await db().update(settings).set({ value: '1' }).where(eq(settings.key, 'verify_reg_type'));
    }
  });

  it('refuses mismatched and too short passwords, and changes nothing', async () => {
    const email = newEmail();
    const c = client();
    await c.post(api.sendEmail.path, { to: email, type: 1 });
    const form = { type: 'email', account: email, sms_code: await lastCode(email) };
    const mismatch = await c.post(api.register.path, {
      ...form,
      password: PASSWORD,
      re_password: 'other-pass',
    });
    expect(mismatch).toMatchObject({ code: Code.REFUSED, msg: 'The passwords do not match' });
    const short = await c.post(api.register.path, { ...form, password: '12345', re_password: '12345' });
    expect(short.msg).toBe('The password must be 6 to 64 characters long');
    const ok = await c.post(api.register.path, { ...form, password: PASSWORD, re_password: PASSWORD });
    expect(ok.code).toBe(Code.OK);
  });

  it('refuses an account already taken, whatever its case', async () => {
    const { email } = await registerByEmail();
    const c = client();
    expect((await c.post(api.sendEmail.path, { to: email, type: 1 })).msg).toBe(
      'This e-mail or phone number is already registered',
    );
    const res = await c.post(api.register.path, {
      type: 'email',
      account: email.toUpperCase(),
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: '000000',
    });
    expect(res).toMatchObject({
      code: Code.REFUSED,
      msg: 'This e-mail or phone number is already registered',
    });
  });

  it('links the inviter by invite code and refuses an unknown one', async () => {
    const inviter = await registerByEmail();
    const { user } = await registerByEmail(newEmail(), {
      invite_code: inviter.user.invite_code.toLowerCase(),
    });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.inviterId).toBe(inviter.user.id);
    const res = await client().post(api.register.path, {
      type: 'email',
      account: newEmail(),
      password: PASSWORD,
      re_password: PASSWORD,
      invite_code: 'NOPE1234',
    });
    expect(res.msg).toBe('This invitation code is not valid');
  });
});

describe('verification codes', () => {
  const registerWith = (c: ReturnType<typeof client>, email: string, code: string) =>
    c.post(api.register.path, {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: code,
    });

  it('expire after 10 minutes', async () => {
    const email = newEmail();
    const c = client();
    await c.post(api.sendEmail.path, { to: email, type: 1 });
    await backdateCodes(email, 10 * 60_000 + 1000);
    const res = await registerWith(c, email, await lastCode(email));
    expect(res).toMatchObject({ code: Code.REFUSED, msg: 'The verification code is wrong or has expired' });
  });

  it('refuse a wrong code and die after five wrong guesses', async () => {
    const email = newEmail();
    const c = client();
    await c.post(api.sendEmail.path, { to: email, type: 1 });
    const right = await lastCode(email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await registerWith(c, email, wrong)).code).toBe(Code.REFUSED);
    expect((await registerWith(c, email, right)).msg).toBe('The verification code is wrong or has expired');
  });

  it('are used once', async () => {
    const { email } = await registerByEmail();
    const c = client();
    await c.post(api.sendEmail.path, { to: email, type: 2 });
    const form = {
      type: 'email',
      account: email,
      new_password: 'new-pass-1',
      secondary_password: 'new-pass-1',
    };
    const code = await lastCode(email);
    expect((await c.post(api.forgetPassword.path, { ...form, auth_code: code })).code).toBe(Code.OK);
    const again = await c.post(api.forgetPassword.path, { ...form, auth_code: code });
    expect(again.msg).toBe('The verification code is wrong or has expired');
  });

  it('wait 60 seconds between sends to one recipient', async () => {
    const email = newEmail();
    const c = client();
    expect((await c.post(api.sendEmail.path, { to: email, type: 1 })).code).toBe(Code.OK);
    const soon = await c.post(api.sendEmail.path, { to: email, type: 1 });
    expect(soon.code).toBe(Code.RATE_LIMITED);
    expect(soon.msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    // Asking again meanwhile does not push the wait out: it ends a minute after the send.
    t.clock.set(t.clock.now() + 30_000);
    expect((await c.post(api.sendEmail.path, { to: email, type: 1 })).msg).toBe(
      'Please wait 30 seconds before asking for another code',
    );
    await backdateCodes(email, 31_000);
    expect((await c.post(api.sendEmail.path, { to: email, type: 1 })).code).toBe(Code.OK);
  });

  it('stop at 5 an hour per recipient', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) {
      expect((await client().post(api.sendEmail.path, { to: email, type: 1 })).code).toBe(Code.OK);
      await backdateCodes(email, 61_000);
    }
    const capped = await client().post(api.sendEmail.path, { to: email, type: 1 });
    expect(capped).toMatchObject({
      code: Code.RATE_LIMITED,
      msg: 'Too many codes were requested, please try again in an hour',
    });
    await backdateCodes(email, 60 * 60_000);
    expect((await client().post(api.sendEmail.path, { to: email, type: 1 })).code).toBe(Code.OK);
  });

  it('stop at 20 an hour per address', async () => {
    const c = client();
    for (let i = 0; i < 20; i++) {
      expect((await c.post(api.sendEmail.path, { to: newEmail(), type: 1 })).code).toBe(Code.OK);
    }
    expect((await c.post(api.sendEmail.path, { to: newEmail(), type: 1 })).code).toBe(Code.RATE_LIMITED);
    expect((await client().post(api.sendEmail.path, { to: newEmail(), type: 1 })).code).toBe(Code.OK);
  });

  it('answer a reset request for an unknown account like any other, without sending anything', async () => {
    const email = newEmail();
    const res = await client().post(api.sendEmail.path, { to: email, type: 2 });
    expect(res).toMatchObject({ code: Code.OK, msg: 'Verification code sent' });
    expect(await lastMessage(email)).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('gives one answer for an unknown account and a wrong password, and records the history', async () => {
    const { email, user } = await registerByEmail();
    const wrong = await signIn(email, 'wrong-password');
    const unknown = await signIn(newEmail());
    expect(wrong).toEqual({ code: Code.REFUSED, msg: 'Wrong account or password', data: null });
    expect(unknown).toEqual(wrong);
    const ok = await signIn(email);
    expect(ok).toMatchObject({ code: Code.OK, data: { user: { id: user.id, email } } });
    expect(typeof ok.data.token).toBe('string');
    const history = await db().select().from(loginAttempts).where(eq(loginAttempts.userId, user.id));
    expect(history.map((h) => h.success)).toEqual([false, true]);
    expect(history[1]!.ip).toMatch(/^10\.1\./);
  });

  it('holds back an account from an address after 5 failures, even with the right password; other addresses go on', async () => {
    const { email } = await registerByEmail();
    const guesser = client();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(email, 'wrong-password', guesser)).code).toBe(Code.REFUSED);
    }
    expect(await signIn(email, PASSWORD, guesser)).toMatchObject({
      code: Code.RATE_LIMITED,
      msg: 'Too many failed sign-in attempts, please try again in 30 minutes',
    });
    // The guesser cannot lock the owner out: from the owner's own address the account signs in.
    expect((await signIn(email, PASSWORD, client())).code).toBe(Code.OK);
    // Each try past the limit doubles the wait: 15 minutes, then 30, then 60.
    expect((await signIn(email, PASSWORD, guesser)).msg).toBe(
      'Too many failed sign-in attempts, please try again in 60 minutes',
    );
    t.clock.set(t.clock.now() + 61 * 60_000);
    expect((await signIn(email, PASSWORD, guesser)).code).toBe(Code.OK);
  });

  it('counts parallel guesses one by one: no more than 5 get to the password check', async () => {
    const { email } = await registerByEmail();
    const guesser = client();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signIn(email, 'wrong-password', guesser)),
    );
    expect(answers.filter((a) => a.code === Code.REFUSED)).toHaveLength(5);
    expect(answers.filter((a) => a.code === Code.RATE_LIMITED)).toHaveLength(25);
  });

  it('clears an account count on a successful sign-in', async () => {
    const { email } = await registerByEmail();
    for (const _ of [1, 2]) {
      for (let i = 0; i < 4; i++) await signIn(email, 'wrong-password');
      expect((await signIn(email)).code).toBe(Code.OK);
    }
  });

  it('throttles an address after 20 failures on any accounts', async () => {
    const c = client();
    for (let i = 0; i < 20; i++) await signIn(newEmail(), PASSWORD, c);
    expect((await signIn(newEmail(), PASSWORD, c)).code).toBe(Code.RATE_LIMITED);
  });

  it('refuses a disabled account', async () => {
    const { email, user } = await registerByEmail();
    await db().update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await signIn(email)).msg).toBe('This account has been disabled, please contact support');
  });

  it('logout revokes the token', async () => {
    const { email } = await registerByEmail();
    const { token } = (await signIn(email)).data;
    const c = client();
    expect((await c.get(api.userInfo.path, { token })).code).toBe(Code.OK);
    expect((await c.post(api.logout.path, {}, { token })).code).toBe(Code.OK);
    expect((await c.get(api.userInfo.path, { token })).code).toBe(Code.SESSION_INVALID);
  });
});

describe('passwords', () => {
  it('forget_password sets the password and revokes every session', async () => {
    const { email } = await registerByEmail();
    const tokens = [(await signIn(email)).data.token, (await signIn(email)).data.token];
    const c = client();
    await c.post(api.sendEmail.path, { to: email, type: 2 });
    const res = await c.post(api.forgetPassword.path, {
      type: 'email',
      account: email,
      new_password: 'brand-new-1',
      secondary_password: 'brand-new-1',
      auth_code: await lastCode(email),
    });
    expect(res).toMatchObject({ code: Code.OK, msg: 'Password changed, please sign in again' });
    for (const token of tokens) expect((await c.get(api.userInfo.path, { token })).code).toBe(999);
    expect((await signIn(email)).code).toBe(Code.REFUSED);
    expect((await signIn(email, 'brand-new-1')).code).toBe(Code.OK);
  });

  it('amend_password takes a code sent to the signed-in user own address', async () => {
    const { email } = await registerByEmail();
    const { token } = (await signIn(email)).data;
    const c = client();
    expect((await c.post(api.sendEmail.path, { type: 2 }, { token })).code).toBe(Code.OK);
    const res = await c.post(
      api.amendPassword.path,
      { new_password: 'amended-1', auth_code: await lastCode(email), type: 'email' },
      { token },
    );
    expect(res.code).toBe(Code.OK);
    expect((await c.get(api.userInfo.path, { token })).code).toBe(999);
    expect((await signIn(email, 'amended-1')).code).toBe(Code.OK);
  });
});

describe('demo accounts', () => {
  const demoId = () => crypto.randomUUID();

  it('gives the same funded account for the same device uuid', async () => {
    const id = demoId();
    const c = client();
    const first = await c.get(api.createDemo.path, { query: { demo_id: id } });
    const second = await c.get(api.createDemo.path, { query: { demo_id: id } });
    expect(first).toMatchObject({ code: Code.OK, data: { user: { is_demo: 1 } } });
    expect(second.data.user.id).toBe(first.data.user.id);
    expect(second.data.token).not.toBe(first.data.token);
    const balance = await c.get(api.balance.path, { token: second.data.token });
    expect(balance.data).toEqual({ balance: '100000.00' });
    const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, first.data.user.id));
    expect(rows).toMatchObject([{ type: 'demo_reset', amount: '100000.00000000' }]);
    const bad = await c.get(api.createDemo.path, { query: { demo_id: 'x' } });
    expect(bad).toMatchObject({ code: Code.INVALID_INPUT, msg: 'Invalid value for demo_id' });
    // Whoever knows a device's id has its account: a guessable one is refused, and none is stored as sent.
    for (const guessable of [
      'device-reset-0001',
      '00000000-0000-0000-0000-000000000001',
      'aaaaaaaaaaaaaaaaaaaaaaaa',
    ]) {
      expect((await c.get(api.createDemo.path, { query: { demo_id: guessable } })).code).toBe(
        Code.INVALID_INPUT,
      );
    }
    const [stored] = await db().select().from(users).where(eq(users.id, first.data.user.id));
    expect(stored!.demoId).not.toBe(id);
    expect(stored!.demoId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reset sets the balance back with one ledger row, and balance = Σ ledger', async () => {
    const c = client();
    const { token, user } = (await c.get(api.createDemo.path, { query: { demo_id: demoId() } })).data;
    await db().transaction((tx) =>
      post(tx, { userId: user.id, account: 'balance', type: 'trade_fee', amount: '-123.45' }),
    );
    const res = await c.get(api.resetDemo.path, { token });
    expect(res).toMatchObject({
      code: Code.OK,
      msg: 'The demo account has been reset',
      data: { balance: '100000.00' },
    });
    const rows = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.account, 'balance')))
      .orderBy(ledgerEntries.id);
    expect(rows.at(-1)).toMatchObject({ type: 'demo_reset', amount: '123.45000000' });
    const sum = rows.reduce((acc, r) => acc.plus(r.amount), dec(0));
    const detail = await c.get(api.forexDetail.path, { token });
    expect(detail.data).toEqual({ balance: '100000.00', lock_balance: '0.00', withdrawable: '100000.00' });
    expect(sum.toFixed(2)).toBe(detail.data.balance);
  });

  it('is refused on real-only calls, and a real account cannot be reset', async () => {
    const c = client();
    const { token } = (await c.get(api.createDemo.path, { query: { demo_id: demoId() } })).data;
    const amend = await c.post(
      api.amendPassword.path,
      { new_password: 'x-123456', auth_code: '1' },
      { token },
    );
    expect(amend).toMatchObject({
      code: Code.REFUSED,
      msg: 'This needs a real account: sign up or sign in with one',
    });
    const { email } = await registerByEmail();
    const real = (await signIn(email)).data.token;
    expect((await c.get(api.resetDemo.path, { token: real })).msg).toBe('Only a demo account can be reset');
  });
});

describe('the ledger', () => {
  it('lists newest first, 20 a page, localized, with signed 2-decimal values', async () => {
    const c = client();
    const { token, user } = (await c.get(api.createDemo.path, { query: { demo_id: crypto.randomUUID() } }))
      .data;
    await db().transaction(async (tx) => {
      for (let i = 1; i <= 24; i++) {
        await post(tx, { userId: user.id, account: 'balance', type: 'trade_fee', amount: `-${i}.005` });
      }
      await post(tx, {
        userId: user.id,
        account: 'balance',
        type: 'operator_adjust',
        amount: '7',
        note: 'Bonus',
      });
    });
    const first = await c.get(api.ledger.path, { token, query: { page: 1 }, lang: 'de' });
    expect(first.data.total).toBe(26);
    expect(first.data.data).toHaveLength(20);
    expect(first.data.data[0]).toMatchObject({ Value: '7.00', MemoTran: 'Korrektur: Bonus' });
    expect(first.data.data[1]).toMatchObject({ Value: '-24.01', MemoTran: 'Handelsgebühr' });
    expect(first.data.data[0].CreatedAtTran).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const second = await c.get(api.ledger.path, { token, query: { page: 2 } });
    expect(second.data.data).toHaveLength(6);
    expect(second.data.data.at(-1)).toMatchObject({ Value: '100000.00', MemoTran: 'Demo account reset' });
  });
});
