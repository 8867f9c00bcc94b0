import { type Dec, dec } from '../decimal';
import type { DecLike, Instrument } from './instrument';
import type { Side } from './side';
import { type PriceLookup, toUsd } from './usd';

/** A position as P&L needs it: side, lots and fill price (Price). */
export interface PnlPosition {
  side: Side;
  lots: DecLike;
  price: DecLike;
}

/** Holding orders of one instrument and side taken together: Σ lots and Σ lots × fill price. */
export interface PnlBook {
  side: Side;
  lots: DecLike;
  lotsTimesPrice: DecLike;
}

/**
 * Σ FactProfits of a book in USD, exact. P&L is linear in lots and fill price, so a book marks as one
 * position however many it holds: buy (current × Σ lots − Σ lots × price) × contract size, sell the
 * negative, in the quote currency, then converted at the current rate.
 */
export function bookPnl(
  instrument: Pick<Instrument, 'contractSize' | 'quoteCurrency'>,
  book: PnlBook,
  updatePrice: DecLike,
  prices: PriceLookup,
): Dec {
  const move = dec(updatePrice).times(book.lots).minus(book.lotsTimesPrice).times(instrument.contractSize);
  return toUsd(book.side === 'buy' ? move : move.neg(), instrument.quoteCurrency, prices);
}

/** FactProfits in USD, exact, at `updatePrice` (see `closePrice`): a book of one position. */
export function floatingPnl(
  instrument: Pick<Instrument, 'contractSize' | 'quoteCurrency'>,
  position: PnlPosition,
  updatePrice: DecLike,
  prices: PriceLookup,
): Dec {
  const book = {
    side: position.side,
    lots: position.lots,
    lotsTimesPrice: dec(position.lots).times(position.price),
  };
  return bookPnl(instrument, book, updatePrice, prices);
}
