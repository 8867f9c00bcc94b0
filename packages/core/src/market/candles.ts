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

/**
 * Start (UTC seconds) of the bar of `periodSeconds` that contains `timeSeconds`. Every period divides a
 * day and the epoch starts at midnight, so minutes, hours and days all land on UTC boundaries.
 */
export function bucketStart(periodSeconds: number, timeSeconds: number): number {
  return Math.floor(timeSeconds / periodSeconds) * periodSeconds;
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
