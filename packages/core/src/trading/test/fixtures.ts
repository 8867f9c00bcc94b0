import fc from 'fast-check';
import { dec } from '../../decimal';
import type { Instrument } from '../instrument';
import type { PriceLookup } from '../usd';

/** Euro against the dollar: 100,000 units a lot, 5-digit prices, fee 0.1 % of margin or per lot. */
export const EURUSD: Instrument = {
  id: 1,
  contractSize: '100000',
  minLots: '0.01',
  lotStep: '0.01',
  maxLots: '50',
  leverages: [50, 100, 200],
  feeRate: '0.001',
  fixedMargin: false,
  pricePrecision: 5,
  quoteCurrency: 'USD',
};

/** Gold: 100 ounces a lot, 2-digit prices, fee 5 USD a lot with trade_fee_type 1. */
export const XAUUSD: Instrument = {
  ...EURUSD,
  id: 2,
  contractSize: '100',
  maxLots: '20',
  leverages: [20, 100],
  feeRate: '5',
  pricePrecision: 2,
};

/** Dollar against the yen: prices and raw P&L in JPY. */
export const USDJPY: Instrument = { ...EURUSD, id: 3, pricePrecision: 3, quoteCurrency: 'JPY' };

/** Euro against the pound: a cross, prices and raw P&L in GBP. */
export const EURGBP: Instrument = { ...EURUSD, id: 4, quoteCurrency: 'GBP' };

/** A price lookup over a fixed table of pairs. */
export function pricesOf(table: Record<string, string>): PriceLookup {
  return (pair) => table[pair];
}

/** Decimal text from 0 to `max` with up to `places` decimals. */
export function decimalText(max: number, places: number): fc.Arbitrary<string> {
  const scale = 10 ** places;
  return fc.integer({ min: 0, max: max * scale }).map((n) => dec(n).div(scale).toFixed());
}

/** Decimal text from −`max` to `max` with up to `places` decimals. */
export function signedDecimalText(max: number, places: number): fc.Arbitrary<string> {
  const scale = 10 ** places;
  return fc.integer({ min: -max * scale, max: max * scale }).map((n) => dec(n).div(scale).toFixed());
}
