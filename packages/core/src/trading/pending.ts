import { dec } from '../decimal';
import type { Direction } from './direction';
import type { DecLike } from './instrument';
import type { Side } from './side';

/** The four pending orders of MetaTrader, fixed when the order is placed. */
export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

/**
 * Kind of a pending order from its target and the market price when placed: a buy below the
 * market is a buy limit, above a buy stop; a sell above is a sell limit, below a sell stop.
 * A target equal to the market is refused by `checkPendingPrice` before this is asked.
 */
export function classifyPending(side: Side, target: DecLike, marketPrice: DecLike): PendingKind {
  const belowMarket = dec(target).lt(marketPrice);
  if (side === 'buy') return belowMarket ? 'buy_limit' : 'buy_stop';
  return belowMarket ? 'sell_stop' : 'sell_limit';
}

/** Buy limits and sell stops wait below the market and fill when the price falls to them; the others when it rises. */
export function pendingDirection(kind: PendingKind): Direction {
  return kind === 'buy_limit' || kind === 'sell_stop' ? 'fall' : 'rise';
}
