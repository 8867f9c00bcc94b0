import { type Dec, dec } from '../decimal';
import { type DecLike, type Instrument, unitsOf } from './instrument';
import type { Side } from './side';
import { type PriceLookup, toUsd } from './usd';

/** P&L in the quote currency: buy (current − entry) × units, sell (entry − current) × units. */
export function pnlInQuote(side: Side, entryPrice: DecLike, currentPrice: DecLike, units: DecLike): Dec {
  const move = dec(currentPrice).minus(entryPrice);
  return (side === 'buy' ? move : move.neg()).times(units);
}

/** A position as P&L needs it: side, lots and fill price (Price). */
export interface PnlPosition {
  side: Side;
  lots: DecLike;
  price: DecLike;
}

/** FactProfits in USD, exact, at `updatePrice` (see `closePrice`), converted at the current rate. */
export function floatingPnl(
  instrument: Pick<Instrument, 'contractSize' | 'quoteCurrency'>,
  position: PnlPosition,
  updatePrice: DecLike,
  prices: PriceLookup,
): Dec {
  const units = unitsOf(instrument, position.lots);
  const inQuote = pnlInQuote(position.side, position.price, updatePrice, units);
  return toUsd(inQuote, instrument.quoteCurrency, prices);
}
