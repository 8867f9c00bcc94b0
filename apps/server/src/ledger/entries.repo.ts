import { and, count, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { offsetOf, type PageInput } from '../operators';
import { ledgerEntries } from './schema';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/** Every ledger row of a user, on both accounts, newest first: a page and how many there are. */
export async function userLedgerPage(
  db: Db,
  userId: number,
  page: PageInput,
): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = eq(ledgerEntries.userId, userId);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * The most adjusted at once (not through an approval) in the last 24 hours, in absolute amounts, by the
 * operator or for the trader, whichever is more: four eyes judges it with the new amount, so an adjustment
 * split into small ones, or spread over traders or operators, waits all the same.
 */
export async function operatorAdjustedInADay(tx: Tx, operatorId: number, userId: number): Promise<string> {
  const moved = sql`abs(${ledgerEntries.amount})`;
  const [row] = await tx
    .select({
      most: sql<string>`greatest(
        coalesce(sum(${moved}) filter (where ${ledgerEntries.refId} = ${operatorId}), 0),
        coalesce(sum(${moved}) filter (where ${ledgerEntries.userId} = ${userId}), 0))`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.type, 'operator_adjust'),
        eq(ledgerEntries.refType, 'operator'),
        gt(ledgerEntries.createdAt, sql`now() - interval '24 hours'`),
        or(eq(ledgerEntries.refId, operatorId), eq(ledgerEntries.userId, userId)),
      ),
    );
  return String(row?.most ?? 0);
}

/** Negative balance protection paid in the period, each as a money move: (user_id, moved_at, amount). */
export const protectionMoves = ({ start, end }: { start: Date; end: Date }): SQL =>
  sql`select ${ledgerEntries.userId} as user_id, ${ledgerEntries.createdAt} as moved_at, ${ledgerEntries.amount} as amount
    from ${ledgerEntries} where ${ledgerEntries.type} = 'negative_balance_protection'
      and ${ledgerEntries.createdAt} >= ${start} and ${ledgerEntries.createdAt} < ${end}`;
