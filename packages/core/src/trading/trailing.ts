import { D, type Dec, dec } from '../decimal';
import type { DecLike } from './instrument';
import { priceInput } from './orderChecks';
import type { Side } from './side';

/**
 * Where a trailing stop stands after a price: `distance` behind it on the position's losing side, at the
 * instrument's precision rounded away from the price (never closer than the distance). It only moves in
 * the position's favour: null when the level is not better than `stop` (or not a price at all).
 */
export function trailedStop(
  side: Side,
  price: DecLike,
  distance: DecLike,
  stop: DecLike | null,
  pricePrecision: number,
): Dec | null {
  const level =
    side === 'buy'
      ? dec(price).minus(distance).toDecimalPlaces(pricePrecision, D.ROUND_FLOOR)
      : dec(price).plus(distance).toDecimalPlaces(pricePrecision, D.ROUND_CEIL);
  if (level.lte(0)) return null;
  if (stop === null) return level;
  return (side === 'buy' ? level.gt(stop) : level.lt(stop)) ? level : null;
}

/** A trailing distance must be a positive price difference at the instrument's precision, less than the price. */
export function checkTrailingDistance(
  distance: DecLike,
  price: DecLike,
  pricePrecision: number,
): 'trailing_invalid' | null {
  const value = priceInput(distance, pricePrecision);
  return value?.gt(0) && value.lt(price) ? null : 'trailing_invalid';
}
