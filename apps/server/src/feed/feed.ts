import type { ProviderPrice, Schedule } from '@meridian/core';

/**
 * One price update from a feed: one price (the market puts the instrument's spread around it) or a bid and
 * an ask, decimal text; the market quotes it at the instrument's PricePrecision (core `platformQuote`).
 */
export type Tick = TickFields & ProviderPrice;
/** A tick of one price (feed protocol v1, the simulator). */
export type PriceTick = TickFields & { price: string };

interface TickFields {
  /** Instrument Code, e.g. EURUSD. */
  symbol: string;
  /** UTC milliseconds. */
  time: number;
  /** Tick volume, 1 unless the feed says otherwise. */
  volume: number;
  /** Which of several providers sent it (their own clocks order only their own ticks); none for one source. */
  source?: number;
}

/** What a feed is told about each instrument it should quote. */
export interface FeedInstrument {
  symbol: string;
  /** Where the price stands now (decimal text at `precision`). */
  price: string;
  precision: number;
  /** Annualized volatility, e.g. 0.08. */
  volatility: number;
  schedule: Schedule;
}

/** A source of ticks: the simulator or an external provider. */
export interface PriceFeed {
  start(instruments: FeedInstrument[], onTick: (tick: Tick) => void): void;
  stop(): Promise<void>;
}

/** A feed that sends nothing: tests push ticks themselves. */
export const silentFeed: PriceFeed = {
  start() {},
  async stop() {},
};
