import { desc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { auditLog, operators } from '../src/operators/schema';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const login = (form: Record<string, string>) => t.call('POST', '/admin/api/login', { form });

describe('operator sign-in', () => {
  it('signs the seeded operator in and answers who it is', async () => {
    const res = await login({ email: t.config.operatorEmail, password: t.config.operatorPassword! });
    expect(res.body).toMatchObject({
      code: 1,
      data: { operator: { email: t.config.operatorEmail, role: 'admin', totp_enabled: false } },
    });
    const me = await t.call('GET', '/admin/api/me', { token: res.body.data.token });
    expect(me.body).toMatchObject({ code: 1, data: { role: 'admin' } });
  });

  it('audits the sign-in and the sign-out, and the token stops working', async () => {
    const res = await login({ email: t.config.operatorEmail, password: t.config.operatorPassword! });
    const token = res.body.data.token as string;
    expect((await t.call('POST', '/admin/api/logout', { token })).body.code).toBe(1);
    expect((await t.call('GET', '/admin/api/me', { token })).body.code).toBe(999);
    const [operator] = await t.database.db
      .select()
      .from(operators)
      .where(eq(operators.email, t.config.operatorEmail));
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.operatorId, operator!.id))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(actions.map((a) => a.action)).toEqual(['operator.logout', 'operator.login']);
  });

  it('refuses a wrong password with the same msg as an unknown e-mail', async () => {
    const wrong = await login({ email: t.config.operatorEmail, password: 'nope' });
    const unknown = await login({ email: 'nobody@example.com', password: 'nope' });
    expect(wrong.body.code).toBe(0);
    expect(wrong.body.msg).toBe(unknown.body.msg);
  });

  it('asks for the TOTP code once the second factor is enrolled', async () => {
    const secret = new OTPAuth.Secret().base32;
    await t.database.db
      .update(operators)
      .set({ totpSecret: secret })
      .where(eq(operators.email, t.config.operatorEmail));
    const without = await login({ email: t.config.operatorEmail, password: t.config.operatorPassword! });
    expect(without.body.msg).toBe('Enter the code from your authenticator app');
    const bad = await login({
      email: t.config.operatorEmail,
      password: t.config.operatorPassword!,
      totp: '000000',
    });
    expect(bad.body.code).toBe(0);
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
      timestamp: t.clock.now(),
    });
    const good = await login({
      email: t.config.operatorEmail,
      password: t.config.operatorPassword!,
      totp: code,
    });
    expect(good.body.code).toBe(1);
    await t.database.db
      .update(operators)
      .set({ totpSecret: null })
      .where(eq(operators.email, t.config.operatorEmail));
  });

  it('never lets a trader token through', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ uid: 'adm-t1', loginType: 'email', email: 'adm-t1@example.com', inviteCode: 'ADMT1' })
      .returning();
    const token = await createSession(t.database.db, user!.id);
    expect((await t.call('GET', '/admin/api/me', { token })).body.code).toBe(999);
    expect((await t.call('GET', '/admin/api/me')).body.code).toBe(999);
  });
});
