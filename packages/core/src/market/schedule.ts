/**
 * Trading sessions (TRADING.md "Prices"): a weekly UTC schedule plus closed dates. Daylight saving is
 * not modelled: exchange hours are given in the UTC of the instrument's main season.
 */

/** A weekly instant in UTC, e.g. 'Sun 22:00'; 'Sat 24:00' is the end of the week. */
export type WeekTime = `${Day} ${string}`;
export type Day = 'Sun' | 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat';
export const DAYS: readonly Day[] = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Open from `open` (inclusive) to `close` (exclusive); a window whose close comes before its open wraps the week. */
export interface SessionWindow {
  open: WeekTime;
  close: WeekTime;
}

export interface Schedule {
  windows: SessionWindow[];
  /** UTC dates ('YYYY-MM-DD') closed all day. */
  holidays: string[];
}

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
const MS_PER_DAY = 86_400_000;

/** The whole week: crypto trades 24/7. */
export const ALWAYS_OPEN: SessionWindow[] = [{ open: 'Sun 00:00', close: 'Sat 24:00' }];

/** The same hours on each of `days`; a close before the open ends on the next day (e.g. 23:00–22:00). */
export function dailyWindows(days: readonly Day[], open: string, close: string): SessionWindow[] {
  return days.map((day) => {
    const next = DAYS[(DAYS.indexOf(day) + (close <= open ? 1 : 0)) % 7]!;
    return { open: `${day} ${open}`, close: `${next} ${close}` };
  });
}

function minuteOfWeek(time: WeekTime): number {
  const match = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (\d{2}):(\d{2})$/.exec(time);
  const hours = Number(match?.[2]);
  const minutes = Number(match?.[3]);
  if (!match || hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) {
    throw new Error(`Invalid session time: ${time}`);
  }
  return DAYS.indexOf(match[1] as Day) * MINUTES_PER_DAY + hours * 60 + minutes;
}

/** Days since the epoch of a 'YYYY-MM-DD' date. */
function epochDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(ms)) throw new Error(`Invalid holiday: ${date}`);
  return ms / MS_PER_DAY;
}

/**
 * Compiles a schedule into a fast "is it open at this UTC instant (ms)?" test: every tick asks it, and a
 * first start's history tens of thousands of times per instrument. One flag per minute of the week.
 */
export function sessionChecker(schedule: Schedule): (atMs: number) => boolean {
  const open = new Uint8Array(MINUTES_PER_WEEK);
  for (const window of schedule.windows) {
    let minute = minuteOfWeek(window.open) % MINUTES_PER_WEEK;
    const close = minuteOfWeek(window.close) % MINUTES_PER_WEEK;
    // A window that closes where it opens spans the whole week.
    do {
      open[minute] = 1;
      minute = (minute + 1) % MINUTES_PER_WEEK;
    } while (minute !== close);
  }
  const holidays = new Set(schedule.holidays.map(epochDay));
  return (atMs) => {
    const day = Math.floor(atMs / MS_PER_DAY);
    if (holidays.has(day)) return false;
    // 1970-01-01 was a Thursday (day 4 of a week that starts on Sunday).
    return open[((day + 4) % 7) * MINUTES_PER_DAY + Math.floor((atMs - day * MS_PER_DAY) / 60_000)] === 1;
  };
}

export function isOpen(schedule: Schedule, atMs: number): boolean {
  return sessionChecker(schedule)(atMs);
}
