import { OrderStatus } from '@meridian/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { lockAccount } from '../ledger';
import type { ErrorLog } from '../util/log';
import { every, type Periodic } from '../util/periodic';
import { ORDER_CHANNEL, type OrderEvent } from './events';
import { refundReserve } from './reserve';
import { type OrderRow, orders } from './schema';

/** How often the leader looks for pending orders past their expiry. A fill checks the expiry itself (`fill`). */
export const EXPIRY_CHECK_MS = 5_000;
/** Pending orders expired per run at most; the next run takes the rest. */
const BATCH = 500;

/**
 * Cancels one pending order whose expiry has come (close reason `expired`) and refunds its reserve with its
 * `pending_refund` ledger row, in one transaction. The update is conditional on the order being pending and
 * expired: a fill, a cancel or another node's run that committed first leaves nothing to do (null).
 */
export async function expireOrder(db: Db, orderId: number, now: Date): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [seen] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!seen) return null;
    // The account's lock orders this against the order's fill and the trader's cancel, which take it too.
    await lockAccount(tx, seen.userId);
    const [expired] = await tx
      .update(orders)
      .set({ status: OrderStatus.cancelled, closeReason: 'expired', closedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.pending), lte(orders.expiresAt, now)))
      .returning();
    if (!expired) return null;
    await refundReserve(tx, expired);
    return expired;
  });
}

/**
 * Expires every pending order whose expiry is at or before `now`, each as `expireOrder` does, and announces
 * each as a cancel is announced (the engine drops its trigger; the trader is told by a notification).
 * Answers how many expired.
 */
export async function expireDue(db: Db, bus: Bus, now: Date): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, OrderStatus.pending), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);
  let count = 0;
  for (const { id } of due) {
    const expired = await expireOrder(db, id, now);
    if (!expired) continue;
    count++;
    bus.publish(ORDER_CHANNEL, { order: expired } satisfies OrderEvent);
  }
  return count;
}

/** The leader's expiry job (platform.ts starts it while this node leads). */
export function startExpiryJob(db: Db, bus: Bus, now: () => number, log: ErrorLog): Periodic {
  return every(
    EXPIRY_CHECK_MS,
    () => expireDue(db, bus, new Date(now())),
    (err) => log('pending order expiry failed; the next run retries it', err),
  );
}
