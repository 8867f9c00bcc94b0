import { OrderStatus } from '@meridian/contract';
import { refuse } from '../http/errors';
import { lockAccount } from '../ledger';
import { announce } from './announcements';
import type { TradingContext } from './context';
import { orderOf } from './orders.repo';
import { cancelPending } from './reserve';
import type { OrderRow } from './schema';

/** Cancels a pending order and gives its margin and fee back. */
export async function cancel(ctx: TradingContext, userId: number, orderId: number): Promise<OrderRow> {
  const cancelled = await ctx.db.transaction(async (tx) => {
    const order = await orderOf(tx, userId, orderId);
    if (!order) throw refuse('order_not_found');
    await lockAccount(tx, userId);
    const row = await cancelPending(tx, orderId, 'cancelled', new Date(ctx.now()));
    if (!row)
      throw refuse(order.status === OrderStatus.holding ? 'order_not_pending' : 'order_already_closed');
    return row;
  });
  announce(ctx, cancelled);
  return cancelled;
}
