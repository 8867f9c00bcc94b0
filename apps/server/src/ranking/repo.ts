import { OrderStatus } from '@meridian/contract';
import { and, desc, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { orders } from '../trading';
import { rankingOptIns, rankingRows } from './schema';

export type RankingRow = typeof rankingRows.$inferSelect;
export const LEADERBOARD_SIZE = 50;

/** Per opted-in trader with at least one closed trade: all-time and since `since` totals of closed trades. */
export function closedTradeTotals(db: Db, since: Date) {
  const recent = sql`${orders.closedAt} >= ${since.toISOString()}`;
  return db
    .select({
      userId: orders.userId,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      totalNum: sql<number>`count(*)::int`,
      totalProfit: sql<string>`sum(${orders.profit})`,
      totalMargin: sql<string>`sum(${orders.margin})`,
      recentNum: sql<number>`(count(*) filter (where ${recent}))::int`,
      recentWins: sql<number>`(count(*) filter (where ${recent} and ${orders.profit} > 0))::int`,
      recentProfit: sql<string>`coalesce(sum(${orders.profit}) filter (where ${recent}), 0)`,
      recentMargin: sql<string>`coalesce(sum(${orders.margin}) filter (where ${recent}), 0)`,
      // Ties go to the alphabetically first code and the lowest leverage, so reruns agree.
      code: sql<string>`mode() within group (order by ${orders.showCode})`,
      multiple: sql<number>`(mode() within group (order by ${orders.leverage}))::int`,
    })
    .from(orders)
    .innerJoin(rankingOptIns, eq(rankingOptIns.userId, orders.userId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.status, OrderStatus.closed), isNotNull(orders.profit)))
    .groupBy(orders.userId, users.name, users.email, users.mobile);
}
export type TraderTotals = Awaited<ReturnType<typeof closedTradeTotals>>[number];

/** Swaps the whole leaderboard for a new one in one transaction: readers see the old or the new board. */
export async function replaceLeaderboard(db: Db, rows: (typeof rankingRows.$inferInsert)[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(rankingRows);
    if (rows.length > 0) await tx.insert(rankingRows).values(rows);
  });
}

/** The board's rows, best first, with whether each is a demo account. */
export function leaderboard(db: Db): Promise<(RankingRow & { demo: boolean })[]> {
  return db
    .select({ ...getTableColumns(rankingRows), demo: users.isDemo })
    .from(rankingRows)
    .innerJoin(users, eq(users.id, rankingRows.userId))
    .orderBy(desc(rankingRows.threeWeekRate), desc(rankingRows.totalRate), rankingRows.userId)
    .limit(LEADERBOARD_SIZE);
}

export async function rankingRowOf(db: Db, userId: number): Promise<RankingRow | undefined> {
  const [row] = await db.select().from(rankingRows).where(eq(rankingRows.userId, userId));
  return row;
}

export async function isOptedIn(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select().from(rankingOptIns).where(eq(rankingOptIns.userId, userId));
  return row !== undefined;
}

/** Joins or leaves the leaderboard. */
export async function setOptIn(db: Db, userId: number, on: boolean): Promise<void> {
  if (on) await db.insert(rankingOptIns).values({ userId }).onConflictDoNothing();
  else await db.transaction((tx) => leaveLeaderboard(tx, userId));
}

/** Takes a trader off the leaderboard in `tx`; true when they were on it. */
export async function leaveLeaderboard(tx: Tx, userId: number): Promise<boolean> {
  const left = await tx.delete(rankingOptIns).where(eq(rankingOptIns.userId, userId)).returning();
  // Leaving takes effect at once, not at the next refresh.
  await tx.delete(rankingRows).where(eq(rankingRows.userId, userId));
  return left.length > 0;
}
