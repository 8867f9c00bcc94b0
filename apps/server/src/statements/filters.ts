import type { LedgerFilters } from '@meridian/contract';
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { ledgerEntries } from '../ledger';
import { dayBounds, orders } from '../trading';

/** The ledger rows a statement's filters keep (undefined: all); an instrument keeps rows of its orders. */
export function ledgerFilter(userId: number, filters: LedgerFilters): SQL | undefined {
  const { start, end } = dayBounds(filters);
  return and(
    start && gte(ledgerEntries.createdAt, start),
    end && lt(ledgerEntries.createdAt, end),
    filters.type && eq(ledgerEntries.type, filters.type),
    filters.forex_id === undefined
      ? undefined
      : and(
          eq(ledgerEntries.refType, 'order'),
          inArray(
            ledgerEntries.refId,
            sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${userId} and ${orders.instrumentId} = ${filters.forex_id})`,
          ),
        ),
  );
}
