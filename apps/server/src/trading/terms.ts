import { type Instrument, type Side, sideOfOrderType } from '@meridian/core';
import type { Tradable } from './market';
import type { OrderRow } from './schema';

export const sideOf = (order: Pick<OrderRow, 'side'>): Side => sideOfOrderType(order.side);

/** The trading terms of an order: the instrument's, but for what the order keeps as it was placed. */
export function termsOf(order: OrderRow, tradable: Tradable): Instrument {
  const { contractSize, quoteCurrency, feeRate } = order;
  return { ...tradable.terms, contractSize, quoteCurrency, feeRate };
}
