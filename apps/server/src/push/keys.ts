import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isSealed, type Secrets } from '../http/secrets';
import { pushVapid } from './schema';
import { newVapidKeys, type VapidKeys } from './webpush';

const storedKeys = async (db: Db) => (await db.select().from(pushVapid).where(eq(pushVapid.id, 1)))[0];

/**
 * The server's VAPID keys: made by the first node that needs them and kept in the database for every node
 * after, the private key sealed (a database dump alone does not give it).
 */
export async function vapidKeys(db: Db, secrets: Secrets): Promise<VapidKeys> {
  let stored = await storedKeys(db);
  if (!stored) {
    const made = newVapidKeys();
    // Two nodes may make a pair at once: the first insert wins and both read it back.
    await db
      .insert(pushVapid)
      .values({ id: 1, publicKey: made.publicKey, privateKey: secrets.seal(made.privateKey) })
      .onConflictDoNothing();
    stored = (await storedKeys(db))!;
  }
  return { publicKey: stored.publicKey, privateKey: secrets.open(stored.privateKey) };
}

/** Seals a private key stored in clear before keys were sealed (an existing database); run at start. */
export async function sealStoredVapidKey(db: Db, secrets: Secrets): Promise<void> {
  const stored = await storedKeys(db);
  if (!stored || isSealed(stored.privateKey)) return;
  await db
    .update(pushVapid)
    .set({ privateKey: secrets.seal(stored.privateKey) })
    .where(and(eq(pushVapid.id, 1), eq(pushVapid.privateKey, stored.privateKey)));
}
