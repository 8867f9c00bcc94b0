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

/**
 * The (active copy, provider order) pairs out of line, in one statement over every active copy: what
 * `Copier.follow` acts on, decided from the rows it reads (keep the two in step). The pairs looked at: each
 * open provider order placed since the copy started, and the provider order of each of the copy's open orders.
 * One is out of line when
 * - no open or pending is recorded for it and the provider order is open: an open is due (a refused one is
 *   recorded too, with a negative version, and not tried again);
 * - the follower's order of the first open or pending recorded is open, and
 *   - the provider order is not: a close or cancel is due;
 *   - the provider holds fewer lots than the last action recorded, the follower's order held: a reduce;
 *   - its stop loss or take profit differs from the last recorded, or its trailing distance from the
 *     follower's order: new stops.
 */
export function ordersOutOfLine(db: Db): Promise<{ copyId: number; providerOrderId: number }[]> {
  const open = sql`(${OrderStatus.pending}, ${OrderStatus.holding})`;
  const due = sql`
    with active as (select id, provider_id, created_at from ${copies} where status = ${CopyStatus.active}),
    pairs as (
      select c.id as copy_id, o.id as order_id
      from active c join ${orders} o on o.user_id = c.provider_id
      where o.status in ${open} and o.created_at >= c.created_at and o.copy_id is null
      union
      select c.id, case when m.client_order_id ~ '^copy:[0-9]{1,10}$' then substr(m.client_order_id, 6)::bigint end
      from active c join ${orders} m on m.copy_id = c.id
      where m.status in ${open} and m.client_order_id like 'copy:%'
    )
    select p.copy_id, o.id as order_id
    from pairs p
      join ${orders} o on o.id = p.order_id
      left join lateral (
        select e.id, e.follower_order_id from ${copyEvents} e
        where e.copy_id = p.copy_id and e.provider_order_id = o.id and e.action in ('open', 'pending')
        order by e.id limit 1) opened on true
      left join lateral (
        select e.provider_lots, e.stop_loss, e.take_profit from ${copyEvents} e
        where e.copy_id = p.copy_id and e.provider_order_id = o.id and e.action not in ('close', 'cancel')
        order by e.id desc limit 1) last on true
      left join ${orders} mine on mine.id = opened.follower_order_id
    where (opened.id is null and o.status in ${open})
      or (mine.status in ${open} and (
        o.status not in ${open}
        or (mine.status = ${OrderStatus.holding} and o.lots < last.provider_lots)
        or not (
          (o.trailing_distance is not null and mine.trailing_distance is not distinct from o.trailing_distance
            or last.stop_loss is not distinct from o.stop_loss)
          and last.take_profit is not distinct from o.take_profit
          and mine.trailing_distance is not distinct from o.trailing_distance)))`;
  return db
    .select({ copyId: sql<number>`due.copy_id`, providerOrderId: sql<number>`due.order_id` })
    .from(sql`(${due}) as due`)
    .orderBy(sql`due.copy_id`, sql`due.order_id`);
}

/** A copy's open orders in the follower's account. */
export function openCopyOrders(db: Db, copyId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.copyId, copyId), inArray(orders.status, OPEN)));
}

/**
 * What the copies' figures are made of, in one statement (one snapshot: an order closing meanwhile is counted
 * once): per copy with orders, the closed ones' realised P&L and swap less the fees of every order that filled
 * (`booked`) and how many are held or pending; with each held order, to be marked at the latest price, or
 * null when none is. `which`: these copies, or every active one however many there are.
 */
export function copyFigureRows(db: Db, which: number[] | 'active') {
  const copyIds =
    which === 'active'
      ? db.select({ id: copies.id }).from(copies).where(eq(copies.status, CopyStatus.active))
      : which;
  const sums = db.$with('sums').as(
    db
      .select({
        copyId: sql<number>`${orders.copyId}`.as('sums_copy_id'),
        booked: sql<string>`sum(case
          when ${orders.status} = ${OrderStatus.closed}
            then coalesce(${orders.profit}, 0) + ${orders.swap} - ${orders.fee}
          when ${orders.status} = ${OrderStatus.holding} then -${orders.fee}
          else 0 end)::text`.as('booked'),
        open: sql<number>`(count(*) filter (where ${inArray(orders.status, OPEN)}))::int`.as('open'),
      })
      .from(orders)
      .where(inArray(orders.copyId, copyIds))
      .groupBy(orders.copyId),
  );
  return db
    .with(sums)
    .select({ copyId: sums.copyId, booked: sums.booked, open: sums.open, held: orders })
    .from(sums)
    .leftJoin(orders, and(eq(orders.copyId, sums.copyId), eq(orders.status, OrderStatus.holding)));
}

export function pendingOrdersOf(db: Db, userId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.pending)));
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
