import { bookOfPosition, type Dec, dec, sideOfOrderType } from '@meridian/core';
import type { OrderRow } from './schema';

/** A holding order as marking it and the account figures read it, with the terms it was placed under. */
export type Position = Pick<
  OrderRow,
  'instrumentId' | 'side' | 'lots' | 'price' | 'contractSize' | 'margin' | 'quoteCurrency' | 'swap'
>;
/**
 * Holding orders of one instrument, side and quote currency taken together: Σ units, Σ units × price, Σ margin and
 * Σ accrued swap. The account figures mark a book as one position (see `bookPnl`), however many orders it holds.
 */
export interface Book extends Pick<OrderRow, 'instrumentId' | 'side' | 'margin' | 'quoteCurrency' | 'swap'> {
  units: Dec | string;
  entryValue: Dec | string;
}

/** A holding order marked at an exit (see `Marks.mark`). */
export interface Marked {
  updatePrice: string;
  pnl: Dec;
  factProfits: string;
}

/** A book of one holding order, its sums as exact texts: one is kept per holding order, and a decimal weighs three times its text. */
export function bookOf(order: Position): Book {
  const { units, entryValue } = bookOfPosition(order, {
    side: sideOfOrderType(order.side),
    lots: order.lots,
    price: order.price,
  });
  const { instrumentId, side, margin, quoteCurrency, swap } = order;
  return {
    instrumentId,
    side,
    margin,
    quoteCurrency,
    swap,
    units: dec(units).toFixed(),
    entryValue: dec(entryValue).toFixed(),
  };
}
