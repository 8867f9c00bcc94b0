import { type Dec, dec } from '../decimal';
import type { DecLike } from './instrument';

/** Every account is kept in USD (TRADING.md "Numbers"). */
export const ACCOUNT_CURRENCY = 'USD';

/**
 * Current price of a currency pair written as two ISO codes run together ('GBPUSD', 'USDJPY'),
 * or undefined when the platform has no such pair. The caller maps these to its instrument codes.
 */
export type PriceLookup = (pair: string) => DecLike | undefined;

/** No pair links the currency to USD: a configuration error, the order or figure cannot be priced. */
export class MissingUsdRateError extends Error {
  constructor(readonly currency: string) {
    super(`no ${currency}USD or USD${currency} price to convert ${currency} to USD`);
    this.name = 'MissingUsdRateError';
  }
}

/** `amount` of `currency` in USD: as is for USD, × the xxxUSD price, else ÷ the USDxxx price. */
export function toUsd(amount: DecLike, currency: string, prices: PriceLookup): Dec {
  if (currency === ACCOUNT_CURRENCY) return dec(amount);
  const direct = prices(`${currency}${ACCOUNT_CURRENCY}`);
  if (direct !== undefined) return dec(amount).times(direct);
  const inverse = prices(`${ACCOUNT_CURRENCY}${currency}`);
  if (inverse !== undefined) return dec(amount).div(inverse);
  throw new MissingUsdRateError(currency);
}
