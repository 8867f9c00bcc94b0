import Decimal from 'decimal.js';

/** Money, prices and lots are decimals (TRADING.md "Numbers"); never a JavaScript float. */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type DecimalInput = Dec | string | number;

export function dec(value: DecimalInput): Dec {
  return new D(value);
}

/** SPEC.md §9 rounding, applied once, at the edge. */
export const Scale = {
  balance: 2,
  feeAndMargin: 6,
  withdrawReceivable: 2,
  defaultPrice: 2,
} as const;

/** Fixed-point text with exactly `places` decimals, half-up: the form money takes on the wire and in SQL. */
export function toFixed(value: DecimalInput, places: number): string {
  return dec(value).toDecimalPlaces(places, D.ROUND_HALF_UP).toFixed(places);
}

/** True when `value` is a finite decimal written in plain digits (no exponent, no hex, no spaces). */
export function isDecimalText(value: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(value);
}
