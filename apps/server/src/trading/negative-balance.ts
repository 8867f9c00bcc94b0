import { OrderStatus } from '@meridian/contract';
import { coverDeficit, type Dec, dec, roundMoney } from '@meridian/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ReviewStatus, withdrawals } from '../funding/schema';
import { type Entry, postAll } from '../ledger/post';
import { orders } from './schema';

type OrderRow = typeof orders.$inferSelect;

/** What a pending order gives back when it is cancelled: its margin and fee. */
export const reserveOf = (order: Pick<OrderRow, 'margin' | 'fee'>): Dec =>
  roundMoney(order.margin).plus(order.fee);

/**
 * TRADING.md "Negative balance protection", run after a close in its transaction, with the account row
 * locked: an account left with a negative balance and no position pays it first with its own money
 * (pending orders cancelled, newest first, their reserves refunded; then pending withdrawals returned,
 * newest first), and protection tops up only the deficit that remains. An account still holding a
 * position keeps its negative balance: its equity is what counts, and its positions may win it back.
 * Returns the pending orders it cancelled, for the caller to announce after commit.
 */
export async function payNegativeBalance(
  tx: Tx,
  userId: number,
  balance: string,
  protectionOn: boolean,
  now: Date,
): Promise<OrderRow[]> {
  if (!dec(balance).isNegative()) return [];
  const [holding] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.holding)))
    .limit(1);
  if (holding) return [];

  const pending = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.pending)))
    .orderBy(desc(orders.id));
  const asked = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, ReviewStatus.pending)))
    .orderBy(desc(withdrawals.id));
  const plan = coverDeficit(
    balance,
    pending.map((o) => ({ id: o.id, amount: reserveOf(o) })),
    asked.map((w) => ({ id: w.id, amount: w.amount })),
    protectionOn,
  );

  const cancelled: OrderRow[] = [];
  for (const orderId of plan.cancel) {
    const [row] = await tx
      .update(orders)
      .set({ status: OrderStatus.cancelled, closeReason: 'negative_balance', closedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.pending)))
      .returning();
    if (!row) throw new Error(`pending order ${orderId} changed under the account lock`);
    await postAll(tx, userId, 'balance', [
      { type: 'pending_refund', amount: reserveOf(row).toFixed(), refType: 'order', refId: row.id },
    ]);
    cancelled.push(row);
  }
  for (const withdrawalId of plan.unlock) {
    // Returned by the platform, not an operator: no operator, and the reason is told in the trader's language.
    const [row] = await tx
      .update(withdrawals)
      .set({ status: ReviewStatus.rejected, reviewedAt: now })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, ReviewStatus.pending)))
      .returning();
    if (!row) throw new Error(`withdrawal ${withdrawalId} changed under the account lock`);
    const ref = { type: 'withdraw_unlock', refType: 'withdrawal', refId: row.id } as const;
    await postAll(tx, userId, 'balance', [{ ...ref, amount: dec(row.amount).toFixed() }]);
    await postAll(tx, userId, 'lock', [{ ...ref, amount: dec(row.amount).neg().toFixed() }]);
  }
  if (!plan.protection.isZero()) {
    const entry: Entry = { type: 'negative_balance_protection', amount: plan.protection.toFixed() };
    const after = await postAll(tx, userId, 'balance', [entry]);
    // Protection is exactly the deficit: anything else means the plan and the stored balance disagree.
    if (!dec(after).isZero()) throw new Error(`protection left user ${userId} at ${after}, not 0`);
  }
  return cancelled;
}
