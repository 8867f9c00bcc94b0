import { type Dec, roundMoney } from '@meridian/core';
import type { Tx } from '../db/client';
import { type Entry, postAll } from '../ledger';
import { type CancelReason, cancelPendingRow } from './orders.repo';
import type { OrderRow } from './schema';

/** What a pending order gives back when it is cancelled: its margin and fee. */
export const reserveOf = (order: Pick<OrderRow, 'margin' | 'fee'>): Dec =>
  roundMoney(order.margin).plus(order.fee);

/** The `pending_refund` ledger row that gives a cancelled pending order's reserve back. */
export const refundOf = (order: Pick<OrderRow, 'id' | 'margin' | 'fee'>): Entry => ({
  type: 'pending_refund',
  amount: reserveOf(order).toFixed(),
  refType: 'order',
  refId: order.id,
});

/** Gives a cancelled pending order's reserve back to its account, with its `pending_refund` ledger row. */
export async function refundReserve(tx: Tx, order: OrderRow): Promise<void> {
  await postAll(tx, order.userId, 'balance', [refundOf(order)]);
}

/**
 * Cancels a pending order and refunds its reserve, the account's lock held. Null when it is no longer
 * pending: whatever moved it on (a fill, another cancel) committed first, and nothing is refunded.
 */
export async function cancelPending(
  tx: Tx,
  orderId: number,
  reason: CancelReason,
  closedAt: Date,
): Promise<OrderRow | null> {
  const cancelled = await cancelPendingRow(tx, orderId, reason, closedAt);
  if (!cancelled) return null;
  await refundReserve(tx, cancelled);
  return cancelled;
}
