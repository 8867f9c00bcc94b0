import { describe, expect, it } from 'vitest';
import { bollinger, ema, type Line, macd, rsi, sma } from './indicators';

const defined = (line: Line) => line.filter((v): v is number => v !== null);
const expectClose = (actual: Line, expected: number[], digits = 2) => {
  expect(defined(actual)).toHaveLength(expected.length);
  for (const [i, v] of defined(actual).entries()) expect(v, `value ${i}`).toBeCloseTo(expected[i]!, digits);
};

// StockCharts ChartSchool "Moving Averages" example closes (10-day), averages recomputed independently in Python.
const CLOSES_10 = [
  22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36,
  24.05, 23.75, 23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.1, 23.33, 22.68, 23.1, 22.4, 22.17,
];

describe('moving averages', () => {
  it('averages the last 10 closes, nothing before the tenth', () => {
    const line = sma(CLOSES_10, 10);
    expect(line.slice(0, 9)).toEqual(new Array(9).fill(null));
    expectClose(
      line,
      [
        22.22, 22.21, 22.23, 22.26, 22.3, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.52, 23.65,
        23.71, 23.68, 23.61, 23.51, 23.43, 23.28, 23.13,
      ],
    );
  });

  it('starts the 10-day EMA at the simple average and weighs each close 2/11', () => {
    expectClose(
      ema(CLOSES_10, 10),
      [
        22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.53,
        23.47, 23.4, 23.39, 23.26, 23.23, 23.08, 22.92,
      ],
    );
  });
});

describe('Bollinger bands', () => {
  it('puts BB(20,2) two population deviations around the 20-close average', () => {
    // By hand: closes alternating 9 and 11 have mean 10 and deviation exactly 1.
    const bands = bollinger(Array.from({ length: 21 }, (_, i) => (i % 2 ? 11 : 9)));
    expect(bands.middle[18]).toBeNull();
    expectClose(bands.middle, [10, 10], 9);
    expectClose(bands.upper, [12, 12], 9);
    expectClose(bands.lower, [8, 8], 9);
  });

  it('follows a small series', () => {
    // By hand: 1, 2, 3 → mean 2, deviation √(2/3) = 0.8165.
    const bands = bollinger([1, 2, 3], 3, 2);
    expectClose(bands.upper, [3.633], 3);
    expectClose(bands.lower, [0.367], 3);
  });
});

describe("Wilder's RSI", () => {
  it('matches the 14-day example Wilder smoothing gives', () => {
    // StockCharts ChartSchool RSI example (closes and RSI as published there, rechecked in Python).
    const closes = [
      44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931,
      46.0328, 45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137,
      46.4515, 45.7835, 45.3548, 44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
    ];
    const line = rsi(closes, 14);
    expect(line[13]).toBeNull();
    expectClose(
      line,
      [
        70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46,
        41.87, 45.46, 37.3, 33.08, 37.77,
      ],
    );
  });

  it('is 100 when prices only rose', () => {
    expect(rsi([1, 2, 3, 4], 3).at(-1)).toBe(100);
  });
});

describe('MACD(12,26,9)', () => {
  it('is 7 × the slope on a steady rise, with the signal on it and no histogram', () => {
    // By hand: on a ramp an n-EMA seeded with its simple average lags (n−1)/2 steps: 12.5 − 5.5 = 7.
    const closes = Array.from({ length: 60 }, (_, i) => 100 + 0.5 * i);
    const { macd: line, signal, histogram } = macd(closes);
    expect(line[24]).toBeNull();
    expectClose(line, new Array(35).fill(3.5), 9);
    expect(signal[32]).toBeNull();
    expectClose(signal, new Array(27).fill(3.5), 9);
    expectClose(histogram, new Array(27).fill(0), 9);
  });

  it('has no line without 26 closes', () => {
    expect(defined(macd([1, 2, 3]).macd)).toEqual([]);
  });
});
