import { and, count, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from './schema';

export async function recordAttempt(db: Db, values: typeof loginAttempts.$inferInsert): Promise<void> {
  await db.insert(loginAttempts).values(values);
}

export async function lastSuccessAt(db: Db, account: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.account, account), eq(loginAttempts.success, true)));
  return row?.at ?? undefined;
}

export async function failuresSince(db: Db, by: { account: string } | { ip: string }, since: Date) {
  const who = 'account' in by ? eq(loginAttempts.account, by.account) : eq(loginAttempts.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(who, eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}
