import { checkExpiry, type ExpiryRefusal } from '@meridian/core';

/**
 * How long a pending order waits: good till cancelled, today, or to the end of a chosen date. A day ends at
 * 23:59:59 UTC: every other time and date of the app (order times, the history's days, the chart, the daily
 * rollover) is UTC, so "today" means the day those show, and the ticket shows the exact time it sends.
 */
export type ExpiryChoice = { kind: 'gtc' } | { kind: 'today' } | { kind: 'date'; date: string };
export const EXPIRY_KINDS = ['gtc', 'today', 'date'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** The UTC date of `ms`, as a date input writes it: YYYY-MM-DD. */
export const utcDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/**
 * The expiry the order is sent with, as the wire writes a time ('YYYY-MM-DD HH:mm:ss', UTC): null for good
 * till cancelled, or the reason the choice cannot be sent (the server's own check, at `now`).
 */
export function expiryOf(
  choice: ExpiryChoice,
  now: number,
): { text: string | null; refusal: ExpiryRefusal | null } {
  if (choice.kind === 'gtc') return { text: null, refusal: null };
  const day = choice.kind === 'today' ? utcDay(now) : choice.date;
  const end = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T23:59:59Z`) : Number.NaN;
  // No date picked (or none that exists) is no time in the future.
  if (Number.isNaN(end) || utcDay(end) !== day) return { text: null, refusal: 'expiry_in_past' };
  return { text: `${day} 23:59:59`, refusal: checkExpiry(end, true, now) };
}
