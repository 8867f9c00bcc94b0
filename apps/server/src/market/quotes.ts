import type { ForexQuotations } from '@meridian/contract';
import { type Bar, dec, pointsText, toFixed } from '@meridian/core';

/** The latest quote of an instrument: its current day bar (the UTC session) and when it last ticked. */
export interface QuoteState {
  session: Bar;
  /** UTC milliseconds of the last tick. */
  time: number;
  /**
   * Loaded from the stored bars at start-up, not yet ticked in this process: only the minute of the last
   * tick is stored, so its age is unknown and the quote counts as stale until a tick comes.
   */
  restored?: true;
}

/** Last price and session Open/High/Low per instrument (TRADING.md "Prices": Close is the last price). */
export class QuoteBook {
  private readonly quotes = new Map<number, QuoteState>();
  /** Counts the quotes set: a change of any quote changes it. */
  revision = 0;

  set(instrumentId: number, session: Bar, time: number): void {
    this.quotes.set(instrumentId, { session, time });
    this.revision++;
  }

  /** The quote of the stored bars at start-up (see QuoteState.restored). */
  restore(instrumentId: number, session: Bar, time: number): void {
    this.quotes.set(instrumentId, { session, time, restored: true });
    this.revision++;
  }

  get(instrumentId: number): QuoteState | undefined {
    return this.quotes.get(instrumentId);
  }
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
