import type { OrderRow } from './schema';

/** Bus channel on which every committed order change is announced with the row, so the engine's index follows it. */
export const ORDER_CHANNEL = 'trading.order';
export interface OrderEvent {
  order: OrderRow;
}

/** Bus channel on which an account's margin call is announced when it starts (see `Engine`). */
export const MARGIN_CALL_CHANNEL = 'trading.margin_call';
export interface MarginCallEvent {
  userId: number;
  /** The risk rate as FOREX_TRADE shows it (HazardRate). */
  rate: string;
}
