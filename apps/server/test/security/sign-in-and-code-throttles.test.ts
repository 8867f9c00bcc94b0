import { api, Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCodes, users } from '../../src/db/schema';
import { hashPassword } from '../../src/http/password';
import { totpCode } from '../../src/http/totp';
import { operators } from '../../src/operators/schema';
import { ownCode } from '../codes';
import { addDemoFunding } from '../demo-data';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
let usdt: number;
let us: number;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  await addDemoFunding(t);
  const { token } = await d.trader('0');
  const currencies = (await t.call('GET', api.drawSymbolList.path, { token, query: { type: 1 } })).body.data;
  usdt = currencies.find((c: { code: string }) => c.code === 'USDT').id;
  const [area] = await t.database.db.select().from(areaCodes).where(eq(areaCodes.code, 'US'));
  us = area!.id;
});
afterAll(() => t?.close());

const PASSWORD = 'trader-pass-1';
const MINUTE = 60_000;

let addresses = 0;
/** An address no other request of this file used: its own limits are clean. */
const cleanAddress = () => `10.46.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

/** A trader with a password, and whatever else `values` sets (a mobile number, a TOTP secret). */
async function trader(values: Partial<typeof users.$inferInsert> = {}) {
  const { id, token } = await d.trader('100');
  const [user] = await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD), ...values })
    .where(eq(users.id, id))
    .returning();
  return { id, token, email: user!.email! };
}

type Answer = { code: number; msg: string; data: any };
const signIn = (form: Record<string, string | number>, ip = cleanAddress()) =>
  t
    .call('POST', api.login.path, { ip, form: { login_type: 'email', password: PASSWORD, ...form } })
    .then((r) => r.body as Answer);
const post = (token: string, path: string, form: Record<string, string | number>) =>
  t.call('POST', path, { token, form }).then((r) => r.body as Answer);

/** The wait a throttled answer gives, in minutes. */
const minutesIn = (msg: string) => Number(/(\d+) minutes/.exec(msg)?.[1]);

describe('a stranger cannot lock an account out (issue 46, finding 3)', () => {
  it('110 wrong passwords from many addresses hold a trader back minutes, not a day; the owner signs in from a clean address after', async () => {
    const { email } = await trader();
    const start = t.clock.now();
    // 5 from each of 22 addresses: no address goes past its own limits.
    for (let a = 0; a < 22; a++) {
      const ip = cleanAddress();
      for (let i = 0; i < 5; i++) await signIn({ account: email, password: 'wrong' }, ip);
    }
    const held = await signIn({ account: email });
    expect(held.code).toBe(Code.RATE_LIMITED);
    expect(minutesIn(held.msg)).toBeLessThanOrEqual(15);
    // Knocking on while it is held does not hold it longer.
    t.clock.set(start + 10 * MINUTE);
    for (let a = 0; a < 4; a++) {
      const ip = cleanAddress();
      for (let i = 0; i < 5; i++) await signIn({ account: email, password: 'wrong' }, ip);
    }
    t.clock.set(start + 16 * MINUTE);
    expect((await signIn({ account: email })).code).toBe(Code.OK);
  });

  it('110 wrong passwords in a burst at the back-office sign-in hold back that address, not the operator', async () => {
    const email = `locked-out-${Date.now()}@example.com`;
    const password = 'operator-pass-12345';
    await t.database.db
      .insert(operators)
      .values({ email, passwordHash: await hashPassword(password), role: 'support' });
    const login = (form: Record<string, string>, ip: string) =>
      t.call('POST', '/admin/api/login', { ip, form });
    const ip = cleanAddress();
    const burst = [];
    for (let i = 0; i < 110; i++) burst.push(await login({ email, password: 'wrong' }, ip));
    // A request ceiling per address, then the per-address sign-in rule: 5 passwords checked at most.
    expect(burst.filter((a) => a.status === 429)).toHaveLength(80);
    expect(burst.filter((a) => a.body.code === Code.REFUSED)).toHaveLength(5);
    expect((await login({ email, password }, cleanAddress())).body.code).toBe(Code.OK);
  });
});

describe('a mobile number typed another way gets no fresh tries (issue 46, finding 4)', () => {
  /** Six ways to type one US number, the last without its area; each was counted apart by its digits. */
  const spellings = (national: string): Record<string, string | number>[] => {
    const [a, b, c] = [national.slice(0, 3), national.slice(3, 6), national.slice(6)];
    return [
      { account: national, area_id: us },
      { account: `+1 ${national}`, area_id: us },
      { account: `(${a}) ${b}-${c} x4`, area_id: us },
      { account: `${a}.${b}.${c} ext. 56`, area_id: us },
      { account: `+1 (${a}) ${b}-${c} x7`, area_id: us },
      { account: `${a}-${b}-${c}` },
    ];
  };
  /** Wrong passwords in the first five spellings from one address, then the right one in the sixth. */
  async function tryEverySpelling(national: string) {
    const ip = cleanAddress();
    const all = spellings(national);
    const answers = [];
    for (const spelling of all.slice(0, 5)) {
      answers.push(await signIn({ login_type: 'mobile', password: 'wrong', ...spelling }, ip));
    }
    answers.push(await signIn({ login_type: 'mobile', ...all[5] }, ip));
    return answers;
  }

  it('counts every spelling of a trader’s number against the one account: the sixth try is held back', async () => {
    await trader({ loginType: 'mobile', areaId: us, mobile: '2015550123' });
    const answers = await tryEverySpelling('2015550123');
    expect(answers.slice(0, 5).map((a) => a.msg)).toEqual(Array(5).fill('Wrong account or password'));
    expect(answers[5]!.code).toBe(Code.RATE_LIMITED);
    // The account itself is not locked: from another address, any spelling signs in.
    const elsewhere = await signIn({ login_type: 'mobile', account: '+1 201-555-0123', area_id: us });
    expect(elsewhere.code).toBe(Code.OK);
  });

  it('holds back an unknown number after as many tries, however it is typed: the answers tell nothing', async () => {
    await trader({ loginType: 'mobile', areaId: us, mobile: '2015550124' });
    const known = await tryEverySpelling('2015550124');
    const unknown = await tryEverySpelling('2015550199');
    expect(unknown).toEqual(known);
    expect(unknown[5]!.code).toBe(Code.RATE_LIMITED);
  });
});

describe('every code an account is asked for shares one throttle (issue 46, finding 5)', () => {
  const SECRET = 'JBSWY3DPEHPK3PXT';
  /** A code the authenticator shows at none of the steps it would accept now. */
  const wrongCode = () => {
    const valid = [-30_000, 0, 30_000].map((shift) => totpCode(SECRET, t.clock.now() + shift));
    return ['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c))!;
  };
  const bindForm = { type: 1, dc_address: 'TGuessedAddress123456' };

  it('a stolen session guessing authenticator codes at bind_draw_method gets 5, then not even the right code is checked', async () => {
    const { id, token } = await trader({ totpSecret: t.secrets.seal(SECRET) });
    const bind = (totp: string) =>
      t
        .call('POST', api.bindDrawMethod.path, {
          token,
          lang: 'de',
          form: { ...bindForm, draw_id: usdt, totp },
        })
        .then((r) => r.body as Answer);
    const guesses = await Promise.all(Array.from({ length: 30 }, () => bind(wrongCode())));
    expect(guesses.filter((g) => g.msg === 'Dieser Authenticator-Code ist ungültig')).toHaveLength(5);
    const held = guesses.filter((g) => g.code === Code.RATE_LIMITED);
    expect(held).toHaveLength(25);
    expect(held[0]!.msg).toMatch(/^Zu viele falsche Codes, bitte in \d+ Minuten erneut versuchen$/);
    expect((await bind(totpCode(SECRET, t.clock.now()))).code).toBe(Code.RATE_LIMITED);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.totpLastStep).toBeNull();
  });

  /** The calls that take a code e-mailed to the signed-in trader: send_email's type, and the form. */
  const emailedCodeCalls = {
    'step-up code at bind_draw_method': {
      type: 3,
      path: api.bindDrawMethod.path,
      form: () => ({ ...bindForm, draw_id: usdt }),
    },
    'code at amend_password': {
      type: 2,
      path: api.amendPassword.path,
      form: () => ({ type: 'email', new_password: 'changed-1' }),
    },
  } as const;

  it.each(Object.entries(emailedCodeCalls))(
    'a stolen session gets no fresh tries at an e-mailed %s by asking for a new code',
    async (_, call) => {
      const { token, email } = await trader();
      const send = (auth_code: string) => post(token, call.path, { ...call.form(), auth_code });
      const first = await ownCode(t, token, email, call.type);
      for (let i = 0; i < 5; i++) {
        expect((await send(first === '000000' ? '111111' : '000000')).msg).toBe(
          'The verification code is wrong or has expired',
        );
      }
      const fresh = await ownCode(t, token, email, call.type);
      expect((await send(fresh)).code).toBe(Code.RATE_LIMITED);
    },
  );

  it('wrong codes at turning the authenticator off, binding and withdrawing leave none for the sign-in’s second factor', async () => {
    const { token, email } = await trader({ totpSecret: t.secrets.seal(SECRET) });
    await post(token, api.totpDisable.path, { code: wrongCode() });
    await post(token, api.totpDisable.path, { code: wrongCode() });
    await post(token, api.bindDrawMethod.path, { ...bindForm, draw_id: usdt, totp: wrongCode() });
    await post(token, api.bindDrawMethod.path, { ...bindForm, draw_id: usdt, totp: wrongCode() });
    const draw = { draw_currency_id: usdt, number: '10', memo: '', draw_method_id: 1, totp: wrongCode() };
    expect((await post(token, api.draw.path, draw)).msg).toBe('That authenticator code is not valid');
    expect((await signIn({ account: email, totp: totpCode(SECRET, t.clock.now()) })).code).toBe(
      Code.RATE_LIMITED,
    );
  });
});
