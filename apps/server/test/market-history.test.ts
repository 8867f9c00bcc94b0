import { api, MAX_BARS, PERIODS, type Period } from '@meridian/contract';
import { ALWAYS_OPEN, type Bar, bucketStart, dailyWindows, pointsText, sessionChecker } from '@meridian/core';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../src/feed/walk';
import { readBars, type StoredBar, synthesizeHistory } from '../src/market/candles';
import { candles } from '../src/market/schema';
import { SPARK_PERIOD, SPARK_POINTS } from '../src/market/sparks';
import { startTestApp, TEST_START, type TestApp } from './harness';

const SECONDS = new Map(PERIODS.map((p) => [p.period, p.seconds]));
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
const SCHEDULES = {
  crypto: sessionChecker({ windows: ALWAYS_OPEN, holidays: [] }),
  forex: sessionChecker({ windows: [{ open: 'Sun 22:00', close: 'Fri 22:00' }], holidays: ['2026-12-25'] }),
  nyse: sessionChecker({ windows: dailyWindows(WEEKDAYS, '14:30', '21:00'), holidays: ['2026-11-26'] }),
};

/**
 * Each bar of a longer period against the shorter period's bars inside it: equal to their merge where the
 * shorter bars cover it whole, and holding them where they start within it.
 */
function expectAgreement(short: Bar[], long: Bar[], longSeconds: number, label: string): void {
  const first = short[0]!.time;
  const inside = groupBy(short, (bar) => bucketStart(longSeconds, bar.time));
  for (const bar of long) {
    const parts = inside.get(bar.time);
    if (!parts) {
      expect(bar.time < first, `${label} ${bar.time} has no parts after they start`).toBe(true);
      continue;
    }
    const merged = {
      high: Math.max(...parts.map((p) => p.high)),
      low: Math.min(...parts.map((p) => p.low)),
      close: parts.at(-1)!.close,
    };
    if (bar.time >= first) {
      const whole = {
        ...merged,
        time: bar.time,
        open: parts[0]!.open,
        volume: parts.reduce((n, p) => n + p.volume, 0),
      };
      expect(bar, `${label} ${bar.time}`).toEqual(whole);
    } else {
      expect(bar.close, `${label} ${bar.time}`).toBe(merged.close);
      expect(bar.high >= merged.high && bar.low <= merged.low, `${label} ${bar.time}`).toBe(true);
    }
  }
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const pairs = PERIODS.flatMap((short) =>
  PERIODS.filter((long) => long.seconds > short.seconds && long.seconds % short.seconds === 0).map(
    (long) => [short.period, long.period] as const,
  ),
);

describe('generated history', () => {
  const generate = (
    isOpen: (ms: number) => boolean,
    seed = 7,
    latest?: (period: Period) => number,
    until = TEST_START,
  ) =>
    synthesizeHistory(
      { instrumentId: 1, precision: 2, volatility: 0.3, isOpen },
      1_000_000,
      MAX_BARS,
      until,
      seededRandom(seed),
      latest,
    );
  const byPeriod = (rows: StoredBar[]) => groupBy(rows, (r) => r.period);

  it.each(Object.entries(SCHEDULES))(
    'gives every period a day divides MAX_BARS bars ending at the price, on its boundaries (%s)',
    (_, isOpen) => {
      const series = byPeriod(generate(isOpen));
      for (const { period, seconds } of PERIODS) {
        const bars = series.get(period)!.map((r) => r.bar);
        if (seconds <= 86_400) expect(bars.length, period).toBeGreaterThanOrEqual(MAX_BARS);
        else expect(bars.length, period).toBeGreaterThan(140);
        expect(bars.at(-1)!.close, period).toBe(1_000_000);
        expect(bars.at(-1)!.time, period).toBeLessThan(TEST_START / 1000);
        for (const [i, bar] of bars.entries()) {
          expect(bucketStart(seconds, bar.time)).toBe(bar.time);
          if (i) expect(bar.time).toBeGreaterThan(bars[i - 1]!.time);
          expect(bar.high >= Math.max(bar.open, bar.close) && bar.low <= Math.min(bar.open, bar.close)).toBe(
            true,
          );
          // Each bar opens where the one before it closed: one walk through every grain.
          if (i) expect(bar.open, `${period} ${bar.time}`).toBe(bars[i - 1]!.close);
        }
      }
    },
  );

  it.each(Object.entries(SCHEDULES))('agrees across periods where they meet (%s)', (name, isOpen) => {
    const series = byPeriod(generate(isOpen));
    const bars = (period: Period) => series.get(period)!.map((r) => r.bar);
    for (const [short, long] of pairs)
      expectAgreement(bars(short), bars(long), SECONDS.get(long)!, `${name} ${short} in ${long}`);
  });

  // A first start's ask (the latest bar of each period and a day of half hours), and one that reaches further.
  const asks = {
    start: (period: Period) => (period === SPARK_PERIOD ? SPARK_POINTS : 1),
    weeks: (period: Period) =>
      period === '30min' ? 48 : period === '1week' ? 3 : period === '4hour' ? 300 : 1,
  };
  // Wednesday noon (this week is all in minutes and five minutes), and Saturday noon (it reaches further).
  const untils = { wednesday: TEST_START, saturday: Date.parse('2026-11-21T12:00:00Z') };
  const cases = Object.keys(SCHEDULES).flatMap((s) =>
    Object.keys(asks).flatMap((a) => Object.keys(untils).map((u) => [s, a, u] as const)),
  );
  it.each(cases)('gives the same newest bars when asked only for them (%s, %s, %s)', (schedule, ask, day) => {
    const isOpen = SCHEDULES[schedule as keyof typeof SCHEDULES];
    const keep = asks[ask as keyof typeof asks];
    const until = untils[day as keyof typeof untils];
    const all = byPeriod(generate(isOpen, 7, undefined, until));
    const newest = byPeriod(generate(isOpen, 7, keep, until));
    for (const { period } of PERIODS)
      expect(newest.get(period), period).toEqual(all.get(period)!.slice(-keep(period)));
  });

  it('is the same for the same seed, and for any minute after the last open one', () => {
    const nyse = SCHEDULES.nyse;
    expect(generate(nyse)).toEqual(generate(nyse));
    expect(generate(SCHEDULES.crypto, 8)).not.toEqual(generate(SCHEDULES.crypto));
    // Wednesday noon: the last open minute was Tuesday 20:59.
    const tuesdayClose = Date.parse('2026-11-17T21:00:00Z');
    const again = synthesizeHistory(
      { instrumentId: 1, precision: 2, volatility: 0.3, isOpen: nyse },
      1_000_000,
      MAX_BARS,
      tuesdayClose,
      seededRandom(7),
    );
    expect(again).toEqual(generate(nyse));
  });
});

describe('a first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const stored = async (instrumentId: number) =>
    (
      await t.database.db.select({ n: count() }).from(candles).where(eq(candles.instrumentId, instrumentId))
    )[0]!.n;

  it('starts every instrument from the bars it stored: its small chart and its last price as read back', async () => {
    const sparks = new Map(t.market.sparks().map((s) => [s.Id, s.Points]));
    for (const i of t.market.instruments()) {
      const day = await readBars(t.database.db, i.id, i.pricePrecision, '1day', 1);
      const halfHours = await readBars(t.database.db, i.id, i.pricePrecision, SPARK_PERIOD, SPARK_POINTS);
      expect(sparks.get(i.id), i.code).toEqual(halfHours.map((b) => pointsText(b.close, i.pricePrecision)));
      expect(t.market.lastPrice(i.id), i.code).toBe(pointsText(day[0]!.close, i.pricePrecision));
    }
  });

  it('stores only the latest bars, and the rest of the history before a chart is first read', async () => {
    const { id, pricePrecision } = t.market.instrumentByCode('US500')!;
    // The latest bar of each period and a day of half hours for the small chart.
    expect(await stored(id)).toBeLessThan(100);
    for (const { period, seconds } of PERIODS) {
      const res = await t.call('GET', api.kline.path, { query: { forex_id: id, period } });
      expect(res.body.data.length, period).toBe(seconds <= 86_400 ? MAX_BARS : res.body.data.length);
      if (seconds > 86_400) expect(res.body.data.length).toBeGreaterThan(140);
    }
    const all = async (period: Period) =>
      readBars(t.database.db, id, pricePrecision, period, Number.MAX_SAFE_INTEGER);
    // The bars stored at the start agree with those stored later (generated again the same way).
    for (const [short, long] of pairs)
      expectAgreement(await all(short), await all(long), SECONDS.get(long)!, `US500 ${short} in ${long}`);
    const total = await stored(id);
    expect(total).toBeGreaterThan(7 * MAX_BARS);
    // Once only: another read stores nothing more.
    await t.call('GET', api.kline.path, { query: { forex_id: id, period: '1min' } });
    expect(await stored(id)).toBe(total);
  });
});
