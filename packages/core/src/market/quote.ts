import { D, dec } from '../decimal';
import type { DecLike } from '../trading/instrument';

/** What a provider sends: one price (feed protocol v1 `tick`) or a bid and an ask (v2 `quote`). */
export type ProviderPrice = { price: string } | { bid: string; ask: string };

/** A quote as the platform holds it: bid and ask in integer points at the instrument's precision. */
export interface QuotePoints {
  bid: number;
  ask: number;
}

/** How the platform quotes an instrument around its provider's prices. */
export interface QuoteTerms {
  /** One price p becomes p × (1 − rate) and p × (1 + rate). */
  spreadRate: DecLike;
  /** Points added to the spread, half below the bid and half above the ask. */
  markup: DecLike;
  pricePrecision: number;
}

/**
 * The platform's quote from a provider's price (TRADING.md "Prices"): the spread around a single price,
 * then the markup, the bid rounded down and the ask up, so rounding never narrows the spread. Null when it
 * is no price: not positive, an ask below the bid, or out of range.
 */
export function platformQuote(from: ProviderPrice, terms: QuoteTerms): QuotePoints | null {
  const scale = dec(10).pow(terms.pricePrecision);
  const half = dec(terms.markup).div(2);
  const [bid, ask] =
    'price' in from
      ? [
          dec(from.price).times(dec(1).minus(terms.spreadRate)),
          dec(from.price).times(dec(1).plus(terms.spreadRate)),
        ]
      : [dec(from.bid), dec(from.ask)];
  if (ask.lt(bid)) return null;
  const bidPoints = bid.times(scale).minus(half).toDecimalPlaces(0, D.ROUND_FLOOR);
  const askPoints = ask.times(scale).plus(half).toDecimalPlaces(0, D.ROUND_CEIL);
  if (bidPoints.lte(0) || !askPoints.lte(Number.MAX_SAFE_INTEGER)) return null;
  return { bid: bidPoints.toNumber(), ask: askPoints.toNumber() };
}
