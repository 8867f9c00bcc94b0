import type { DrawType, FundingReviewStatus } from '@meridian/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { offsetOf, type PageInput } from '../operators/inputs';
import { userRef } from './deposits.repo';
import { ReviewStatus, withdrawals, withdrawCurrencies } from './schema';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function insertWithdrawal(
  tx: Tx,
  values: typeof withdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

/** Moves a pending withdrawal to `status` once: undefined when it is unknown or no longer pending. */
export async function decideWithdrawal(
  tx: Tx,
  id: number,
  decision: { status: FundingReviewStatus; operatorId: number; reason?: string },
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...decision, reviewedAt: new Date() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, ReviewStatus.pending)))
    .returning();
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
