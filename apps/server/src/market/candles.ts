import { type Candle, PERIODS, type Period } from '@meridian/contract';
import { type Bar, bucketStart, mergeBar, pointsText } from '@meridian/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Random, sigmaOver, step } from '../feed/walk';
import { candles } from './schema';

export const PERIOD_NAMES: Period[] = PERIODS.map((p) => p.period);
const PERIOD_SECONDS = new Map<Period, number>(PERIODS.map((p) => [p.period, p.seconds]));
const DAY_SECONDS = 86_400;
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
 * bar touched since the last flush is kept once, by key, until it is written. The last two bars ticks
 * moved in each series (the one in progress and the one before) are kept too: those the leader may not
 * have written yet, which a follower's charts and a new leader's first write need (see `recent`).
 */
export class BarBook {
  private readonly bars = new Map<number, Map<Period, Bar>>();
  private dirty = new Map<string, StoredBar>();
  private readonly moved = new Map<string, StoredBar[]>();

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
      const series = `${instrumentId}:${period}`;
      this.dirty.set(`${series}:${start}`, stored);
      // On the tick path: a new array only when a bar opens.
      const moved = this.moved.get(series);
      const last = moved?.at(-1);
      if (moved && last?.bar.time === start) moved[moved.length - 1] = stored;
      else this.moved.set(series, last ? [last, stored] : [stored]);
      return stored;
    });
  }

  takeDirty(): StoredBar[] {
    const rows = [...this.dirty.values()];
    this.dirty = new Map();
    return rows;
  }

  /** The bars ticks last moved in a series on this node, oldest first: the one in progress and the one before. */
  recent(instrumentId: number, period: Period): Bar[] {
    return (this.moved.get(`${instrumentId}:${period}`) ?? []).map((row) => row.bar);
  }

  /** The bars ticks last moved in every series on this node (two at most in each). */
  allRecent(): StoredBar[] {
    return [...this.moved.values()].flat();
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
 * `insert` is for new history (a quarter faster); `upsert` replaces bars that may exist; `catch-up` too,
 * but keeps a stored bar that took more ticks (a larger volume: every tick adds to it), for bars that
 * another node may have written further than this one saw (a new leader's, from the old one's ticks).
 */
export async function writeBars(
  db: Db,
  rows: StoredBar[],
  mode: 'insert' | 'upsert' | 'catch-up',
): Promise<void> {
  const replace = sql`on conflict (instrument_id, period, time) do update set
    open = excluded.open, high = excluded.high, low = excluded.low,
    close = excluded.close, volume = excluded.volume`;
  const onConflict =
    mode === 'upsert'
      ? replace
      : mode === 'catch-up'
        ? sql`${replace} where candles.volume <= excluded.volume`
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
 * Stored bars (oldest first) with this node's latest bars of the series over them, the latest `count`: a
 * bar the leader has not written yet is added, one it has is replaced, unless the stored one took more
 * ticks (this node missed some).
 */
export function overStored(stored: Bar[], recent: Bar[], count: number): Bar[] {
  const newer = recent.filter((bar) => !stored.some((s) => s.time === bar.time && s.volume > bar.volume));
  const times = new Set(newer.map((bar) => bar.time));
  return [...stored.filter((bar) => !times.has(bar.time)), ...newer]
    .sort((a, b) => a.time - b.time)
    .slice(-count);
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

/** The periods history is generated at, shortest first: those a day divides (weeks are made of days). */
const GRAINS = PERIODS.filter((p) => DAY_SECONDS % p.seconds === 0);
/** A grain's walk back stops after this long closed in a row: a market that never opens has no history. */
const MAX_CLOSED_SECONDS = 30 * DAY_SECONDS;
/** A slot longer than this is open when the market is at one of its quarter hours (sessions start on them). */
const PROBE_SECONDS = 900;

/**
 * Generated history for an instrument without real history, ending exactly at `endPoints` at `untilMs`:
 * `depth` bars of every period a day divides, each generated at its own grain where the shorter ones end.
 * Minutes come first (the latest `depth` open minutes), then five-minute bars before them until the 5min
 * series holds `depth` bars, and so on up to days; weeks are made of the days. Each grain starts on a
 * boundary of the next, so a bar of a longer period is made of whole bars of the shorter ones and agrees
 * with them. The same subject, end, depth and random stream give the same bars, whichever minute after
 * the last open one `untilMs` falls in. Answers every period's bars, oldest first: all of them, or the
 * `latest(period)` newest (the same bars, without walking the older grains or building the rest: a first
 * start makes them for every instrument at once).
 */
export function synthesizeHistory(
  subject: HistorySubject,
  endPoints: number,
  depth: number,
  untilMs: number,
  random: Random,
  latest?: (period: Period) => number,
): StoredBar[] {
  const grains: { seconds: number; bars: Bar[] }[] = [];
  let until = Math.floor(untilMs / 60_000) * 60;
  let close = endPoints;
  for (const [i, { seconds }] of GRAINS.entries()) {
    const have = newestBuckets(grains, seconds).count;
    const align = GRAINS[i + 1]?.seconds ?? seconds;
    const walk = openSlotsBefore(subject, until, seconds, depth - have, align);
    const bars = walkBars(walk.starts, close, sigmaOver(subject.volatility, seconds), random, seconds);
    grains.push({ seconds, bars });
    close = bars[0]?.open ?? close;
    until = walk.from;
    if (!walk.aligned) break;
    // The newest bars asked for are whole once every one starts at or after the walk's oldest slot: older
    // grains cannot reach them, and the random stream they would draw on comes after these bars' draws.
    if (latest && PERIODS.every((p) => holds(grains, p.seconds, latest(p.period), until))) break;
  }
  const series = PERIODS.map(({ period, seconds }) => ({
    period,
    seconds,
    bars: [] as Bar[],
    from: latest ? newestBuckets(grains, seconds, latest(period)).start : -Infinity,
  }));
  // Oldest grain first, so that each bar of a longer period takes its parts in time order.
  for (const { seconds, bars } of grains.reverse()) {
    const longer = series.filter((s) => s.seconds % seconds === 0);
    for (const part of bars) {
      for (const s of longer) {
        const start = bucketStart(s.seconds, part.time);
        if (start < s.from) continue;
        const last = s.bars.at(-1);
        if (last?.time === start) s.bars[s.bars.length - 1] = mergeBar(last, part, start);
        else s.bars.push(mergeBar(undefined, part, start));
      }
    }
  }
  const { instrumentId, precision } = subject;
  return series.flatMap(({ period, bars }) => bars.map((bar) => ({ instrumentId, period, precision, bar })));
}

/**
 * The buckets of `seconds` the grains' bars fall in, newest first, up to `count`: how many, and the start of
 * the oldest of them (the grains are newest first, each one's bars oldest first).
 */
function newestBuckets(grains: { bars: Bar[] }[], seconds: number, count = Infinity) {
  let seen = 0;
  let start = -Infinity;
  for (const { bars } of grains)
    for (let i = bars.length - 1; i >= 0; i--) {
      const bucket = bucketStart(seconds, bars[i]!.time);
      if (bucket === start) continue;
      if (seen === count) return { count: seen, start };
      seen++;
      start = bucket;
    }
  return { count: seen, start };
}

/** Whether the grains hold the newest `count` buckets of `seconds` whole: none starts before `from`. */
function holds(grains: { bars: Bar[] }[], seconds: number, count: number, from: number): boolean {
  const newest = newestBuckets(grains, seconds, count);
  return newest.count === count && newest.start >= from;
}

/**
 * Walks back from `until` in slots of `slot` seconds, collecting those in which the market is open, until
 * `need` are found and the walk stands on an `align` boundary (or the market has been closed too long).
 */
function openSlotsBefore(
  subject: HistorySubject,
  until: number,
  slot: number,
  need: number,
  align: number,
): { starts: number[]; from: number; aligned: boolean } {
  const starts: number[] = [];
  const probe = Math.min(slot, PROBE_SECONDS);
  let from = until;
  let closed = 0;
  while (starts.length < need || bucketStart(align, from) !== from) {
    from -= slot;
    let open = false;
    for (let t = from; t < from + slot && !open; t += probe) open = subject.isOpen(t * 1000);
    closed = open ? 0 : closed + slot;
    if (open) starts.push(from);
    else if (closed > MAX_CLOSED_SECONDS) return { starts: starts.reverse(), from, aligned: false };
  }
  return { starts: starts.reverse(), from, aligned: true };
}

/**
 * Bars of `seconds` at `times` along a random walk that ends at `endPoints`: generated backwards from the
 * end, so the history meets the current price exactly. Volume is 20 to 100 a minute.
 */
function walkBars(times: number[], endPoints: number, sigma: number, random: Random, seconds: number): Bar[] {
  const bars = new Array<Bar>(times.length);
  const minutes = seconds / 60;
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
      volume: Math.round(minutes * (20 + random() * 80)),
    };
    close = open;
  }
  return bars;
}
