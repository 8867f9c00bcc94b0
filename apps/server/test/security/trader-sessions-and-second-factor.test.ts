import { api, Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { totpCode } from '../../src/http/totp';
import { lastMessage } from '../codes';
import { addDemoFunding } from '../demo-data';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const PASSWORD = 'trader-pass-1';
/** A trader who signs in with a password, on `devices` devices. */
async function signedUp(devices = 1) {
  const { id } = await d.trader('100');
  const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
  const { hashPassword } = await import('../../src/http/password');
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, id));
  const tokens: string[] = [];
  for (let i = 0; i < devices; i++)
    tokens.push((await signIn(user!.email!, {}, `10.8.${id}.${i}`)).data.token);
  return { id, email: user!.email!, tokens };
}
const signIn = (account: string, extra: Record<string, string> = {}, remoteAddress = '10.8.0.1') =>
  t.http
    .inject({
      method: 'POST',
      url: api.login.path,
      remoteAddress,
      headers: { lang: 'en', 'user-agent': `device ${remoteAddress}` },
      payload: { login_type: 'email', account, password: PASSWORD, ...extra },
    })
    .then((r) => r.json() as { code: number; msg: string; data: any });
const get = (token: string, path: string) => t.call('GET', path, { token }).then((r) => r.body);
const post = (token: string, path: string, form: Record<string, string | number> = {}) =>
  t.call('POST', path, { token, form }).then((r) => r.body);

describe('trader sessions (issue 19, high 3)', () => {
  it('lists the devices signed in and signs one out, or all the others', async () => {
    const { tokens } = await signedUp(3);
    const [phone, laptop, tablet] = tokens as [string, string, string];
    const list = (await get(phone, api.sessionList.path)).data;
    // The three sign-ins, and the session the desk opened with the account.
    expect(list).toHaveLength(4);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({
      ip: expect.stringMatching(/^10\.8\./),
      user_agent: expect.stringMatching(/^device /),
    });
    const laptopRow = list.find((s: { user_agent: string; current: boolean }) => !s.current);
    expect(await post(phone, api.sessionRevoke.path, { id: laptopRow.id })).toMatchObject({
      code: 1,
      msg: 'Signed out',
    });
    const left = [phone, laptop, tablet].map(async (token) => (await get(token, api.userInfo.path)).code);
    expect((await Promise.all(left)).filter((c) => c === Code.SESSION_INVALID)).toHaveLength(1);
    await post(phone, api.sessionRevokeOthers.path);
    expect((await get(phone, api.sessionList.path)).data).toHaveLength(1);
    // Another trader's device is not found, whatever its id.
    const other = await signedUp(1);
    const theirs = (await get(other.tokens[0]!, api.sessionList.path)).data[0].id;
    expect((await post(phone, api.sessionRevoke.path, { id: theirs })).code).toBe(Code.REFUSED);
    expect((await get(other.tokens[0]!, api.userInfo.path)).code).toBe(1);
  });

  // Their sockets are dropped by the sockets' safety recheck (sockets-drop-ended-sessions.test.ts).
  it('ends a session 30 days unused or 90 days after sign-in: 999 on HTTP', async () => {
    const { id, tokens } = await signedUp(2);
    const [idle, old] = tokens as [string, string];
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    const byToken = async (token: string) => {
      const { hashToken } = await import('../../src/http/sessions');
      return rows.find((r) => r.tokenHash === hashToken(token))!;
    };
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(t.clock.now() - 31 * 86_400_000) })
      .where(eq(sessions.id, (await byToken(idle)).id));
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(t.clock.now() - 91 * 86_400_000) })
      .where(eq(sessions.id, (await byToken(old)).id));
    expect((await get(idle, api.userInfo.path)).code).toBe(Code.SESSION_INVALID);
    expect((await get(old, api.userInfo.path)).code).toBe(Code.SESSION_INVALID);
  });
});

describe('a trader’s own second factor (issue 19, high 6)', () => {
  it('turns on with a code from the new secret, is asked at sign-in, stands in for the step-up code, and turns off with a code', async () => {
    const { id, email, tokens } = await signedUp(1);
    const token = tokens[0]!;
    const setup = (await post(token, api.totpSetup.path)).data;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await post(token, api.totpEnable.path, { code: '000000', password: PASSWORD })).msg).toBe(
      'That authenticator code is not valid',
    );
    // Three time steps in a row: each code is good once, and only a later one after it.
    const [before, now, after] = [t.clock.now() - 30_000, t.clock.now(), t.clock.now() + 30_000];
    expect(
      await post(token, api.totpEnable.path, { code: totpCode(setup.secret, before), password: PASSWORD }),
    ).toMatchObject({
      code: 1,
      msg: 'The authenticator app is now on',
    });
    expect((await lastMessage(t, email))?.body).toMatch(
      /^Sign-in with an authenticator app was turned on for your account\./,
    );
    expect((await get(token, api.userInfo.path)).data.totp_enabled).toBe(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.totpSecret).not.toContain(setup.secret);

    // Sign-in asks for the code once the password is right; a code already used is refused.
    expect(await signIn(email, {}, '10.8.200.1')).toMatchObject({
      code: Code.REFUSED,
      msg: 'Enter the code from your authenticator app',
      data: { totp_required: true },
    });
    expect((await signIn(email, { totp: totpCode(setup.secret, before) }, '10.8.200.2')).code).toBe(
      Code.REFUSED,
    );
    expect((await signIn(email, { totp: totpCode(setup.secret, now) }, '10.8.200.3')).code).toBe(1);

    expect((await post(token, api.totpDisable.path, { code: totpCode(setup.secret, now) })).code).toBe(
      Code.REFUSED,
    );
    expect(await post(token, api.totpDisable.path, { code: totpCode(setup.secret, after) })).toMatchObject({
      code: 1,
      msg: 'The authenticator app is now off',
    });
    expect((await lastMessage(t, email))?.body).toMatch(/turned off/);
    expect((await signIn(email, {}, '10.8.200.4')).code).toBe(1);
  });
});

describe('money leaves on the second factor when the trader has one', () => {
  it('binds and withdraws on its codes; an e-mailed code does not do instead', async () => {
    const { id, email, tokens } = await signedUp(1);
    const token = tokens[0]!;
    const secret = 'JBSWY3DPEHPK3PXR';
    await t.database.db
      .update(users)
      .set({ totpSecret: t.secrets.seal(secret) })
      .where(eq(users.id, id));
    await addDemoFunding(t);
    const usdt = (
      await t.call('GET', '/api/account/draw_symbol_list', { token, query: { type: 1 } })
    ).body.data.find((c: { code: string }) => c.code === 'USDT');
    const [now, after] = [t.clock.now(), t.clock.now() + 30_000];
    const bound = await post(token, api.bindDrawMethod.path, {
      type: 1,
      draw_id: usdt.id,
      dc_address: 'TTotpOnly123456789',
      totp: totpCode(secret, now),
    });
    expect(bound.code).toBe(1);
    const draw = { draw_currency_id: usdt.id, number: '10', memo: '', draw_method_id: bound.data.id };
    const { stepUpCode } = await import('../codes');
    expect(
      await post(token, api.draw.path, { ...draw, auth_code: await stepUpCode(t, token, email) }),
    ).toMatchObject({
      msg: 'That authenticator code is not valid',
    });
    expect((await post(token, api.draw.path, { ...draw, totp: totpCode(secret, after) })).code).toBe(1);
  });
});

describe('a stolen trader session (issue 46: found while throttling codes)', () => {
  it("cannot turn on the thief's authenticator without the account's password, so it cannot stand in for the step-up code", async () => {
    const { id, tokens } = await signedUp(1);
    const token = tokens[0]!;
    const setup = (await post(token, api.totpSetup.path)).data;
    const code = totpCode(setup.secret, t.clock.now());
    expect((await post(token, api.totpEnable.path, { code })).code).toBe(Code.INVALID_INPUT);
    expect(await post(token, api.totpEnable.path, { code, password: 'guessed-pass-1' })).toMatchObject({
      code: Code.REFUSED,
      msg: 'The current password is wrong',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.totpSecret).toBeNull();
    expect((await get(token, api.userInfo.path)).data.totp_enabled).toBe(0);
  });
});
