import { type Candle, PERIODS, type Period } from '@meridian/contract';
import { type Bar, bucketStart, mergeBar, pointsText } from '@meridian/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Random, sigmaOver, step } from '../feed/walk';
import { candles } from './schema';

export const PERIOD_NAMES: Period[] = PERIODS.map((p) => p.period);
const PERIOD_SECONDS = new Map<Period, number>(PERIODS.map((p) => [p.period, p.seconds]));
const DAY_SECONDS = 86_400;
/** Daily bars kept before the minute history starts. */
const DAILY_HISTORY_DAYS = 365;
/** Rows per insert statement: big enough to be fast, small enough for any driver. */
const WRITE_CHUNK = 20_000;

export interface StoredBar {
  instrumentId: number;
  period: Period;
  precision: number;
  bar: Bar;
}

/**
 * The bars in progress, one per instrument and period. Ticks and shorter bars merge into them; every
 * bar touched since the last flush is kept once, by key, until it is written.
 */
export class BarBook {
  private readonly bars = new Map<number, Map<Period, Bar>>();
  private dirty = new Map<string, StoredBar>();

  current(instrumentId: number, period: Period): Bar | undefined {
    return this.bars.get(instrumentId)?.get(period);
  }

  /** Starts from a stored bar (the latest of its period) without marking it for writing. */
  restore(instrumentId: number, period: Period, bar: Bar): void {
    this.periodsOf(instrumentId).set(period, bar);
  }

  /** Merges `part` into the bar of each period that contains it; answers the updated bars. */
  apply(instrumentId: number, precision: number, part: Bar, periods = PERIOD_NAMES): StoredBar[] {
    const open = this.periodsOf(instrumentId);
    return periods.map((period) => {
      const start = bucketStart(PERIOD_SECONDS.get(period)!, part.time);
      const previous = open.get(period);
      // A part older than the bar in progress (an out-of-order tick) is dropped by the caller.
      const bar = mergeBar(previous?.time === start ? previous : undefined, part, start);
      open.set(period, bar);
      const stored = { instrumentId, period, precision, bar };
      this.dirty.set(`${instrumentId}:${period}:${start}`, stored);
      return stored;
    });
  }

  takeDirty(): StoredBar[] {
    const rows = [...this.dirty.values()];
    this.dirty = new Map();
    return rows;
  }

  private periodsOf(instrumentId: number): Map<Period, Bar> {
    let periods = this.bars.get(instrumentId);
    if (!periods) {
      periods = new Map();
      this.bars.set(instrumentId, periods);
    }
    return periods;
  }
}

export function candleOf(bar: Bar, precision: number): Candle {
  return {
    Time: bar.time,
    Open: pointsText(bar.open, precision),
    High: pointsText(bar.high, precision),
    Low: pointsText(bar.low, precision),
    Close: pointsText(bar.close, precision),
    Volume: String(bar.volume),
  };
}

/**
 * Writes bars with one statement per chunk: columns travel as arrays, so a month of minutes is quick.
 * `insert` is for new history (a quarter faster); `upsert` replaces bars that may exist.
 */
export async function writeBars(db: Db, rows: StoredBar[], mode: 'insert' | 'upsert'): Promise<void> {
  const onConflict =
    mode === 'upsert'
      ? sql`on conflict (instrument_id, period, time) do update set
          open = excluded.open, high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume`
      : // Two nodes may write the same seeded history for a newly enabled instrument: the first wins.
        sql`on conflict (instrument_id, period, time) do nothing`;
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    const chunk = rows.slice(i, i + WRITE_CHUNK);
    const column = (pick: (row: StoredBar) => string | number) => `{${chunk.map(pick).join(',')}}`;
    const price = (pick: (bar: Bar) => number) => column((r) => pointsText(pick(r.bar), r.precision));
    await db.execute(sql`
      insert into candles (instrument_id, period, time, open, high, low, close, volume)
      select i, p, to_timestamp(t), o, h, l, c, v
      from unnest(
        ${column((r) => r.instrumentId)}::int[], ${column((r) => r.period)}::text[],
        ${column((r) => r.bar.time)}::bigint[], ${price((b) => b.open)}::numeric[],
        ${price((b) => b.high)}::numeric[], ${price((b) => b.low)}::numeric[],
        ${price((b) => b.close)}::numeric[], ${column((r) => r.bar.volume)}::numeric[]
      ) as u(i, p, t, o, h, l, c, v)
      ${onConflict}`);
  }
}

/**
 * The latest `count` stored bars of an instrument and period, oldest first. The database rounds the
 * prices to points (half away from zero, as toPoints does) and sends the bars as one text: the
 * kline-query profile showed reading 1,000 bars as rows, and their decimal conversion, costing ten times
 * the query itself.
 */
export async function readBars(
  db: Db,
  instrumentId: number,
  precision: number,
  period: Period,
  count: number,
): Promise<Bar[]> {
  if (!Number.isInteger(precision) || precision < 0 || precision > 12)
    throw new RangeError(`precision ${precision}`);
  const scale = sql.raw(`1${'0'.repeat(precision)}::numeric`);
  const points = (column: string) => sql.raw(`round(${column} * `).append(scale).append(sql.raw(')::bigint'));
  const result = await db.execute(sql`
    select string_agg(concat_ws(',', extract(epoch from b.time)::bigint, ${points('b.open')},
        ${points('b.high')}, ${points('b.low')}, ${points('b.close')}, b.volume), ';' order by b.time) as bars
    from (
      select time, open, high, low, close, volume from ${candles}
      where ${candles.instrumentId} = ${instrumentId} and ${candles.period} = ${period}
      order by ${candles.time} desc limit ${count}
    ) as b`);
  const text = (result as unknown as { rows: { bars: string | null }[] }).rows[0]?.bars;
  if (!text) return [];
  return text.split(';').map((line) => {
    const [time, open, high, low, close, volume] = line.split(',').map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const value of [open, high, low, close]) {
      if (!Number.isSafeInteger(value)) throw new RangeError(`Price out of range: ${line}`);
    }
    return { time, open, high, low, close, volume };
  });
}

/**
 * The period a longer one is built of: the longest shorter period that divides it (60min for 4hour, 1day
 * for 1week), so that each of its bars falls inside exactly one bar of the longer period.
 */
export function rollUpSource(period: Period): Period | undefined {
  const seconds = PERIOD_SECONDS.get(period)!;
  return PERIODS.findLast((p) => p.seconds < seconds && seconds % p.seconds === 0)?.period;
}

/**
 * Builds a period's stored bars from its source period's: for a period added after an instrument's history
 * was stored. Rolled up in a book of its own, so no live bar is written with them.
 */
export async function rollUpHistory(
  db: Db,
  instrumentId: number,
  precision: number,
  period: Period,
): Promise<void> {
  const source = rollUpSource(period);
  if (!source) return;
  const book = new BarBook();
  for (const part of await readBars(db, instrumentId, precision, source, Number.MAX_SAFE_INTEGER))
    book.apply(instrumentId, precision, part, [period]);
  await writeBars(db, book.takeDirty(), 'insert');
}

export interface HistorySubject {
  instrumentId: number;
  precision: number;
  volatility: number;
  isOpen: (atMs: number) => boolean;
}

/**
 * Generated history for an instrument without real history: minute bars for the open minutes from
 * UTC midnight `days` ago up to `untilMs`, ending exactly at `endPoints`, preceded by a year of
 * daily bars that lead into them. Every period's bars are rolled up from these.
 */
export function synthesizeHistory(
  book: BarBook,
  subject: HistorySubject,
  endPoints: number,
  days: number,
  untilMs: number,
  random: Random,
): void {
  const from = bucketStart(DAY_SECONDS, untilMs / 1000 - days * DAY_SECONDS);
  const minutes = openSlots(subject, from, Math.floor(untilMs / 60_000) * 60, 60);
  const minuteBars = walkBars(minutes, endPoints, sigmaOver(subject.volatility, 60), random, 20, 80);
  const firstOpen = minuteBars[0]?.open ?? endPoints;
  const daysBefore = openSlots(subject, from - DAILY_HISTORY_DAYS * DAY_SECONDS, from, DAY_SECONDS);
  const dayBars = walkBars(
    daysBefore,
    firstOpen,
    sigmaOver(subject.volatility, DAY_SECONDS),
    random,
    30_000,
    50_000,
  );
  for (const bar of dayBars) book.apply(subject.instrumentId, subject.precision, bar, ['1day', '1week']);
  for (const bar of minuteBars) book.apply(subject.instrumentId, subject.precision, bar);
}

/** Slot starts (UTC seconds) from `from` to `until` in which the market is open at some point. */
function openSlots(subject: HistorySubject, from: number, until: number, slot: number): number[] {
  const probes = Math.max(1, slot / 3600);
  const starts: number[] = [];
  for (let t = from; t < until; t += slot) {
    for (let k = 0; k < probes; k++) {
      if (subject.isOpen((t + (k * slot) / probes) * 1000)) {
        starts.push(t);
        break;
      }
    }
  }
  return starts;
}

/**
 * Bars at `times` along a random walk that ends at `endPoints`: generated backwards from the end, so
 * the history meets the current price exactly.
 */
function walkBars(
  times: number[],
  endPoints: number,
  sigma: number,
  random: Random,
  minVolume: number,
  volumeRange: number,
): Bar[] {
  const bars = new Array<Bar>(times.length);
  let close = endPoints;
  for (let i = times.length - 1; i >= 0; i--) {
    const open = close + step(close, sigma, random);
    const wick = () => Math.abs(Math.round(close * sigma * 0.5 * random()));
    bars[i] = {
      time: times[i]!,
      open,
      high: Math.max(open, close) + wick(),
      low: Math.max(1, Math.min(open, close) - wick()),
      close,
      volume: minVolume + Math.floor(random() * volumeRange),
    };
    close = open;
  }
  return bars;
}
