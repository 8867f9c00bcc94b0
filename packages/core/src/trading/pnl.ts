import { type Dec, dec } from '../decimal';
import { type DecLike, type Instrument, unitsOf } from './instrument';
import type { Side } from './side';
import { type PriceLookup, toUsd } from './usd';

/** A position as P&L needs it: side, lots and fill price (Price). */
export interface PnlPosition {
  side: Side;
  lots: DecLike;
  price: DecLike;
}

/** Holding orders of one instrument and side taken together: Σ units (lots × contract size) and Σ units × fill price. */
export interface PnlBook {
  side: Side;
  units: DecLike;
  entryValue: DecLike;
}

/**
 * Σ FactProfits of a book in USD, exact. P&L is linear in units and fill price, so a book marks as one
 * position however many it holds: buy current × Σ units − Σ units × price, sell the negative, in the
 * quote currency, then converted at the current rate.
 */
export function bookPnl(
  quoteCurrency: string,
  book: PnlBook,
  updatePrice: DecLike,
  prices: PriceLookup,
): Dec {
  const move = dec(updatePrice).times(book.units).minus(book.entryValue);
  return toUsd(book.side === 'buy' ? move : move.neg(), quoteCurrency, prices);
}

/** A book of one position. */
export function bookOfPosition(instrument: Pick<Instrument, 'contractSize'>, position: PnlPosition): PnlBook {
  const units = unitsOf(instrument, position.lots);
  return { side: position.side, units, entryValue: units.times(position.price) };
}

/** FactProfits in USD, exact, at `updatePrice` (see `closePrice`): a book of one position. */
export function floatingPnl(
  instrument: Pick<Instrument, 'contractSize' | 'quoteCurrency'>,
  position: PnlPosition,
  updatePrice: DecLike,
  prices: PriceLookup,
): Dec {
  return bookPnl(instrument.quoteCurrency, bookOfPosition(instrument, position), updatePrice, prices);
}
