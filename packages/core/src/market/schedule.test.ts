import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, dailyWindows, isOpen, type Schedule, sessionChecker } from './schedule';

const at = (iso: string) => Date.parse(iso);
const forex: Schedule = { windows: [{ open: 'Sun 22:00', close: 'Fri 22:00' }], holidays: ['2026-12-25'] };

describe('forex 24/5', () => {
  it('opens Sunday 22:00 UTC and closes Friday 22:00 UTC', () => {
    // 2026-11-20 is a Friday, 2026-11-22 a Sunday.
    expect(isOpen(forex, at('2026-11-20T21:59:59Z'))).toBe(true);
    expect(isOpen(forex, at('2026-11-20T22:00:00Z'))).toBe(false);
    expect(isOpen(forex, at('2026-11-21T12:00:00Z'))).toBe(false);
    expect(isOpen(forex, at('2026-11-22T21:59:59Z'))).toBe(false);
    expect(isOpen(forex, at('2026-11-22T22:00:00Z'))).toBe(true);
    expect(isOpen(forex, at('2026-11-25T03:00:00Z'))).toBe(true);
  });

  it('is closed all day on a holiday', () => {
    expect(isOpen(forex, at('2026-12-24T23:59:59Z'))).toBe(true);
    expect(isOpen(forex, at('2026-12-25T00:00:00Z'))).toBe(false);
    expect(isOpen(forex, at('2026-12-25T23:59:59Z'))).toBe(false);
    // Christmas 2026 is a Friday: the market reopens on Sunday evening as usual.
    expect(isOpen(forex, at('2026-12-27T22:00:00Z'))).toBe(true);
  });
});

describe('crypto 24/7', () => {
  it('is open at every edge of the week', () => {
    const crypto: Schedule = { windows: ALWAYS_OPEN, holidays: [] };
    for (const iso of ['2026-11-21T00:00:00Z', '2026-11-21T23:59:59Z', '2026-11-22T00:00:00Z']) {
      expect(isOpen(crypto, at(iso)), iso).toBe(true);
    }
  });
});

describe('exchange hours', () => {
  const nyse: Schedule = {
    windows: dailyWindows(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], '14:30', '21:00'),
    holidays: ['2026-11-26'],
  };
  const open = sessionChecker(nyse);

  it('trades only within the day session on weekdays', () => {
    expect(open(at('2026-11-23T14:29:59Z'))).toBe(false);
    expect(open(at('2026-11-23T14:30:00Z'))).toBe(true);
    expect(open(at('2026-11-23T20:59:59Z'))).toBe(true);
    expect(open(at('2026-11-23T21:00:00Z'))).toBe(false);
    expect(open(at('2026-11-21T15:00:00Z'))).toBe(false);
    expect(open(at('2026-11-26T15:00:00Z'))).toBe(false);
  });

  it('spans midnight when the close comes before the open', () => {
    const futures = sessionChecker({ windows: dailyWindows(['Sun', 'Mon'], '23:00', '22:00'), holidays: [] });
    expect(futures(at('2026-11-22T23:00:00Z'))).toBe(true);
    expect(futures(at('2026-11-23T21:59:00Z'))).toBe(true);
    expect(futures(at('2026-11-23T22:30:00Z'))).toBe(false);
    expect(futures(at('2026-11-24T21:00:00Z'))).toBe(true);
    expect(futures(at('2026-11-24T22:00:00Z'))).toBe(false);
  });

  it('wraps the end of the week, and a window that closes where it opens spans the whole week', () => {
    const weekend = sessionChecker({ windows: [{ open: 'Fri 22:00', close: 'Sun 22:00' }], holidays: [] });
    expect(weekend(at('2026-11-20T21:59:59Z'))).toBe(false);
    expect(weekend(at('2026-11-20T22:00:00Z'))).toBe(true);
    expect(weekend(at('2026-11-21T23:59:59Z'))).toBe(true);
    expect(weekend(at('2026-11-22T00:00:00Z'))).toBe(true);
    expect(weekend(at('2026-11-22T22:00:00Z'))).toBe(false);
    expect(weekend(at('2026-11-25T12:00:00Z'))).toBe(false);
    const always = sessionChecker({ windows: [{ open: 'Wed 09:00', close: 'Wed 09:00' }], holidays: [] });
    for (const iso of ['2026-11-25T08:59:00Z', '2026-11-25T09:00:00Z', '2026-11-21T03:00:00Z'])
      expect(always(at(iso)), iso).toBe(true);
  });

  it('refuses a malformed schedule', () => {
    expect(() => isOpen({ windows: [{ open: 'Mon 25:00', close: 'Tue 01:00' }], holidays: [] }, 0)).toThrow();
    expect(() => isOpen({ windows: ALWAYS_OPEN, holidays: ['2026-13-40'] }, 0)).toThrow();
  });
});
