import { type HistoryFilters, OrderStatus } from '@meridian/contract';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { invalidInput } from '../http/errors';
import { orders } from './schema';

const DAY_MS = 86_400_000;

/** The instants a period of UTC days covers: from its first midnight to the midnight after its last day. */
export function dayBounds(filters: { from?: string; to?: string }): { start?: Date; end?: Date } {
  // A period that ends before it starts is a mistake to point out, not an empty statement.
  if (filters.from && filters.to && filters.from > filters.to) throw invalidInput('to');
  return {
    start: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    end: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

/** The orders of the history tab: closed and cancelled. */
export const HISTORY_STATUSES = [OrderStatus.closed, OrderStatus.cancelled];

/** When a history order left the book: its close, or its creation for one that never recorded a close. */
export const leftBookAt = sql<Date>`coalesce(${orders.closedAt}, ${orders.createdAt})`;

/** The history orders (closed and cancelled) the filters keep (undefined: all): by close day, instrument, reason. */
export function historyFilter(filters: HistoryFilters): SQL | undefined {
  const { start, end } = dayBounds(filters);
  return and(
    start && gte(leftBookAt, start),
    end && lt(leftBookAt, end),
    filters.forex_id === undefined ? undefined : eq(orders.instrumentId, filters.forex_id),
    filters.type && eq(orders.closeReason, filters.type),
  );
}
