import { dec } from '../decimal';
import type { Direction } from './direction';
import type { DecLike } from './instrument';
import type { Side } from './side';

/** The four pending orders of MetaTrader, fixed when the order is placed. */
export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';

/**
 * Kind of a pending order from its target and the price its side opens at when placed (a buy's ask): a
 * buy below it is a buy limit, above a buy stop; a sell above is a sell limit, below a sell stop.
 * A target equal to it is refused by `checkPendingPrice` before this is asked.
 */
export function classifyPending(side: Side, target: DecLike, openPrice: DecLike): PendingKind {
  const belowMarket = dec(target).lt(openPrice);
  if (side === 'buy') return belowMarket ? 'buy_limit' : 'buy_stop';
  return belowMarket ? 'sell_stop' : 'sell_limit';
}

/** Buy limits and sell stops wait below the market and fill when the price falls to them; the others when it rises. */
export function pendingDirection(kind: PendingKind): Direction {
  return kind === 'buy_limit' || kind === 'sell_stop' ? 'fall' : 'rise';
}

/** Why an expiry asked with an order is refused. */
export type ExpiryRefusal = 'expiry_not_pending' | 'expiry_in_past' | 'expiry_too_far';

/** The furthest a pending order may be set to expire, in days from when it is placed. */
export const MAX_EXPIRY_DAYS = 365;
const DAY_MS = 24 * 60 * 60_000;

/**
 * An order's expiry (epoch ms; null: good till cancelled) at `now`: only a pending order has one, and it
 * lies after now and at most MAX_EXPIRY_DAYS ahead. Null when it is fine.
 */
export function checkExpiry(expiresAt: number | null, pending: boolean, now: number): ExpiryRefusal | null {
  if (expiresAt === null) return null;
  if (!pending) return 'expiry_not_pending';
  if (expiresAt <= now) return 'expiry_in_past';
  return expiresAt - now > MAX_EXPIRY_DAYS * DAY_MS ? 'expiry_too_far' : null;
}

/** Whether a pending order with this expiry (null: good till cancelled) has expired at `now`. */
export function isExpired(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt <= now;
}
