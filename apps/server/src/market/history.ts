import { toPoints } from '@meridian/core';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { seededRandom, symbolSeed } from '../feed/walk';
import { type BarBook, PERIOD_NAMES, readBars, rollUpHistory, synthesizeHistory, writeBars } from './candles';
import type { MarketInstrument } from './definitions';
import type { QuoteBook } from './quotes';
import { SPARK_PERIOD, SPARK_POINTS, type SparkBook } from './sparks';

export interface HistoryDeps {
  db: Db;
  config: Config;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  bars: BarBook;
  quotes: QuoteBook;
  sparks: SparkBook;
}

/**
 * Readies an instrument for ticks: generates its history when it has none (said once: a first start takes a
 * while and should not look hung), then loads its latest bar of every period, its small chart and its quote.
 */
export function historyLoader({ db, config, now, log, bars, quotes, sparks }: HistoryDeps) {
  let announced = false;
  return async function prepare(instrument: MarketInstrument): Promise<void> {
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
      const count = period === SPARK_PERIOD ? SPARK_POINTS : 1;
      let recent = await readBars(db, id, precision, period, count);
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
  };
}
