import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** How many accounts registered with this user's invite code. */
export async function countInvited(db: Db, inviterId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.inviterId, inviterId));
  return row?.n ?? 0;
}
