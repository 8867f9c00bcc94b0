import type { ForexQuotations } from '@meridian/contract';
import { type Bar, dec, pointsText, toFixed } from '@meridian/core';
import type { MarketInstrument } from './definitions';

/** The latest quote of an instrument: its current day bar (the UTC session, on the bid), its ask, and when it last ticked. */
export interface QuoteState {
  session: Bar;
  /** The ask in points; the bid is the session's close. */
  ask: number;
  /** UTC milliseconds, by our clock, when the last tick was received: what freshness and sessions are judged on. */
  time: number;
  /** The provider's stamp of the last tick, never ahead of `time` by more than MAX_AHEAD_MS: it only orders the ticks of one symbol. */
  sourceTime: number;
  /** The provider that sent it, when there are several: another provider's clock does not order its ticks. */
  source?: number;
  /**
   * Loaded from the stored bars at start-up, not yet ticked in this process: only the minute of the last
   * tick is stored, so its age is unknown and the quote counts as stale until a tick comes.
   */
  restored?: true;
}

/** Last bid and ask and session Open/High/Low per instrument (TRADING.md "Prices": Close is the bid). */
export class QuoteBook {
  private readonly quotes = new Map<number, QuoteState>();
  /** Counts the quotes set: a change of any quote changes it. */
  revision = 0;

  set(
    instrumentId: number,
    session: Bar,
    ask: number,
    time: number,
    from: Pick<QuoteState, 'sourceTime' | 'source'>,
  ): void {
    this.quotes.set(instrumentId, { session, ask, time, sourceTime: from.sourceTime, source: from.source });
    this.revision++;
  }

  /**
   * The quote of the stored bars at start-up (see QuoteState.restored): any provider tick is newer than it.
   * Bars keep the bid only: the ask is taken at it until the first tick, and nothing trades on it before.
   */
  restore(instrumentId: number, session: Bar, time: number): void {
    this.quotes.set(instrumentId, { session, ask: session.close, time, sourceTime: 0, restored: true });
    this.revision++;
  }

  get(instrumentId: number): QuoteState | undefined {
    return this.quotes.get(instrumentId);
  }
}

/** A quote as the trading engine reads it: decimal text at PricePrecision. */
export interface LiveQuote {
  /** The bid: the quote's Close. */
  price: string;
  ask: string;
  open: string;
  high: string;
  low: string;
  /** Percent change against the session open, 2 decimals. */
  change: string;
  /** UTC milliseconds of the last tick. */
  time: number;
  marketOpen: boolean;
  /** Open market, but the last tick is older than QUOTE_MAX_AGE: refuse orders, trigger nothing. */
  stale: boolean;
}

/** An instrument's quote as it stands at `at`. */
export function liveQuote(
  instrument: Pick<MarketInstrument, 'pricePrecision' | 'isOpen'>,
  state: QuoteState | undefined,
  at: number,
  maxAgeMs: number,
): LiveQuote | undefined {
  if (!state) return undefined;
  const marketOpen = instrument.isOpen(at);
  const p = instrument.pricePrecision;
  return {
    price: pointsText(state.session.close, p),
    ask: pointsText(state.ask, p),
    open: pointsText(state.session.open, p),
    high: pointsText(state.session.high, p),
    low: pointsText(state.session.low, p),
    change: percentChange(state.session),
    time: state.time,
    marketOpen,
    stale: marketOpen && isStale(state, at, maxAgeMs),
  };
}

/**
 * Older than the allowed age, or of unknown age: orders are refused and nothing triggers on it while the
 * market is open.
 */
export function isStale(quote: QuoteState | undefined, now: number, maxAgeMs: number): boolean {
  return !quote || quote.restored === true || now - quote.time > maxAgeMs;
}

/** Percent change of the last price against the session open, 2 decimals. */
export function percentChange(session: Bar): string {
  return toFixed(
    dec(session.close - session.open)
      .div(session.open)
      .times(100),
    2,
  );
}

export function quotationsOf(quote: QuoteState | undefined, precision: number): ForexQuotations {
  if (!quote) return { Open: '', Close: '', High: '', Low: '', Change: '0.00' };
  const { session } = quote;
  return {
    Open: pointsText(session.open, precision),
    Close: pointsText(session.close, precision),
    High: pointsText(session.high, precision),
    Low: pointsText(session.low, precision),
    Change: percentChange(session),
  };
}
