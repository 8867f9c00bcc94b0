import { randomUUID } from 'node:crypto';
import {
  type Candle,
  type DayMarketMessage,
  type KlineMessage,
  klineTopic,
  type Period,
  type SparkSeries,
  Topic,
} from '@meridian/contract';
import { type Bar, dec, pointsText, type Schedule, sessionChecker, tickBar, toPoints } from '@meridian/core';
import { asc, eq } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import { Channel, type TopicEvent } from '../bus/channels';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ExternalFeed } from '../feed/external';
import type { FeedInstrument, PriceFeed, Tick } from '../feed/feed';
import { Simulator } from '../feed/simulator';
import { seededRandom, symbolSeed } from '../feed/walk';
import { BarBook, candleOf, PERIOD_NAMES, readBars, synthesizeHistory, writeBars } from './candles';
import { isStale, percentChange, QuoteBook, type QuoteState } from './quotes';
import { instruments as instrumentTable } from './schema';

/** The home screen's small chart: the last day in half-hour closes. */
const SPARK_PERIOD: Period = '30min';
const SPARK_POINTS = 48;
/** Bus channel carrying the leader's raw ticks to the other nodes. */
export const MARKET_TICK = 'market.tick';
/** Bus channel telling every node that instrument definitions changed in the database. */
const MARKET_DEFINITIONS = 'market.definitions';
/** Bars in progress are written this often (and on stop, and before a kline read). */
const FLUSH_EVERY_MS = 1000;
/** A tick stamped further ahead of our clock than this comes from a broken clock and is dropped. */
const MAX_FUTURE_MS = 60_000;

type InstrumentRow = typeof instrumentTable.$inferSelect;

/** An instrument definition as the market and the trading engine use it; decimals as plain text. */
export interface MarketInstrument extends Omit<InstrumentRow, 'sessions' | 'holidays'> {
  schedule: Schedule;
  isOpen: (atMs: number) => boolean;
}

/** A quote as the trading engine reads it: decimal text at PricePrecision. */
export interface LiveQuote {
  price: string;
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

export interface MarketTick {
  instrumentId: number;
  symbol: string;
  /** Decimal text at PricePrecision. */
  price: string;
  /** UTC milliseconds. */
  time: number;
}

export type TickListener = (tick: MarketTick) => void;

export interface MarketDeps {
  db: Db;
  bus: Bus;
  config: Config;
  now?: () => number;
  /** Where prices come from; by default the one FEED names. */
  feed?: PriceFeed;
  log?: (message: string, detail?: unknown) => void;
}

export type Market = ReturnType<typeof createMarket>;

/**
 * Market data: instrument definitions, live quotes, candles and their pushes. Ticks come from the feed
 * (or `pushTick`), update the quote book and the bars of every period, and go out on the bus.
 */
export function createMarket({ db, bus, config, now = Date.now, feed, log = console.error }: MarketDeps) {
  const bars = new BarBook();
  const quotes = new QuoteBook();
  const sparks = new Map<number, Bar[]>();
  const listeners = new Set<TickListener>();
  const source = feed ?? feedFor(config, now, log);
  let byId = new Map<number, MarketInstrument>();
  let byCode = new Map<string, MarketInstrument>();
  let flushTimer: NodeJS.Timeout | undefined;
  /** The leader runs the feed, writes candles and publishes; other nodes follow its ticks from the bus. */
  let leading = false;
  let stopFollowing: (() => void) | undefined;
  let stopHearingChanges: (() => void) | undefined;
  let writing = Promise.resolve();
  /** The first history generation is said once: a first start takes a while, and should not look hung. */
  let announced = false;
  /** Tells this node's own definition-change messages from other nodes'. */
  const node = randomUUID();
  /** Counts the loads of the definitions (see `listRevision`). */
  let definitionsLoaded = 0;

  /** Reads the enabled instruments; one newly enabled gets its history, and the leader's feed its price. */
  async function reload(): Promise<void> {
    const rows = await db
      .select()
      .from(instrumentTable)
      .where(eq(instrumentTable.enabled, true))
      .orderBy(asc(instrumentTable.sort), asc(instrumentTable.id));
    const list = rows.map(definitionOf);
    byId = new Map(list.map((i) => [i.id, i]));
    byCode = new Map(list.map((i) => [i.code, i]));
    definitionsLoaded++;
    for (const instrument of list) if (!quotes.get(instrument.id)) await prepare(instrument);
    if (leading) {
      await source.stop();
      startFeed();
    }
  }

  /** Runs the feed over the enabled instruments, each from its last price and on its session schedule. */
  function startFeed(): void {
    const feedInstruments: FeedInstrument[] = [...byId.values()].map((i) => ({
      symbol: i.code,
      price: liveQuote(i, quotes.get(i.id))?.price ?? i.referencePrice,
      precision: i.pricePrecision,
      volatility: Number(i.volatility),
      schedule: i.schedule,
    }));
    source.start(feedInstruments, pushTick);
  }

  /** Writes the bars touched since the last flush; flushes run one after another. */
  function flush(): Promise<void> {
    writing = writing
      .then(() => writeBars(db, bars.takeDirty(), 'upsert'))
      .catch((err) => log('candle write failed', err));
    return writing;
  }

  /** Generates history for an instrument that has none, then loads its latest bars and quote. */
  async function prepare(instrument: MarketInstrument): Promise<void> {
    const { id, pricePrecision: precision } = instrument;
    let [lastMinute] = await readBars(db, id, precision, '1min', 1);
    if (!lastMinute && !(await readBars(db, id, precision, '1day', 1)).length) {
      if (!announced && config.logLevel !== 'silent')
        log(`Generating ${config.backfillDays} days of price history (first start only)…`);
      announced = true;
      const random = seededRandom(symbolSeed(config.feedSeed, `history:${instrument.code}`));
      const subject = {
        instrumentId: id,
        precision,
        volatility: Number(instrument.volatility),
        isOpen: instrument.isOpen,
      };
      const end = toPoints(instrument.referencePrice, precision);
      synthesizeHistory(bars, subject, end, config.backfillDays, now(), random);
      await writeBars(db, bars.takeDirty(), 'insert');
      [lastMinute] = await readBars(db, id, precision, '1min', 1);
    }
    for (const period of PERIOD_NAMES) {
      const recent = await readBars(db, id, precision, period, period === SPARK_PERIOD ? SPARK_POINTS : 1);
      const latest = recent.at(-1);
      if (latest) bars.restore(id, period, latest);
      if (period === SPARK_PERIOD) sparks.set(id, recent);
    }
    const session = bars.current(id, '1day');
    // The last minute recorded may still be running (a restart within it): dating its quote at the minute's
    // end would refuse every tick until then as out of order.
    if (session)
      quotes.restore(
        id,
        session,
        lastMinute ? Math.min((lastMinute.time + 60) * 1000, now()) : session.time * 1000,
      );
  }

  function publish(message: DayMarketMessage | KlineMessage, topic: string): void {
    bus.publish(Channel.topic, { topic, message } satisfies TopicEvent);
  }

  /** The leader's tick: applied, published to clients and to the other nodes. */
  function pushTick(tick: Tick): boolean {
    if (!applyTick(tick, true)) return false;
    bus.publish(MARKET_TICK, tick);
    return true;
  }

  /** Takes one tick: false when it is refused (unknown symbol, closed market, out of order, bad price). */
  function applyTick(tick: Tick, publishing: boolean): boolean {
    const instrument = byCode.get(tick.symbol);
    if (!instrument || tick.time > now() + MAX_FUTURE_MS || !instrument.isOpen(tick.time)) return false;
    const last = quotes.get(instrument.id);
    if (last && tick.time < last.time) return false;
    const { id, code, pricePrecision: precision } = instrument;
    let points: number;
    try {
      points = toPoints(tick.price, precision);
    } catch {
      return false;
    }
    if (points <= 0) return false;

    for (const { period, bar } of bars.apply(id, precision, tickBar(tick.time / 1000, points, tick.volume))) {
      if (period === '1day') quotes.set(id, bar, tick.time);
      if (period === SPARK_PERIOD) updateSpark(id, bar);
      if (!publishing) continue;
      publish(
        { type: 'kline', code: 1, symbol: code, kline: { ...candleOf(bar, precision), Period: period } },
        klineTopic(code, period),
      );
    }
    if (!publishing) return true;
    const quote = liveQuote(instrument, quotes.get(id))!;
    publish(
      {
        type: 'DAY_MARKET',
        code: 1,
        symbol: code,
        quotation: {
          close: quote.price,
          change: quote.change,
          open: quote.open,
          high: quote.high,
          low: quote.low,
          time: tick.time,
        },
      },
      Topic.DAY_MARKET,
    );
    const event = { instrumentId: id, symbol: code, price: quote.price, time: tick.time };
    for (const listener of listeners) listener(event);
    return true;
  }

  function updateSpark(id: number, bar: Bar): void {
    const series = sparks.get(id) ?? [];
    if (series.at(-1)?.time === bar.time) series[series.length - 1] = bar;
    else series.push(bar);
    if (series.length > SPARK_POINTS) series.shift();
    sparks.set(id, series);
  }

  function liveQuote(instrument: MarketInstrument, state: QuoteState | undefined): LiveQuote | undefined {
    if (!state) return undefined;
    const at = now();
    const marketOpen = instrument.isOpen(at);
    const p = instrument.pricePrecision;
    return {
      price: pointsText(state.session.close, p),
      open: pointsText(state.session.open, p),
      high: pointsText(state.session.high, p),
      low: pointsText(state.session.low, p),
      change: percentChange(state.session),
      time: state.time,
      marketOpen,
      stale: marketOpen && isStale(state, at, config.quoteMaxAgeMs),
    };
  }

  return {
    /** Loads definitions, history and quotes (generating history the first time). */
    async start(): Promise<void> {
      await reload();
      stopHearingChanges = bus.subscribe(MARKET_DEFINITIONS, (message) => {
        if ((message as { node?: string }).node !== node)
          reload().catch((err) => log('market reload failed', err));
      });
      flushTimer = setInterval(() => void flush(), FLUSH_EVERY_MS);
      flushTimer.unref();
    },

    /** Becomes the node that runs the feed: its ticks go to clients and to the other nodes. */
    lead(): void {
      if (leading) return;
      stopFollowing?.();
      stopFollowing = undefined;
      leading = true;
      startFeed();
    },

    /** Follows the leader's ticks from the bus, keeping quotes and bars current for this node's requests. */
    async follow(): Promise<void> {
      if (leading) await source.stop();
      leading = false;
      stopFollowing ??= bus.subscribe(MARKET_TICK, (tick) => {
        if (!leading) applyTick(tick as Tick, false);
      });
    },

    async stop(): Promise<void> {
      stopFollowing?.();
      stopHearingChanges?.();
      if (leading) await source.stop();
      clearInterval(flushTimer);
      await flush();
      leading = false;
    },

    /** After an operator changed instruments: this node re-reads them now, every other node on the bus. */
    async definitionsChanged(): Promise<void> {
      await reload();
      bus.publish(MARKET_DEFINITIONS, { node });
    },
    flush,
    pushTick,

    /** Enabled instruments in display order. */
    instruments(): MarketInstrument[] {
      return [...byId.values()];
    },

    instrument(id: number): MarketInstrument | undefined {
      return byId.get(id);
    },

    instrumentByCode(code: string): MarketInstrument | undefined {
      return byCode.get(code);
    },

    /**
     * Changes whenever a definition or a quote changes, and each minute (sessions open and close on the
     * minute, holidays on the day): what a cache of the quote list is kept by.
     */
    listRevision(): string {
      return `${definitionsLoaded}:${quotes.revision}:${Math.floor(now() / 60_000)}`;
    },

    isOpen(id: number, atMs = now()): boolean {
      return byId.get(id)?.isOpen(atMs) ?? false;
    },

    quote(id: number): LiveQuote | undefined {
      const instrument = byId.get(id);
      return instrument && liveQuote(instrument, quotes.get(id));
    },

    /** The last price as decimal text, fresh or not: what open positions are marked at (one per position). */
    lastPrice(id: number): string | undefined {
      const instrument = byId.get(id);
      const state = quotes.get(id);
      return instrument && state && pointsText(state.session.close, instrument.pricePrecision);
    },

    /** The session bar and tick time behind the quote, for the wire's ForexQuotations. */
    quoteState(id: number): QuoteState | undefined {
      return quotes.get(id);
    },

    /** Subscribes to accepted ticks (the trading engine's trigger loop); returns the unsubscribe. */
    onTick(listener: TickListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The latest `limit` bars of a period, oldest first, the bar in progress included. */
    async candles(id: number, period: Period, limit: number): Promise<Candle[]> {
      const instrument = byId.get(id)!;
      await flush();
      const rows = await readBars(db, id, instrument.pricePrecision, period, limit);
      return rows.map((bar) => candleOf(bar, instrument.pricePrecision));
    },

    /** Small chart series of every instrument, from memory. */
    sparks(): SparkSeries[] {
      return [...byId.values()].map((i) => ({
        Id: i.id,
        Code: i.code,
        Points: (sparks.get(i.id) ?? []).map((bar) => pointsText(bar.close, i.pricePrecision)),
      }));
    },
  };
}

/** Numeric columns come back padded to their scale ('0.01000000'); the wire wants '0.01'. */
const plain = (value: string) => dec(value).toFixed();

function definitionOf({ sessions, holidays, ...row }: InstrumentRow): MarketInstrument {
  const schedule = { windows: sessions, holidays };
  return {
    ...row,
    contractSize: plain(row.contractSize),
    minLots: plain(row.minLots),
    lotStep: plain(row.lotStep),
    maxLots: row.maxLots === null ? null : plain(row.maxLots),
    feeRate: plain(row.feeRate),
    spreadRate: plain(row.spreadRate),
    referencePrice: plain(row.referencePrice),
    volatility: plain(row.volatility),
    schedule,
    isOpen: sessionChecker(schedule),
  };
}

function feedFor(
  config: Config,
  now: () => number,
  log: (message: string, detail?: unknown) => void,
): PriceFeed {
  if (config.feed === 'external') return new ExternalFeed({ url: config.feedUrl!, log });
  return new Simulator(config.feedSeed, now);
}
