import { api, Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCodes, operators, users } from '../../src/db/schema';
import { hashPassword } from '../../src/http/password';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
let us: number;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
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
