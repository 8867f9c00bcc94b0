import type { Instrument } from '@meridian/contract';
import type { PriceLookup } from '@meridian/core';

/**
 * The latest price of each pair by code, for converting to USD: the bid (Close), as the server converts at
 * its last bids; none before the pair's first quote. No decimal code here: the home page's first paint
 * comes without it.
 */
export function priceLookup(
  instruments: readonly Pick<Instrument, 'Code' | 'ForexQuotations'>[],
): PriceLookup {
  const byCode = new Map(instruments.map((i) => [i.Code, i.ForexQuotations.Close]));
  return (pair) => byCode.get(pair) || undefined;
}
