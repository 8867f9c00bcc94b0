import type { DrawType, FundingReviewStatus } from '@meridian/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { offsetOf, type PageInput } from '../operators';
import { userRef } from './deposits.repo';
import { emitReviewed } from './events';
import { ReviewStatus, withdrawals, withdrawCurrencies } from './schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function insertWithdrawal(
  tx: Tx,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

/** Moves a pending withdrawal to `status` once, told as FUNDING_REVIEWED: undefined when it is unknown or no longer pending. */
export async function decideWithdrawal(
  tx: Tx,
  id: number,
  decision: { status: FundingReviewStatus; operatorId: number; reviewedAt: Date; reason?: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set(decision)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, ReviewStatus.pending)))
    .returning();
  if (row) await emitReviewed(tx, 'withdrawal', row);
  return row;
}

/** A trader's pending withdrawals, newest first, read in `tx`. */
export function pendingWithdrawalsOf(tx: Tx, userId: number): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, ReviewStatus.pending)))
    .orderBy(desc(withdrawals.id));
}

/**
 * Returns a pending withdrawal to pay a trading loss (negative balance protection: pending-withdrawals.ts), told as FUNDING_REVIEWED:
 * rejected by no operator, its reason told in the trader's language. Undefined when it is no longer pending.
 */
export async function returnWithdrawal(tx: Tx, id: number, at: Date): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set({ status: ReviewStatus.rejected, reviewedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, ReviewStatus.pending)))
    .returning();
  if (row) await emitReviewed(tx, 'withdrawal', row);
  return row;
}

const withCurrency = {
  withdrawal: withdrawals,
  code: withdrawCurrencies.code,
  protocol: withdrawCurrencies.protocol,
};

/** The user's own records of one type, newest first. */
export async function userWithdrawals(db: Db, userId: number, type: DrawType, page: PageInput) {
  const where = and(eq(withdrawals.userId, userId), eq(withdrawals.type, type));
  const rows = await db
    .select(withCurrency)
    .from(withdrawals)
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, withdrawals.currencyId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function withdrawalPage(db: Db, status: number | undefined, page: PageInput) {
  // Any status may be asked for (0 to 9); one no row has matches none.
  const where: SQL | undefined =
    status === undefined ? undefined : eq(withdrawals.status, status as FundingReviewStatus);
  const rows = await db
    .select({ ...withCurrency, user: userRef })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, withdrawals.currencyId))
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { rows, total: total?.n ?? 0 };
}
