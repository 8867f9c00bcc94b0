import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { operators } from '../src/operators/schema';
import { createOperatorSession, type Role } from '../src/operators/session';
import type { TestApp } from './harness';

let serial = 0;

/** The second factor of the operators these helpers make: production mode (the PostgreSQL runs) requires one. */
export const OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/**
 * A fresh operator of `role`, past its first-sign-in steps, and a live back-office token for it. It has held
 * its role for an hour, as an established operator has: it may approve what is filed from now on.
 */
export async function operatorToken(t: TestApp, role: Role): Promise<{ id: number; token: string }> {
  serial += 1;
  const [row] = await t.database.db
    .insert(operators)
    .values({
      email: `op-${role}-${serial}-${Date.now()}@example.com`,
      passwordHash: 'x',
      role,
      roleGrantedAt: new Date(Date.now() - 60 * 60_000),
      totpSecret: t.secrets.seal(OPERATOR_TOTP_SECRET),
    })
    .returning();
  return { id: row!.id, token: await createOperatorSession(t.database.db, row!.id) };
}

/** A real trader with a trader session. */
export async function trader(t: TestApp, name: string): Promise<{ id: number; token: string }> {
  const [row] = await t.database.db
    .insert(users)
    .values({
      uid: `u-${name}`,
      loginType: 'email',
      email: `${name}@example.com`,
      inviteCode: `I${name}`.slice(0, 12),
    })
    .returning();
  return { id: row!.id, token: await createSession(t.database.db, row!.id) };
}

/** Calls the back-office API with a JSON body, as the admin app does. */
export async function adminCall(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  input: Record<string, unknown> = {},
): Promise<{ code: number; msg: string; data: any }> {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.authorization = token;
  const res = await t.http.inject(
    method === 'GET'
      ? {
          method,
          url,
          headers,
          query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
        }
      : { method, url, headers, payload: input },
  );
  // An export answers its file on success: the file's text stands for the data.
  if (String(res.headers['content-type']).startsWith('text/csv')) return { code: 1, msg: '', data: res.body };
  return res.json();
}

/**
 * Credits a trader by an operator adjustment of any size: one admin asks, a second approves when it is
 * above the four-eyes amount (admin/approvals.ts). Returns the balance after.
 */
export async function credit(t: TestApp, userId: number, amount: string): Promise<string> {
  const asker = await operatorToken(t, 'admin');
  const asked = await adminCall(t, 'POST', '/admin/api/users/adjust', asker.token, {
    id: userId,
    amount,
    reason: 'test',
  });
  if (asked.data?.balance !== undefined) return asked.data.balance;
  const approver = await operatorToken(t, 'admin');
  const approved = await adminCall(t, 'POST', '/admin/api/approvals/approve', approver.token, {
    id: asked.data.request_id,
  });
  return approved.data.outcome.balance;
}
