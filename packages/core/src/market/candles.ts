/** OHLCV bars on UTC boundaries, prices in integer points (see points.ts). */
export interface Bar {
  /** Bar open time, UTC seconds. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Tick volume: how many price updates made the bar. */
  volume: number;
}

/** Monday 1970-01-05 00:00 UTC, the first week start after the epoch (a Thursday). */
const FIRST_MONDAY = 4 * 86_400;

/**
 * Start (UTC seconds) of the bar of `periodSeconds` that contains `timeSeconds`. Bars count from the first
 * Monday: a multiple of every period that divides a day, so minutes, hours and days land on UTC boundaries
 * (4 hours from midnight) and weeks start on Monday 00:00 UTC.
 */
export function bucketStart(periodSeconds: number, timeSeconds: number): number {
  return Math.floor((timeSeconds - FIRST_MONDAY) / periodSeconds) * periodSeconds + FIRST_MONDAY;
}

/** A bar of one tick. */
export function tickBar(time: number, price: number, volume = 1): Bar {
  return { time, open: price, high: price, low: price, close: price, volume };
}

/**
 * Adds `part` (a tick bar or a shorter bar that starts inside `bar`) to `bar`; the later part's close
 * wins. Without a bar, `part` opens one at `time`.
 */
export function mergeBar(bar: Bar | undefined, part: Bar, time: number): Bar {
  if (!bar) return { ...part, time };
  return {
    time: bar.time,
    open: bar.open,
    high: Math.max(bar.high, part.high),
    low: Math.min(bar.low, part.low),
    close: part.close,
    volume: bar.volume + part.volume,
  };
}
