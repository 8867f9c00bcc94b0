import type { OrderRow } from './schema';

/** Bus channel on which every committed order change is announced with the row, so the engine's index follows it. */
export const ORDER_CHANNEL = 'trading.order';
export interface OrderEvent {
  order: OrderRow;
}

/**
 * The order an ORDER_CHANNEL message carries, its times as dates: another node's message crossed Redis
 * as JSON, which leaves them strings (a copier comparing a string with a date copied nothing).
 */
export function orderOfEvent(event: unknown): OrderRow {
  const { order } = event as OrderEvent;
  // This node's own messages (nearly all the leader hears) carry dates already.
  if (order.createdAt instanceof Date) return order;
  return {
    ...order,
    createdAt: new Date(order.createdAt),
    updatedAt: new Date(order.updatedAt),
    filledAt: order.filledAt && new Date(order.filledAt),
    expiresAt: order.expiresAt && new Date(order.expiresAt),
    closedAt: order.closedAt && new Date(order.closedAt),
  };
}

/** Bus channel on which an account's margin call is announced when it starts (see `Engine`). */
export const MARGIN_CALL_CHANNEL = 'trading.margin_call';
export interface MarginCallEvent {
  userId: number;
  /** The risk rate as FOREX_TRADE shows it (HazardRate). */
  rate: string;
}
