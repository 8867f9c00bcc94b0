import { OrderStatus } from '@meridian/contract';
import { coverDeficit, dec } from '@meridian/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { type Entry, postAll } from '../ledger';
import { cancelPending, reserveOf } from './reserve';
import { orders } from './schema';

type OrderRow = typeof orders.$inferSelect;

/**
 * The trader's withdrawals still waiting for review, as negative balance protection uses them (funding keeps
 * them: `pendingWithdrawals` there). Each is returned to the balance, with its ledger rows, in the caller's transaction.
 */
export interface PendingWithdrawals {
  /** Newest first. */
  of(tx: Tx, userId: number): Promise<{ id: number; amount: string }[]>;
  /** Returns one to the balance (the platform, not an operator, refused it); throws if it is no longer pending. */
  giveBack(tx: Tx, userId: number, withdrawalId: number, now: Date): Promise<void>;
}

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
  withdrawals: PendingWithdrawals,
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
  const asked = await withdrawals.of(tx, userId);
  const plan = coverDeficit(
    balance,
    pending.map((o) => ({ id: o.id, amount: reserveOf(o) })),
    asked,
    protectionOn,
  );

  const cancelled: OrderRow[] = [];
  for (const orderId of plan.cancel) {
    const row = await cancelPending(tx, orderId, 'negative_balance', now);
    if (!row) throw new Error(`pending order ${orderId} changed under the account lock`);
    cancelled.push(row);
  }
  for (const withdrawalId of plan.unlock) await withdrawals.giveBack(tx, userId, withdrawalId, now);
  if (!plan.protection.isZero()) {
    const entry: Entry = { type: 'negative_balance_protection', amount: plan.protection.toFixed() };
    const after = await postAll(tx, userId, 'balance', [entry]);
    // Protection is exactly the deficit: anything else means the plan and the stored balance disagree.
    if (!dec(after).isZero()) throw new Error(`protection left user ${userId} at ${after}, not 0`);
  }
  return cancelled;
}
