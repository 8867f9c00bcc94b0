import { randomUUID } from 'node:crypto';
import { endpoints, type Period, type SparkSeries } from '@meridian/contract';
import { platformQuote, pointsText, type QuotePoints, tickBar } from '@meridian/core';
import type { Bus } from '../bus/bus';
import { Channel, type TopicEvent } from '../bus/channels';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ExternalFeed } from '../feed/external';
import type { FeedInstrument, PriceFeed, Tick } from '../feed/feed';
import { Simulator } from '../feed/simulator';
import { assertAnswer } from '../http/answers';
import type { Log } from '../util/log';
import { BarBook, candleOf, overStored, readBars, writeBars } from './candles';
import { type MarketInstrument, readDefinitions } from './definitions';
import { historyLoader } from './history';
import { KlineCache, type KlineView } from './kline-cache';
import { dayMarket, kline, type TopicPush } from './pushes';
import { type LiveQuote, liveQuote, QuoteBook, type QuoteState } from './quotes';
import { SPARK_PERIOD, SparkBook } from './sparks';
import { SpikeFilter } from './spikes';

/** Bus channel carrying the leader's raw ticks to the other nodes. */
export const MARKET_TICK = 'market.tick';
/** Bus channel telling every node that instrument definitions changed in the database. */
export const MARKET_DEFINITIONS = 'market.definitions';
/** The leader writes the bars in progress this often (and on stop, and before a kline series is read from them). */
const FLUSH_EVERY_MS = 1000;
/** A provider's stamp further ahead of our clock than this is taken at our clock (TRADING.md "Prices"). */
export const MAX_AHEAD_MS = 2_000;

/** A feed's tick stamped on arrival: `time` is our clock's, `sourceTime` the provider's, for ordering only. */
export type ReceivedTick = Tick & { sourceTime: number };

/**
 * Stamps a tick on arrival. The provider's clock only orders one symbol's ticks, and a stamp from its
 * future is taken at ours, so that a drifting or broken clock can neither hold later ticks back nor make
 * an old quote look fresh.
 */
export function received(tick: Tick, at: number): ReceivedTick {
  return { ...tick, time: at, sourceTime: tick.time > at + MAX_AHEAD_MS ? at : tick.time };
}

/** An accepted quote of an instrument: bid and ask as decimal text at PricePrecision. */
export interface MarketTick {
  instrumentId: number;
  symbol: string;
  bid: string;
  ask: string;
  /** UTC milliseconds. */
  time: number;
}

export type TickListener = (tick: MarketTick) => void;

export interface MarketDeps {
  db: Db;
  bus: Bus;
  config: Config;
  /** The app's clock. */
  now: () => number;
  /** Where prices come from; by default the one FEED names. */
  feed?: PriceFeed;
  log: Log;
}

export type Market = ReturnType<typeof createMarket>;

/**
 * Market data: instrument definitions (definitions.ts), their history (history.ts), live quotes, candles
 * and small charts moved by ticks, and their pushes (pushes.ts). Ticks come from the feed (or `pushTick`)
 * on the leader, which replicates them to the other nodes on the bus.
 */
export function createMarket({ db, bus, config, now, feed, log }: MarketDeps) {
  const bars = new BarBook();
  const quotes = new QuoteBook();
  const sparks = new SparkBook();
  const listeners = new Set<TickListener>();
  // Each held or dropped quote at debug level: a storm of them must not flood the log (/metrics counts them).
  const spikes = new SpikeFilter<ReceivedTick>((message, detail) => log.debug(detail, message));
  const source = feed ?? feedFor(config, now, log);
  const history = historyLoader({ db, config, now, log, bars, quotes, sparks });
  // Every node moves its own bars with the same ticks (the leader's feed, the bus on the others), so a
  // follower's closed bars close when the leader's do. Only the leader writes them: a follower's series
  // lays its latest bars over the stored ones, which may not hold them yet, so its answer is the leader's.
  const klines = new KlineCache({
    book: bars,
    precisionOf: (id) => byId.get(id)!.pricePrecision,
    async stored(id, precision, period, count) {
      await history.complete(byId.get(id)!);
      await flush();
      return overStored(await readBars(db, id, precision, period, count), bars.recent(id, period), count);
    },
    check: (candles) => assertAnswer(db, endpoints.kline.path, endpoints.kline.answer, candles),
  });
  let byId = new Map<number, MarketInstrument>();
  let byCode = new Map<string, MarketInstrument>();
  let flushTimer: NodeJS.Timeout | undefined;
  /** The leader runs the feed, writes candles and publishes; other nodes follow its ticks from the bus. */
  let leading = false;
  let stopFollowing: (() => void) | undefined;
  let stopHearingChanges: (() => void) | undefined;
  let writing = Promise.resolve();
  /** Tells this node's own definition-change messages from other nodes'. */
  const node = randomUUID();
  /** Counts the loads of the definitions (see `listRevision`). */
  let definitionsLoaded = 0;

  const quoteOf = (instrument: MarketInstrument) =>
    liveQuote(instrument, quotes.get(instrument.id), now(), config.quoteMaxAgeMs);

  /** Reads the enabled instruments; one newly enabled gets its history, and the leader's feed its price. */
  async function reload(): Promise<void> {
    const list = await readDefinitions(db);
    byId = new Map(list.map((i) => [i.id, i]));
    byCode = new Map(list.map((i) => [i.code, i]));
    definitionsLoaded++;
    for (const instrument of list) if (!quotes.get(instrument.id)) await history.prepare(instrument);
    if (leading) {
      await source.stop();
      startFeed();
    }
  }

  /** Runs the feed over the enabled instruments, each from its last price and on its session schedule. */
  function startFeed(): void {
    const feedInstruments: FeedInstrument[] = [...byId.values()].map((i) => ({
      symbol: i.code,
      price: quoteOf(i)?.price ?? i.referencePrice,
      precision: i.pricePrecision,
      volatility: Number(i.volatility),
      schedule: i.schedule,
    }));
    source.start(feedInstruments, pushTick);
  }

  /** Runs candle writes one after another. */
  function write(run: () => Promise<void> | undefined): Promise<void> {
    writing = writing.then(run).catch((err) => log.error({ err }, 'candle write failed'));
    return writing;
  }

  /**
   * The leader writes the bars touched since its last flush. A follower forgets them: the leader writes the
   * same bars, and the book keeps the latest of each series for this node's charts and a takeover.
   */
  function flush(): Promise<void> {
    return write(() => {
      const rows = bars.takeDirty();
      return leading ? writeBars(db, rows, 'upsert') : undefined;
    });
  }

  function publish({ topic, message }: TopicPush): void {
    bus.publish(Channel.topic, { topic, message } satisfies TopicEvent);
  }

  /**
   * The leader's tick, stamped as it arrives, through the spike filter: what it lets through is applied and
   * published to clients and to the other nodes. False when this tick was not taken now (refused or held).
   */
  function pushTick(tick: Tick): boolean {
    const stamped = received(tick, now());
    const admitted = admit(stamped);
    if (!admitted) return false;
    const last = quotes.get(admitted.instrument.id);
    // The filter judges the bid, the quote's Close: what the charts draw.
    const taken = spikes.pass(
      admitted.instrument,
      { points: admitted.quote.bid, tick: stamped },
      last?.session.close,
    );
    for (const t of taken) {
      // The tick just admitted is not parsed again; a held one that it confirms is admitted anew.
      applyTick(t, true, t === stamped ? admitted : admit(t));
      bus.publish(MARKET_TICK, t);
    }
    return taken.includes(stamped);
  }

  /**
   * A tick's instrument and the platform's quote of it in points (spread and markup), or null when it is
   * refused: unknown symbol, closed market at its receipt, older than the symbol's last by the clock of the
   * provider that sent both, no price (see `platformQuote`).
   */
  function admit(tick: ReceivedTick): { instrument: MarketInstrument; quote: QuotePoints } | null {
    const instrument = byCode.get(tick.symbol);
    if (!instrument?.isOpen(tick.time)) return null;
    const last = quotes.get(instrument.id);
    if (last && last.source === tick.source && tick.sourceTime < last.sourceTime) return null;
    try {
      const quote = platformQuote(tick, instrument);
      return quote && { instrument, quote };
    } catch {
      return null;
    }
  }

  /** Takes one tick the leader accepted: false when this node refuses it (see `admit`). */
  function applyTick(tick: ReceivedTick, publishing: boolean, admitted = admit(tick)): boolean {
    if (!admitted) return false;
    const { instrument, quote: points } = admitted;
    const last = quotes.get(instrument.id);
    // Our clock may step back a little (NTP): a symbol's receipt times never do.
    const time = last ? Math.max(tick.time, last.time) : tick.time;
    const { id, code, pricePrecision: precision } = instrument;
    const moved = bars.apply(id, precision, tickBar(time / 1000, points.bid, tick.volume));
    for (const { period, bar } of moved) {
      if (period === '1day') quotes.set(id, bar, points.ask, time, tick);
      if (period === SPARK_PERIOD) sparks.update(id, bar);
      if (publishing) publish(kline(code, period, candleOf(bar, precision)));
    }
    klines.moved(id, moved);
    if (!publishing) return true;
    const quote = quoteOf(instrument)!;
    publish(dayMarket(code, quote, time));
    const event = { instrumentId: id, symbol: code, bid: quote.price, ask: quote.ask, time };
    for (const listener of listeners) listener(event);
    return true;
  }

  return {
    /** Loads definitions, history and quotes (generating history the first time). */
    async start(): Promise<void> {
      await reload();
      stopHearingChanges = bus.subscribe(MARKET_DEFINITIONS, (message) => {
        if ((message as { node?: string }).node !== node)
          reload().catch((err) => log.error({ err }, 'market reload failed'));
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
      // The old leader wrote each second and may have died before its last bars: this node's are written
      // first, except over a bar it stored with ticks that never reached this node.
      void write(() => writeBars(db, bars.allRecent(), 'catch-up'));
      startFeed();
    },

    /** Follows the leader's ticks from the bus, keeping quotes and bars current for this node's requests. */
    async follow(): Promise<void> {
      if (leading) {
        await source.stop();
        // Its last bars, before it forgets them as a follower does (the next leader may be a while coming).
        await flush();
      }
      leading = false;
      stopFollowing ??= bus.subscribe(MARKET_TICK, (tick) => {
        if (!leading) applyTick(tick as ReceivedTick, false);
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
    /** Quotes the spike filter held, and held ones it dropped, since the start. */
    spikeCounts: () => ({ ...spikes.counts }),

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
      return instrument && quoteOf(instrument);
    },

    /** The last bid (the quote's Close) as decimal text, fresh or not: what alerts and USD conversions read. */
    lastPrice(id: number): string | undefined {
      const instrument = byId.get(id);
      const state = quotes.get(id);
      return instrument && state && pointsText(state.session.close, instrument.pricePrecision);
    },

    /** The last bid and ask as decimal text, fresh or not: what open positions are marked at (one per position). */
    lastQuote(id: number): { bid: string; ask: string } | undefined {
      const instrument = byId.get(id);
      const state = quotes.get(id);
      if (!instrument || !state) return undefined;
      const p = instrument.pricePrecision;
      return { bid: pointsText(state.session.close, p), ask: pointsText(state.ask, p) };
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

    /** The latest `limit` bars of a period as JSON, oldest first, the bar in progress included (memory). */
    klines(id: number, period: Period, limit: number): Promise<KlineView> {
      return klines.view(id, period, limit);
    },

    /** Small chart series of every instrument, from memory. */
    sparks(): SparkSeries[] {
      return [...byId.values()].map((i) => sparks.of(i));
    },
  };
}

function feedFor(config: Config, now: () => number, log: Log): PriceFeed {
  if (config.feed === 'external') return new ExternalFeed({ urls: config.feedUrls, log });
  return new Simulator(config.feedSeed, now);
}
