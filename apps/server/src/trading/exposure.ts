import { OrderStatus } from '@meridian/contract';
import { breaksExposureLimit, OrderType, type Side } from '@meridian/core';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { AdvisoryLock } from '../db/prepared';
import { users } from '../db/schema';
import { orders } from './schema';

/**
 * TRADING.md "Exposure": the platform's net lots per instrument are Σ buy lots − Σ sell lots of real
 * accounts' holding orders; an instrument may have a limit on their absolute value. The new positions of
 * an instrument with a limit are made one at a time under this lock (a placement and a fill alike), so
 * that two orders in parallel cannot both pass the check on the same net.
 */
export const exposureLock = (instrumentId: number): AdvisoryLock => ({ space: 'exposure', id: instrumentId });

/**
 * Takes `exposureLock` for the rest of `tx`. Only for a read committed transaction (a fill's): its later
 * statements then see what the lock's last holder committed. A repeatable read one took its snapshot at
 * its first statement, before the wait: it takes the lock on its connection first (`onConnection`).
 */
export async function lockExposure(tx: Tx, instrumentId: number): Promise<void> {
  const { space, id } = exposureLock(instrumentId);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${space}), ${id})`);
}

/** Net lots (buys − sells) of real accounts' holding orders of an instrument, and whether `userId`'s account is a demo one. */
async function netOf(tx: Db | Tx, userId: number, instrumentId: number) {
  const holder = sql.raw('holder');
  const [row] = await tx
    .select({
      demo: users.isDemo,
      net: sql<string>`(select coalesce(sum(case when ${orders.side} = ${OrderType.buy} then ${orders.lots} else -${orders.lots} end), 0)::text
        from ${orders} join ${users} ${holder} on ${holder}.id = ${orders.userId}
        where ${orders.status} = ${OrderStatus.holding} and ${orders.instrumentId} = ${instrumentId} and not ${holder}.is_demo)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`unknown user ${userId}`);
  return row;
}

/**
 * Whether a new position of `userId` (a market order placed, a pending order filling) would break its
 * instrument's exposure limit (`breaksExposureLimit`), at the net `tx` sees: call it under `exposureLock`.
 * A demo account's never does: it neither counts nor is limited.
 */
export async function breaksLimit(
  tx: Db | Tx,
  userId: number,
  order: { instrumentId: number; side: Side; lots: string },
  limit: string,
): Promise<boolean> {
  const { demo, net } = await netOf(tx, userId, order.instrumentId);
  return !demo && breaksExposureLimit(net, order, limit);
}
