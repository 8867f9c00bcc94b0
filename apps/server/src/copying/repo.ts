import { CopyStatus, OrderStatus } from '@meridian/contract';
import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { emit } from '../outbox/outbox';
import { orders } from '../trading';
import { COPY_FAILED, COPY_STOPPED } from './events';
import { type CopyEventRow, type CopyRow, copies, copyEvents } from './schema';

/** The client order id of a follower's copy of a provider order: the trading service places each once. */
export const copyClientId = (providerOrderId: number) => `copy:${providerOrderId}`;
export const providerOrderIdOf = (clientOrderId: string | null) =>
  clientOrderId?.startsWith('copy:') ? Number(clientOrderId.slice(5)) : null;

const OPEN = [OrderStatus.pending, OrderStatus.holding];

export async function copyById(db: Db | Tx, id: number): Promise<CopyRow | undefined> {
  const [row] = await db.select().from(copies).where(eq(copies.id, id));
  return row;
}

export function activeCopies(db: Db): Promise<CopyRow[]> {
  return db.select().from(copies).where(eq(copies.status, CopyStatus.active)).orderBy(asc(copies.id));
}

export function activeCopiesOf(db: Db, providerId: number): Promise<CopyRow[]> {
  return db
    .select()
    .from(copies)
    .where(and(eq(copies.providerId, providerId), eq(copies.status, CopyStatus.active)));
}

export function copiesOfFollower(db: Db, followerId: number): Promise<CopyRow[]> {
  return db.select().from(copies).where(eq(copies.followerId, followerId)).orderBy(desc(copies.id));
}

export async function activeCopyOf(db: Db, followerId: number, providerId: number) {
  const [row] = await db
    .select()
    .from(copies)
    .where(
      and(
        eq(copies.followerId, followerId),
        eq(copies.providerId, providerId),
        eq(copies.status, CopyStatus.active),
      ),
    );
  return row;
}

/** Inserts a copy; undefined when the follower already copies the provider (the partial unique index). */
export async function insertCopy(db: Db, values: typeof copies.$inferInsert): Promise<CopyRow | undefined> {
  const [row] = await db.insert(copies).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Stops a copy that is still active, in `tx`, told as COPY_STOPPED; undefined when it had stopped already. The
 * follower's account row is locked first, as placing an order locks it: a copy order placed before the stop
 * is committed before it (and the stop then finds it), one placed after finds the copy stopped (`copyIsActive`).
 */
export async function markStoppedIn(
  tx: Tx,
  copy: Pick<CopyRow, 'id' | 'followerId'>,
  reason: NonNullable<CopyRow['stopReason']>,
  at: Date,
): Promise<CopyRow | undefined> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, copy.followerId)).for('update');
  const [row] = await tx
    .update(copies)
    .set({ status: CopyStatus.stopped, stopReason: reason, stoppedAt: at })
    .where(and(eq(copies.id, copy.id), eq(copies.status, CopyStatus.active)))
    .returning();
  if (row) {
    await emit(tx, COPY_STOPPED, {
      copyId: row.id,
      followerId: row.followerId,
      reason,
      stopPercent: row.stopPercent,
    });
  }
  return row;
}

/** `markStoppedIn` in a transaction of its own. */
export function markStopped(
  db: Db,
  copy: Pick<CopyRow, 'id' | 'followerId'>,
  reason: NonNullable<CopyRow['stopReason']>,
  at: Date,
): Promise<CopyRow | undefined> {
  return db.transaction((tx) => markStoppedIn(tx, copy, reason, at));
}

/** The active copies a trader takes part in, as follower or as provider, read in `tx`. */
export function activeCopiesWith(tx: Tx, userId: number): Promise<CopyRow[]> {
  return tx
    .select()
    .from(copies)
    .where(
      and(
        or(eq(copies.followerId, userId), eq(copies.providerId, userId)),
        eq(copies.status, CopyStatus.active),
      ),
    )
    .orderBy(asc(copies.id));
}

/** Whether a copy is still active, read in the caller's transaction. */
export async function copyIsActive(tx: Db | Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ status: copies.status }).from(copies).where(eq(copies.id, id));
  return row?.status === CopyStatus.active;
}

/** How many copy each provider now. */
export async function followerCounts(db: Db, providerIds: number[]): Promise<Map<number, number>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db
    .select({ providerId: copies.providerId, n: sql<number>`count(*)::int` })
    .from(copies)
    .where(and(inArray(copies.providerId, providerIds), eq(copies.status, CopyStatus.active)))
    .groupBy(copies.providerId);
  return new Map(rows.map((r) => [r.providerId, r.n]));
}

/**
 * Records what an event did in `copy`, a failure told as COPY_FAILED in the same transaction; false when this
 * event was recorded already (it is not done twice).
 */
export function recordEvent(
  db: Db,
  copy: Pick<CopyRow, 'id' | 'followerId'>,
  values: Omit<typeof copyEvents.$inferInsert, 'copyId'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(copyEvents)
      .values({ ...values, copyId: copy.id })
      .onConflictDoNothing()
      .returning({ id: copyEvents.id });
    if (row && !values.ok) {
      await emit(tx, COPY_FAILED, {
        id: row.id,
        copyId: copy.id,
        followerId: copy.followerId,
        code: values.showCode,
        reason: values.reason ?? null,
        reasonParams: values.reasonParams ?? null,
      });
    }
    return row !== undefined;
  });
}

/** Every event of a copy about one provider order, oldest first. */
export function eventsAbout(db: Db, copyId: number, providerOrderId: number): Promise<CopyEventRow[]> {
  return db
    .select()
    .from(copyEvents)
    .where(and(eq(copyEvents.copyId, copyId), eq(copyEvents.providerOrderId, providerOrderId)))
    .orderBy(asc(copyEvents.id));
}

export function lastEvents(db: Db, copyId: number, limit: number): Promise<CopyEventRow[]> {
  return db
    .select()
    .from(copyEvents)
    .where(eq(copyEvents.copyId, copyId))
    .orderBy(desc(copyEvents.id))
    .limit(limit);
}

/** Copied and failed provider orders of each copy. */
export async function eventCounts(db: Db, copyIds: number[]) {
  if (copyIds.length === 0) return new Map<number, { copied: number; failed: number }>();
  const opening = sql`${copyEvents.action} in ('open', 'pending')`;
  const rows = await db
    .select({
      copyId: copyEvents.copyId,
      copied: sql<number>`(count(*) filter (where ${opening} and ${copyEvents.ok}))::int`,
      failed: sql<number>`(count(*) filter (where not ${copyEvents.ok}))::int`,
    })
    .from(copyEvents)
    .where(inArray(copyEvents.copyId, copyIds))
    .groupBy(copyEvents.copyId);
  return new Map(rows.map((r) => [r.copyId, { copied: r.copied, failed: r.failed }]));
}

/** The provider's orders a copy follows: placed since it started, still open, not themselves copies. */
export function openProviderOrdersSince(db: Db, providerId: number, since: Date) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, providerId),
        inArray(orders.status, OPEN),
        gte(orders.createdAt, since),
        sql`${orders.copyId} is null`,
      ),
    );
}

/** A copy's orders in the follower's account; only the open ones with `open`. */
export function copyOrders(db: Db, copyId: number, open = false) {
  const where = open
    ? and(eq(orders.copyId, copyId), inArray(orders.status, OPEN))
    : eq(orders.copyId, copyId);
  return db.select().from(orders).where(where);
}

export function pendingOrdersOf(db: Db, userId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.pending)));
}

export async function orderById(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function orderByClientId(db: Db, userId: number, clientOrderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)));
  return row;
}

/** A provider's open positions. */
export async function holdingCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.holding)));
  return row?.n ?? 0;
}

/** Realised profit of a user's closed orders by UTC day since `since`. */
export function profitByDay(db: Db, userId: number, since: Date) {
  const day = sql<string>`to_char(${orders.closedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, profit: sql<string>`sum(${orders.profit})::text` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.closed), gte(orders.closedAt, since)))
    .groupBy(day);
}

export async function accountKind(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      isDemo: users.isDemo,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
