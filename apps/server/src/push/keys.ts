import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushVapid } from './schema';
import { newVapidKeys, type VapidKeys } from './webpush';

/** The server's VAPID keys: made by the first node that needs them and kept in the database for every node after. */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const [known] = await db.select().from(pushVapid).where(eq(pushVapid.id, 1));
  if (known) return known;
  // Two nodes may make a pair at once: the first insert wins and both read it back.
  await db
    .insert(pushVapid)
    .values({ id: 1, ...newVapidKeys() })
    .onConflictDoNothing();
  const [kept] = await db.select().from(pushVapid).where(eq(pushVapid.id, 1));
  return kept!;
}
