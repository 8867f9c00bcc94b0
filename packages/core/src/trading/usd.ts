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

/** How `currency` converts to USD now: × the xxxUSD price, else ÷ the USDxxx price; null for USD itself. */
export type UsdConversion = { times: DecLike } | { divide: DecLike } | null;

export function usdConversion(currency: string, prices: PriceLookup): UsdConversion {
  if (currency === ACCOUNT_CURRENCY) return null;
  const direct = prices(`${currency}${ACCOUNT_CURRENCY}`);
  if (direct !== undefined) return { times: direct };
  const inverse = prices(`${ACCOUNT_CURRENCY}${currency}`);
  if (inverse !== undefined) return { divide: inverse };
  throw new MissingUsdRateError(currency);
}

/** `amount` of `currency` in USD: as is for USD, × the xxxUSD price, else ÷ the USDxxx price. */
export function toUsd(amount: DecLike, currency: string, prices: PriceLookup): Dec {
  const conversion = usdConversion(currency, prices);
  if (conversion === null) return dec(amount);
  return 'times' in conversion ? dec(amount).times(conversion.times) : dec(amount).div(conversion.divide);
}
