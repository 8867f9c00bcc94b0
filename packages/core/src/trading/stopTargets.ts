import { D, type Dec, dec } from '../decimal';
import { stopLossDirection, takeProfitDirection } from './direction';
import { type DecLike, type Instrument, unitsOf } from './instrument';
import type { Side } from './side';
import { type PriceLookup, usdConversion } from './usd';

/** Which protective level of a position: its stop loss or its take profit. */
export type StopKind = 'stopLoss' | 'takeProfit';

/** A level at `price`, rounded to `pricePrecision` towards `entry`, so the move it makes is never more than asked. */
function towardEntry(price: Dec, entry: DecLike, pricePrecision: number): Dec {
  return price.toDecimalPlaces(pricePrecision, price.gt(entry) ? D.ROUND_FLOOR : D.ROUND_CEIL);
}

/**
 * The price at which a position of `lots` opened at `entry` shows `pnlUsd` of P&L (negative: a loss), with
 * the P&L formula and USD conversion of `floatingPnl` at today's rates. Rounded to PricePrecision towards
 * the entry, so the P&L there is within one tick of the amount and never beyond it (a stop loss never
 * loses more than asked). Null when no price does it: not above zero, or less than one tick from the entry.
 */
export function priceForPnl(
  instrument: Pick<Instrument, 'contractSize' | 'quoteCurrency' | 'pricePrecision'>,
  side: Side,
  lots: DecLike,
  entry: DecLike,
  pnlUsd: DecLike,
  prices: PriceLookup,
): Dec | null {
  const conversion = usdConversion(instrument.quoteCurrency, prices);
  // USD back to the quote currency: the inverse of toUsd.
  const pnlQuote =
    conversion === null
      ? dec(pnlUsd)
      : 'times' in conversion
        ? dec(pnlUsd).div(conversion.times)
        : dec(pnlUsd).times(conversion.divide);
  const move = pnlQuote.div(unitsOf(instrument, lots));
  const exact = side === 'buy' ? dec(entry).plus(move) : dec(entry).minus(move);
  const level = towardEntry(exact, entry, instrument.pricePrecision);
  return level.gt(0) && !level.eq(entry) ? level : null;
}

/**
 * A stop loss or take profit `distance` (a price difference) from `entry` on its own side of it: a buy's
 * stop below, its take profit above; a sell's the other way round. Null when it would not be above zero.
 */
export function stopAtDistance(kind: StopKind, side: Side, entry: DecLike, distance: DecLike): Dec | null {
  const direction = kind === 'stopLoss' ? stopLossDirection(side) : takeProfitDirection(side);
  const level = direction === 'fall' ? dec(entry).minus(distance) : dec(entry).plus(distance);
  return level.gt(0) ? level : null;
}
