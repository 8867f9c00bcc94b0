import { type Dec, dec } from '../decimal';
import type { DecLike } from './instrument';
import { closingSide, type Side } from './side';
import type { TriggerKind } from './triggers';

/** An instrument's two prices (TRADING.md "Prices"), ask ≥ bid: what a trade opens and closes at. */
export interface Quote {
  bid: DecLike;
  ask: DecLike;
}

/** Which of the two prices of a quote. */
export type QuoteSide = 'bid' | 'ask';

/** The price a `side` trade opens at: a buy at the ask, a sell at the bid. */
export function openingSide(side: Side): QuoteSide {
  return side === 'buy' ? 'ask' : 'bid';
}

/** Fill price (Price) of a `side` trade at `quote`. */
export function openPrice(side: Side, quote: Quote): Dec {
  return dec(quote[openingSide(side)]);
}

/** Which price of a quote a position of `side` closes at: a buy's at the bid, a sell's at the ask. */
export function closingQuoteSide(side: Side): QuoteSide {
  return openingSide(closingSide(side));
}

/** Price a position of `side` closes at now (a buy at the bid); also its UpdatePrice, so floating P&L is what a close would realize. */
export function closePrice(side: Side, quote: Quote): Dec {
  return dec(quote[closingQuoteSide(side)]);
}

/**
 * The price a resting trigger of an order of `side` watches: the one it executes at. A pending order fills
 * where its side opens (a buy limit on the ask); a stop loss or take profit closes where its position
 * closes (a buy's on the bid).
 */
export function triggerSide(kind: TriggerKind, side: Side): QuoteSide {
  return openingSide(kind === 'pending' ? side : closingSide(side));
}
