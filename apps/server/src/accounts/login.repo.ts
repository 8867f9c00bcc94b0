import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from './schema';

export async function recordAttempt(db: Db, values: typeof loginAttempts.$inferInsert): Promise<void> {
  await db.insert(loginAttempts).values(values);
}

/** The user's newest `limit` sign-in attempts, newest first. */
export function recentLoginAttempts(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: loginAttempts.id,
      ip: loginAttempts.ip,
      user_agent: loginAttempts.userAgent,
      success: loginAttempts.success,
      created_at: loginAttempts.createdAt,
    })
    .from(loginAttempts)
    .where(eq(loginAttempts.userId, userId))
    .orderBy(desc(loginAttempts.id))
    .limit(limit);
}
