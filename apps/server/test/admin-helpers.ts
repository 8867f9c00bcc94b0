import { createOperatorSession, type Role } from '../src/admin/auth';
import { operators, users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import type { TestApp } from './harness';

let serial = 0;

/** A fresh operator of `role` and a live back-office token for it. */
export async function operatorToken(t: TestApp, role: Role): Promise<{ id: number; token: string }> {
  serial += 1;
  const [row] = await t.database.db
    .insert(operators)
    .values({ email: `op-${role}-${serial}-${Date.now()}@example.com`, passwordHash: 'x', role })
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
  return res.json();
}
