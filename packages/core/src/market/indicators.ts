/**
 * Chart indicators over closes, one value per close (null until enough closes). Display-only: floats are
 * fine here, money never goes through these.
 */
export type Line = (number | null)[];

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Simple moving average of the last `period` closes. */
export function sma(closes: number[], period: number): Line {
  return closes.map((_, i) => (i + 1 < period ? null : mean(closes.slice(i + 1 - period, i + 1))));
}

/** Exponential moving average, weight 2/(period+1), started from the simple average of the first `period`. */
export function ema(closes: number[], period: number): Line {
  const k = 2 / (period + 1);
  const line: Line = new Array(closes.length).fill(null);
  let previous: number | null = null;
  for (let i = period - 1; i < closes.length; i++) {
    previous = previous === null ? mean(closes.slice(0, period)) : closes[i]! * k + previous * (1 - k);
    line[i] = previous;
  }
  return line;
}

export interface Bands {
  middle: Line;
  upper: Line;
  lower: Line;
}

/** Bollinger bands: the simple average ± `width` population standard deviations of the same closes. */
export function bollinger(closes: number[], period = 20, width = 2): Bands {
  const middle = sma(closes, period);
  const spread = middle.map((m, i) => {
    if (m === null) return null;
    const window = closes.slice(i + 1 - period, i + 1);
    return width * Math.sqrt(mean(window.map((v) => (v - m) ** 2)));
  });
  return {
    middle,
    upper: middle.map((m, i) => (m === null ? null : m + spread[i]!)),
    lower: middle.map((m, i) => (m === null ? null : m - spread[i]!)),
  };
}

/** Wilder's relative strength index: gains and losses smoothed by (previous × (period − 1) + current) / period. */
export function rsi(closes: number[], period = 14): Line {
  const line: Line = new Array(closes.length).fill(null);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < closes.length; i++) {
    const change = closes[i]! - closes[i - 1]!;
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    if (i >= period) line[i] = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
  }
  return line;
}

export interface Macd {
  macd: Line;
  signal: Line;
  histogram: Line;
}

/** MACD: fast EMA − slow EMA, its `signalPeriod` EMA as the signal line, and their difference. */
export function macd(closes: number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastLine = ema(closes, fast);
  const slowLine = ema(closes, slow);
  const line = closes.map((_, i) => {
    const f = fastLine[i];
    const s = slowLine[i];
    return f == null || s == null ? null : f - s;
  });
  const first = line.findIndex((v) => v !== null);
  // Before the first MACD value the signal has none either: the leading nulls carry over.
  const signal: Line =
    first < 0 ? line : [...line.slice(0, first), ...ema(line.slice(first) as number[], signalPeriod)];
  return {
    macd: line,
    signal,
    histogram: line.map((m, i) => (m === null || signal[i] == null ? null : m - signal[i]!)),
  };
}
