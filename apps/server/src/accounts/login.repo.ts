import type { Db } from '../db/client';
import { loginAttempts } from './schema';

export async function recordAttempt(db: Db, values: typeof loginAttempts.$inferInsert): Promise<void> {
  await db.insert(loginAttempts).values(values);
}
