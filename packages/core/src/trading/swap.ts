import { type Dec, dec } from '../decimal';
import { roundMoney } from './format';
import type { DecLike } from './instrument';
import type { Side } from './side';
import { type PriceLookup, toUsd } from './usd';

/**
 * TRADING.md "Swaps" (overnight financing): a position held through the daily rollover at 22:00 UTC
 * accrues its instrument's swap points for the nights that rollover counts.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const ROLLOVER_MS_OF_DAY = 22 * 3_600_000;
const [SUNDAY, WEDNESDAY, FRIDAY, SATURDAY] = [0, 3, 5, 6];

/**
 * How a kind of instrument counts its nights: `weekdays` (forex, metals, energy: Wednesday's rollover
 * counts the weekend), `every_day` (crypto), `trading_days` (indices and stocks: Friday's counts it).
 */
export type SwapCalendar = 'weekdays' | 'every_day' | 'trading_days';

/** The calendar of an instrument's category code; what is neither crypto nor an exchange's trades on weekdays. */
export function swapCalendarOf(categoryCode: string): SwapCalendar {
  if (categoryCode === 'crypto') return 'every_day';
  if (categoryCode === 'indices' || categoryCode === 'stocks') return 'trading_days';
  return 'weekdays';
}

/** A night is named by the UTC date ('YYYY-MM-DD') of its rollover; this is that rollover's instant. */
export function rolloverTime(night: string): number {
  return Date.parse(`${night}T00:00:00Z`) + ROLLOVER_MS_OF_DAY;
}

const nightOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The nights whose rollover falls after `fromMs` and at or before `toMs`, oldest first. */
export function nightsBetween(fromMs: number, toMs: number): string[] {
  const first = Math.floor((fromMs - ROLLOVER_MS_OF_DAY) / DAY_MS) + 1;
  const last = Math.floor((toMs - ROLLOVER_MS_OF_DAY) / DAY_MS);
  const nights: string[] = [];
  for (let day = first; day <= last; day++) nights.push(nightOfDay(day));
  return nights;
}

/** Whether the instrument traded at any minute of the day up to the rollover. */
function tradedBefore(rollover: number, isOpen: (atMs: number) => boolean): boolean {
  for (let at = rollover - DAY_MS; at < rollover; at += MINUTE_MS) if (isOpen(at)) return true;
  return false;
}

/**
 * The nights a position held through a night's rollover accrues: `isOpen` is the instrument's session
 * schedule (see `sessionChecker`), which tells an exchange's trading days from its weekends and holidays.
 */
export function nightsAt(calendar: SwapCalendar, night: string, isOpen: (atMs: number) => boolean): number {
  const weekday = new Date(rolloverTime(night)).getUTCDay();
  if (calendar === 'every_day') return 1;
  if (calendar === 'weekdays') {
    if (weekday === SATURDAY || weekday === SUNDAY) return 0;
    return weekday === WEDNESDAY ? 3 : 1;
  }
  if (!tradedBefore(rolloverTime(night), isOpen)) return 0;
  return weekday === FRIDAY ? 3 : 1;
}

/** The swap points a position of `side` accrues per lot and night: swap_long for a buy, swap_short for a sell. */
export function swapPoints(side: Side, rates: { swapLong: DecLike; swapShort: DecLike }): DecLike {
  return side === 'buy' ? rates.swapLong : rates.swapShort;
}

/** A position as its swap needs it: its lots and the contract size and quote currency it was placed with. */
export interface SwapPosition {
  lots: DecLike;
  contractSize: DecLike;
  quoteCurrency: string;
}

/**
 * What a position accrues at one rollover, in USD, rounded as money: lots × points × point size (10^−PricePrecision)
 * × ForexContNum × nights, in the quote currency, converted at `prices`. Negative is charged.
 */
export function rolloverSwap(
  position: SwapPosition,
  points: DecLike,
  pricePrecision: number,
  nights: number,
  prices: PriceLookup,
): Dec {
  const pointSize = dec(10).pow(-pricePrecision);
  const quoted = dec(position.lots).times(points).times(pointSize).times(position.contractSize).times(nights);
  return roundMoney(toUsd(quoted, position.quoteCurrency, prices));
}
