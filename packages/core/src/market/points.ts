import { D, dec } from '../decimal';

/**
 * Prices in memory as integer points (minor units at PricePrecision): exact like decimals, and cheap
 * enough for the tick path and for a month of backfilled bars. Text is the edge form.
 */
export function toPoints(price: string, precision: number): number {
  const points = dec(price).toDecimalPlaces(precision, D.ROUND_HALF_UP).times(dec(10).pow(precision));
  if (!points.abs().lte(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Price out of range: ${price}`);
  return points.toNumber();
}

/** Decimal text with exactly `precision` places, e.g. (108345, 5) → '1.08345'. */
export function pointsText(points: number, precision: number): string {
  const digits = Math.abs(points)
    .toString()
    .padStart(precision + 1, '0');
  const sign = points < 0 ? '-' : '';
  if (precision === 0) return sign + digits;
  return `${sign}${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}
