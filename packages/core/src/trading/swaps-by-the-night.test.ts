import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, dailyWindows, sessionChecker } from '../market/schedule';
import { nightsAt, nightsBetween, rolloverSwap, rolloverTime, swapCalendarOf, swapPoints } from './swap';
import { pricesOf } from './test/fixtures';

const FOREX = sessionChecker({ windows: [{ open: 'Sun 22:00', close: 'Fri 22:00' }], holidays: [] });
const CRYPTO = sessionChecker({ windows: ALWAYS_OPEN, holidays: [] });
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;
/** The NYSE in UTC, Thanksgiving 2026 (Thursday 26 November) closed. */
const NYSE = sessionChecker({ windows: dailyWindows(WEEKDAYS, '14:30', '21:00'), holidays: ['2026-11-26'] });
/** Tokyo trades in the UTC morning. */
const TSE = sessionChecker({ windows: dailyWindows(WEEKDAYS, '00:00', '06:30'), holidays: [] });
const noPrices = pricesOf({});

/** The nights counted at each rollover of the week from Sunday 15 to Saturday 21 November 2026. */
const week = (calendar: Parameters<typeof nightsAt>[0], isOpen: (at: number) => boolean) =>
  ['15', '16', '17', '18', '19', '20', '21'].map((day) => nightsAt(calendar, `2026-11-${day}`, isOpen));

describe('a gold buy held over Wednesday 18 November 2026', () => {
  it("is charged three nights at Wednesday's rollover, for the weekend", () => {
    expect(swapCalendarOf('metals')).toBe('weekdays');
    expect(nightsAt('weekdays', '2026-11-18', FOREX)).toBe(3);
  });

  it('pays 1 lot × −12.5 points × 0.01 × 100 oz × 3 nights = −37.50 USD', () => {
    const gold = { lots: '1', contractSize: '100', quoteCurrency: 'USD' };
    const points = swapPoints('buy', { swapLong: '-12.5', swapShort: '4' });
    expect(rolloverSwap(gold, points, 2, 3, noPrices).toFixed()).toBe('-37.5');
  });
});

describe('a EURUSD sell held over the weekend', () => {
  it('accrues nothing at Saturday and Sunday rollovers, one night on other weekdays: seven a week', () => {
    expect(swapCalendarOf('forex')).toBe('weekdays');
    expect(week('weekdays', FOREX)).toEqual([0, 1, 1, 3, 1, 1, 0]);
  });

  it('earns swap_short when it is positive: 0.5 lots × 3.2 points × 0.00001 × 100,000 = 1.60 USD a night', () => {
    const eurusd = { lots: '0.5', contractSize: '100000', quoteCurrency: 'USD' };
    const points = swapPoints('sell', { swapLong: '-7', swapShort: '3.2' });
    expect(rolloverSwap(eurusd, points, 5, 1, noPrices).toFixed()).toBe('1.6');
  });
});

describe('a Bitcoin buy', () => {
  it('accrues one night every day, weekends too', () => {
    expect(swapCalendarOf('crypto')).toBe('every_day');
    expect(week('every_day', CRYPTO)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('an Apple buy held through Thanksgiving week', () => {
  it("accrues a night after each trading day, none after the holiday, three at Friday's rollover", () => {
    expect(swapCalendarOf('stocks')).toBe('trading_days');
    expect(swapCalendarOf('indices')).toBe('trading_days');
    // Sunday 22 to Saturday 28 November: Thursday 26 is a holiday.
    const nights = ['22', '23', '24', '25', '26', '27', '28'].map((day) =>
      nightsAt('trading_days', `2026-11-${day}`, NYSE),
    );
    expect(nights).toEqual([0, 1, 1, 1, 0, 3, 0]);
  });
});

describe('a Nikkei buy', () => {
  it("counts Tokyo's UTC-morning session for that day's rollover", () => {
    expect(week('trading_days', TSE)).toEqual([0, 1, 1, 1, 1, 3, 0]);
  });
});

describe('a USDJPY sell held overnight', () => {
  it('accrues 1 lot × −6 points × 0.001 × 100,000 = −600 JPY, ÷ 150.000 = −4 USD', () => {
    const usdjpy = { lots: '1', contractSize: '100000', quoteCurrency: 'JPY' };
    const swap = rolloverSwap(usdjpy, '-6', 3, 1, pricesOf({ USDJPY: '150.000' }));
    expect(swap.toFixed()).toBe('-4');
  });

  it('rounds the USD amount as money: −500 JPY ÷ 155.000 = −3.225806 USD', () => {
    const usdjpy = { lots: '1', contractSize: '100000', quoteCurrency: 'JPY' };
    expect(rolloverSwap(usdjpy, '-5', 3, 1, pricesOf({ USDJPY: '155.000' })).toFixed()).toBe('-3.225806');
  });
});

describe('the rollovers a position is held through', () => {
  const at = (iso: string) => Date.parse(iso);

  it('are at 22:00 UTC of each night', () => {
    expect(new Date(rolloverTime('2026-11-18')).toISOString()).toBe('2026-11-18T22:00:00.000Z');
  });

  it('count a rollover after the fill and at or before now, never one before the fill', () => {
    expect(nightsBetween(at('2026-11-18T21:59:59Z'), at('2026-11-19T22:00:00Z'))).toEqual([
      '2026-11-18',
      '2026-11-19',
    ]);
    // Opened at the rollover itself, or after it: not held through it.
    expect(nightsBetween(at('2026-11-18T22:00:00Z'), at('2026-11-19T21:59:59Z'))).toEqual([]);
    expect(nightsBetween(at('2026-11-18T23:00:00Z'), at('2026-11-21T23:00:00Z'))).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });
});
