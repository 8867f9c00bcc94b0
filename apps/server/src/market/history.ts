import { MAX_BARS, type Period } from '@meridian/contract';
import { toPoints } from '@meridian/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seededRandom, symbolSeed } from '../feed/walk';
import type { Log } from '../util/log';
import {
  type BarBook,
  PERIOD_NAMES,
  readBars,
  rollUpHistory,
  type StoredBar,
  synthesizeHistory,
  writeBars,
} from './candles';
import type { MarketInstrument } from './definitions';
import type { QuoteBook } from './quotes';
import { candles } from './schema';
import { SPARK_PERIOD, SPARK_POINTS, type SparkBook } from './sparks';

export interface HistoryDeps {
  db: Db;
  config: Config;
  now: () => number;
  log: Log;
  bars: BarBook;
  quotes: QuoteBook;
  sparks: SparkBook;
}

const DAY_SECONDS = 86_400;

/**
 * An instrument's generated history: MAX_BARS bars of every period a day divides (a chart asked for the most
 * bars is full), and the weeks of those days. Deterministic from the feed seed, the end price and the last
 * open minute before `untilMs`.
 */
function generate(
  instrument: MarketInstrument,
  seed: number,
  endPoints: number,
  untilMs: number,
  latest?: (period: Period) => number,
): StoredBar[] {
  const subject = {
    instrumentId: instrument.id,
    precision: instrument.pricePrecision,
    volatility: Number(instrument.volatility),
    isOpen: instrument.isOpen,
  };
  const random = seededRandom(symbolSeed(seed, `history:${instrument.code}`));
  return synthesizeHistory(subject, endPoints, MAX_BARS, untilMs, random, latest);
}

/** What a start needs of each period's bars: the latest, and the small chart's. */
const startCount = (period: Period) => (period === SPARK_PERIOD ? SPARK_POINTS : 1);

/** An instrument's oldest stored bar of a period: its time (UTC seconds) and close. */
async function oldestBar(db: Db, instrumentId: number, period: Period) {
  const [row] = await db
    .select({
      time: sql<number>`extract(epoch from ${candles.time})::bigint`.mapWith(Number),
      close: candles.close,
    })
    .from(candles)
    .where(and(eq(candles.instrumentId, instrumentId), eq(candles.period, period)))
    .orderBy(asc(candles.time))
    .limit(1);
  return row;
}

/**
 * Readies instruments for ticks and charts. `prepare` generates an instrument's history when it has none
 * (said once: a first start should not look hung), stores only its latest bars (the first start stays
 * quick and small), then loads its latest bar of every period, its small chart and its quote. `complete`
 * stores the rest of that history before a chart is first read: generated again the same way, from the
 * oldest minute stored (the last generated one: ticks only add later ones), so the bars stored first, and
 * moved by ticks since, are kept as they are and the others agree with them.
 */
export function historyLoader({ db, config, now, log, bars, quotes, sparks }: HistoryDeps) {
  let announced = false;
  const completing = new Map<number, Promise<void>>();

  async function fill(instrument: MarketInstrument): Promise<void> {
    const { id, pricePrecision: precision } = instrument;
    const firstMinute = await oldestBar(db, id, '1min');
    const firstDay = firstMinute && (await oldestBar(db, id, '1day'));
    // Days before the oldest minute: a history completed already, or one stored before this scheme.
    if (!firstMinute || !firstDay || firstDay.time < firstMinute.time - (firstMinute.time % DAY_SECONDS))
      return;
    const end = toPoints(firstMinute.close, precision);
    await writeBars(db, generate(instrument, config.feedSeed, end, (firstMinute.time + 60) * 1000), 'insert');
  }

  return {
    async prepare(instrument: MarketInstrument): Promise<void> {
      const { id, pricePrecision: precision } = instrument;
      let [lastMinute] = await readBars(db, id, precision, '1min', 1);
      // The latest bars just generated, when they are known to be the stored ones: the embedded database has
      // no other writer (on PostgreSQL another node's may have won), so they are not read back.
      let stored: StoredBar[] | undefined;
      // Oldest first, as readBars answers.
      const read = async (period: Period, count: number) =>
        stored
          ? stored
              .filter((r) => r.period === period)
              .slice(-count)
              .map((r) => r.bar)
          : readBars(db, id, precision, period, count);
      if (!lastMinute && !(await readBars(db, id, precision, '1day', 1)).length) {
        if (!announced) log.info('Generating price history (first start only)…');
        announced = true;
        const end = toPoints(instrument.referencePrice, precision);
        const latest = generate(instrument, config.feedSeed, end, now(), startCount);
        await writeBars(db, latest, 'insert');
        if (!config.databaseUrl) stored = latest;
        [lastMinute] = await read('1min', 1);
      }
      for (const period of PERIOD_NAMES) {
        const count = startCount(period);
        let recent = await read(period, count);
        // A period added since the history was stored (4hour, 1week): rolled up once from the shorter ones.
        if (!recent.length) {
          await rollUpHistory(db, id, precision, period);
          recent = await readBars(db, id, precision, period, count);
        }
        const latest = recent.at(-1);
        if (latest) bars.restore(id, period, latest);
        if (period === SPARK_PERIOD) sparks.restore(id, recent);
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
    },

    /** Stores the rest of the instrument's generated history, once (a failure is tried again next time). */
    complete(instrument: MarketInstrument): Promise<void> {
      let done = completing.get(instrument.id);
      if (!done) {
        done = fill(instrument).catch((err) => {
          completing.delete(instrument.id);
          throw err;
        });
        completing.set(instrument.id, done);
      }
      return done;
    },
  };
}
