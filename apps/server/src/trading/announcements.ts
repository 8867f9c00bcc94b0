import { Channel } from '../bus/channels';
import type { CloseReason, TradingContext } from './context';
import { ORDER_CHANNEL, type OrderEvent } from './events';
import { forexClosed, forexFilled } from './pushes';
import type { OrderRow } from './schema';

/** A committed order change, with its row: the engine's index follows it. */
export function announce(ctx: TradingContext, order: OrderRow): void {
  ctx.bus.publish(ORDER_CHANNEL, { order } satisfies OrderEvent);
}

/** Tells the trader's order list that these positions closed. */
export function tellClosed(ctx: TradingContext, userId: number, ids: number[]): void {
  ctx.bus.publish(Channel.user, { userId, message: forexClosed(ids) });
}

/** Tells the trader's order list that these pending orders filled: it moves them to holding at once. */
export function tellFilled(ctx: TradingContext, userId: number, ids: number[]): void {
  ctx.bus.publish(Channel.user, { userId, message: forexFilled(ids) });
}

export function countClosed(ctx: TradingContext, reason: CloseReason, count: number): void {
  ctx.counts.closed.set(reason, (ctx.counts.closed.get(reason) ?? 0) + count);
}
