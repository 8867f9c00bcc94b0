import type { Quote } from '@meridian/core';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { refuse } from '../http/errors';
import type { Tradable, TradingMarket } from './market';
import type { Marks } from './marking';
import type { PendingWithdrawals } from './negative-balance';

export type CloseReason =
  | 'user'
  | 'take_profit'
  | 'stop_loss'
  | 'stop_out'
  | 'operator'
  | 'demo_reset'
  | 'provider_closed'
  | 'copy_stopped';

export interface TradingOptions {
  /** Other connections write to the database at the same time (PostgreSQL, any number of nodes). */
  concurrent?: boolean;
  /** The withdrawals negative balance protection may return to pay a loss (funding's). */
  withdrawals: PendingWithdrawals;
}

/** Orders this node placed, and positions it closed by reason, since it started (read by /metrics). */
export interface TradingCounts {
  placed: number;
  closed: Map<CloseReason, number>;
}

/** What every use case of trading works with: one per `Trading`, shared by all of them. */
export interface TradingContext {
  readonly db: Db;
  readonly market: TradingMarket;
  /** Where committed order changes are announced. */
  readonly bus: Bus;
  readonly now: () => number;
  readonly options: TradingOptions;
  /** The mark cache. */
  readonly marks: Marks;
  readonly counts: TradingCounts;
}

/** The quote an execution needs: the market must be open and its quote fresh. */
export function liveQuote(ctx: TradingContext, instrumentId: number): Quote {
  const state = ctx.market.priceState(instrumentId, ctx.now());
  if (state.state === 'closed') throw refuse('market_closed');
  if (state.state === 'stale') throw refuse('price_unavailable');
  return state.quote;
}

export function tradableOf(ctx: TradingContext, instrumentId: number): Tradable {
  const tradable = ctx.market.tradable(instrumentId);
  if (!tradable) throw refuse('instrument_unknown');
  return tradable;
}
