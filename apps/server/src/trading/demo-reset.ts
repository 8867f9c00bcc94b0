import { OrderStatus } from '@meridian/contract';
import { roundMoney } from '@meridian/core';
import type { Tx } from '../db/client';
import { announce, countClosed, tellClosed } from './announcements';
import type { TradingContext } from './context';
import type { Marks } from './marking';
import { endOpenRow, openOrdersOf } from './orders.repo';
import type { OrderRow } from './schema';

/** How the reset ends an open order: a position closes at its mark, a pending order is cancelled. */
function resetEnding(marks: Marks, order: OrderRow, closedAt: Date): Partial<OrderRow> {
  const holding = order.status === OrderStatus.holding;
  const { updatePrice, pnl } = holding ? marks.mark(order) : { updatePrice: null, pnl: null };
  return {
    status: holding ? OrderStatus.closed : OrderStatus.cancelled,
    closePrice: updatePrice,
    // The swap stays on the order as accrued: the reset settles nothing.
    profit: pnl ? roundMoney(pnl.minus(order.swap)).toString() : null,
    closeReason: 'demo_reset',
    closedAt,
  };
}

/**
 * Demo reset: closes the user's positions at the last price and cancels pending orders inside the
 * caller's transaction, with no ledger rows (the reset sets the balance); announces after commit.
 */
export async function resetOrders(ctx: TradingContext, tx: Tx, userId: number): Promise<() => void> {
  const open = await openOrdersOf(tx, userId);
  const closedAt = new Date(ctx.now());
  const done: OrderRow[] = [];
  for (const order of open) {
    const row = await endOpenRow(tx, order, resetEnding(ctx.marks, order, closedAt));
    if (row) done.push(row);
  }
  return () => {
    for (const row of done) announce(ctx, row);
    const ids = done.filter((o) => o.status === OrderStatus.closed).map((o) => o.id);
    if (ids.length > 0) {
      countClosed(ctx, 'demo_reset', ids.length);
      tellClosed(ctx, userId, ids);
    }
  };
}
