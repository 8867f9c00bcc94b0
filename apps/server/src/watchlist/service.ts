import { Code, WATCHLIST_MAX, type Watchlist } from '@meridian/contract';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { AppError, refuse } from '../http/errors';
import { watchlist } from './schema';

/** Whether an instrument is traded now (enabled); the market's definitions say. */
export type Listed = (instrumentId: number) => boolean;

/** Every instrument of a trader's watchlist, in the trader's order. */
async function idsOf(db: Db | Tx, userId: number): Promise<Watchlist> {
  const rows = await db
    .select({ id: watchlist.instrumentId })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(asc(watchlist.position), asc(watchlist.createdAt));
  return rows.map((r) => r.id);
}

/** The watchlist as the trader sees it: an instrument no longer traded (disabled) is left out until it is back. */
export async function watchlistOf(db: Db | Tx, userId: number, listed: Listed): Promise<Watchlist> {
  return (await idsOf(db, userId)).filter(listed);
}

/** One change of one trader's list at a time, so that the limit and the positions hold under concurrent calls. */
function changing(db: Db, userId: number, change: (tx: Tx) => Promise<void>): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('watchlist'), ${userId})`);
    await change(tx);
  });
}

/** Adds an instrument at the end; one already on the list stays where it is. */
export async function addToWatchlist(
  db: Db,
  userId: number,
  instrumentId: number,
  listed: Listed,
): Promise<void> {
  if (!listed(instrumentId)) throw new AppError(Code.NOT_FOUND, 'instrument_unknown');
  await changing(db, userId, async (tx) => {
    const mine = eq(watchlist.userId, userId);
    const [on] = await tx
      .select({ n: count() })
      .from(watchlist)
      .where(and(mine, eq(watchlist.instrumentId, instrumentId)));
    if (on?.n) return;
    const [held] = await tx
      .select({ n: count(), last: max(watchlist.position) })
      .from(watchlist)
      .where(mine);
    if ((held?.n ?? 0) >= WATCHLIST_MAX) throw refuse('watchlist_full', { max: WATCHLIST_MAX });
    await tx.insert(watchlist).values({ userId, instrumentId, position: (held?.last ?? -1) + 1 });
  });
}

/** Takes an instrument off; one not on the list changes nothing. */
export async function removeFromWatchlist(db: Db, userId: number, instrumentId: number): Promise<void> {
  await db
    .delete(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.instrumentId, instrumentId)));
}

/**
 * Puts `first` at the top, in that order; the rest follow in the order they had. Refused, changing
 * nothing, when one of `first` is not on the list (taken off on another device, or never there).
 */
export async function orderWatchlist(db: Db, userId: number, first: number[]): Promise<void> {
  await changing(db, userId, async (tx) => {
    const now = await idsOf(tx, userId);
    if (first.some((id) => !now.includes(id))) throw refuse('watchlist_not_listed');
    const order = [...first, ...now.filter((id) => !first.includes(id))];
    for (const [position, id] of order.entries()) {
      await tx
        .update(watchlist)
        .set({ position })
        .where(and(eq(watchlist.userId, userId), eq(watchlist.instrumentId, id)));
    }
  });
}
