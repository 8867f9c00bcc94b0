import { describe, expect, it } from 'vitest';
import { bucketStart, mergeBar, tickBar } from './candles';
import { pointsText, toPoints } from './points';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('bucketStart', () => {
  const t = seconds('2026-11-18T13:47:31Z');
  it.each([
    [60, '2026-11-18T13:47:00Z'],
    [300, '2026-11-18T13:45:00Z'],
    [900, '2026-11-18T13:45:00Z'],
    [1800, '2026-11-18T13:30:00Z'],
    [3600, '2026-11-18T13:00:00Z'],
    [14400, '2026-11-18T12:00:00Z'],
    [86400, '2026-11-18T00:00:00Z'],
    [604800, '2026-11-16T00:00:00Z'],
  ])('puts a tick in the %i-second bar starting at %s', (period, start) => {
    expect(bucketStart(period, t)).toBe(seconds(start));
  });

  it('starts a new bar exactly on the boundary', () => {
    expect(bucketStart(60, seconds('2026-11-18T13:48:00Z'))).toBe(seconds('2026-11-18T13:48:00Z'));
    expect(bucketStart(86400, seconds('2026-11-19T00:00:00Z') - 0.001)).toBe(seconds('2026-11-18T00:00:00Z'));
  });

  it('aligns 4-hour bars on UTC midnight', () => {
    expect(bucketStart(14400, seconds('2026-11-18T03:59:59Z'))).toBe(seconds('2026-11-18T00:00:00Z'));
    expect(bucketStart(14400, seconds('2026-11-18T20:00:00Z'))).toBe(seconds('2026-11-18T20:00:00Z'));
  });

  it('starts weeks on Monday 00:00 UTC, a Sunday evening tick still in the week before', () => {
    expect(bucketStart(604800, seconds('2026-11-22T23:59:59Z'))).toBe(seconds('2026-11-16T00:00:00Z'));
    expect(bucketStart(604800, seconds('2026-11-23T00:00:00Z'))).toBe(seconds('2026-11-23T00:00:00Z'));
    // Before the first Monday after the epoch too.
    expect(bucketStart(604800, seconds('1970-01-01T00:00:00Z'))).toBe(seconds('1969-12-29T00:00:00Z'));
  });
});

describe('mergeBar', () => {
  it('keeps the open, widens high and low, takes the last close and adds volume', () => {
    let bar = mergeBar(undefined, tickBar(100, 50), 60);
    bar = mergeBar(bar, tickBar(101, 55), 60);
    bar = mergeBar(bar, tickBar(102, 45, 2), 60);
    bar = mergeBar(bar, tickBar(103, 48), 60);
    expect(bar).toEqual({ time: 60, open: 50, high: 55, low: 45, close: 48, volume: 5 });
  });

  it('rolls shorter bars into a longer one', () => {
    const a = { time: 0, open: 10, high: 12, low: 9, close: 11, volume: 3 };
    const b = { time: 60, open: 11, high: 15, low: 10, close: 14, volume: 4 };
    expect(mergeBar(mergeBar(undefined, a, 0), b, 0)).toEqual({
      time: 0,
      open: 10,
      high: 15,
      low: 9,
      close: 14,
      volume: 7,
    });
  });
});

describe('points', () => {
  it('round-trips prices exactly at PricePrecision', () => {
    expect(toPoints('1.08345', 5)).toBe(108345);
    expect(toPoints('1.083455', 5)).toBe(108346);
    expect(toPoints('154.5', 3)).toBe(154500);
    expect(pointsText(108345, 5)).toBe('1.08345');
    expect(pointsText(5, 5)).toBe('0.00005');
    expect(pointsText(9500012, 2)).toBe('95000.12');
    expect(pointsText(-150, 2)).toBe('-1.50');
    expect(pointsText(42, 0)).toBe('42');
  });
});
