import type { OrderRow } from './schema';

/** Bus channel on which every committed order change is announced with the row, so the engine's index follows it. */
export const ORDER_CHANNEL = 'trading.order';
export interface OrderEvent {
  order: OrderRow;
}
