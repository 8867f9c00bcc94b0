import type { HistoryFilters, Language, LedgerFilters } from '@meridian/contract';
import { dec } from '@meridian/core';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Download } from '../http/route';
import { type MessageKey, translate } from '../i18n';
import { ledgerEntries } from '../ledger';
import type { Trading } from '../trading';
import { HISTORY_STATUSES, historyFilter, orders, orderView } from '../trading';
import { utcText } from '../util/time';
import { BOM, CSV_TYPE, csvFilename, csvLine } from './csv';
import { ledgerFilter } from './filters';
import { cashRows } from './wallet.repo';
import { ledgerLabel } from './wallet.service';

/** Rows read per round trip: the file is written a page at a time, never held whole. */
const EXPORT_PAGE = 500;

/** Money as exact plain decimal text with at least cents ("-12.50", "0.035"). */
function plainMoney(value: string): string {
  const amount = dec(value);
  return amount.decimalPlaces() < 2 ? amount.toFixed(2) : amount.toFixed();
}

/** Rows after `cursor`, oldest first, a page at a time, until none is left. */
async function* pages<T extends { id: number }>(read: (after: number) => Promise<T[]>): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows.at(-1)!.id;
  }
}

const REFERENCE: Record<string, MessageKey> = {
  order: 'statement_ref_order',
  deposit: 'statement_ref_deposit',
  withdrawal: 'statement_ref_withdrawal',
};

/** The account's ledger (its cash rows, as the ledger call lists them) as CSV, oldest first. */
export function ledgerCsv(
  db: Db,
  userId: number,
  filters: LedgerFilters,
  lang: Language,
  now: number,
): Download {
  const where = and(cashRows(userId), ledgerFilter(userId, filters));
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params);
  async function* lines() {
    yield BOM;
    yield csvLine([
      t('statement_col_time'),
      t('statement_col_type'),
      t('statement_col_amount'),
      t('statement_col_balance'),
      t('statement_col_reference'),
      t('statement_col_note'),
    ]);
    const rows = pages((after) =>
      db
        .select()
        .from(ledgerEntries)
        .where(and(where, gt(ledgerEntries.id, after)))
        .orderBy(asc(ledgerEntries.id))
        .limit(EXPORT_PAGE),
    );
    for await (const row of rows) {
      const reference = row.refType && REFERENCE[row.refType];
      yield csvLine([
        utcText(row.createdAt),
        ledgerLabel(lang, row.type),
        { number: plainMoney(row.amount) },
        { number: plainMoney(row.balanceAfter) },
        reference && row.refId !== null ? t(reference, { id: row.refId }) : '',
        row.note ?? '',
      ]);
    }
  }
  return { filename: csvFilename('statement', now), type: CSV_TYPE, body: lines() };
}

/** The trader's order history (closed and cancelled orders) as CSV, oldest first. */
export function historyCsv(
  db: Db,
  trading: Trading,
  userId: number,
  filters: HistoryFilters,
  lang: Language,
  now: number,
): Download {
  const where = and(
    eq(orders.userId, userId),
    inArray(orders.status, HISTORY_STATUSES),
    historyFilter(filters),
  );
  const t = (key: MessageKey) => translate(lang, key);
  async function* lines() {
    yield BOM;
    yield csvLine([
      t('statement_col_order'),
      t('statement_col_instrument'),
      t('statement_col_side'),
      t('statement_col_lots'),
      t('statement_col_open_time'),
      t('statement_col_open_price'),
      t('statement_col_close_time'),
      t('statement_col_close_price'),
      t('statement_col_fee'),
      t('statement_col_swap'),
      t('statement_col_profit'),
      t('statement_col_close_reason'),
    ]);
    const rows = pages((after) =>
      db
        .select()
        .from(orders)
        .where(and(where, gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(EXPORT_PAGE),
    );
    for await (const row of rows) {
      const order = orderView(row, trading);
      const number = (value: string) => (value === '' ? '' : { number: value });
      yield csvLine([
        { number: String(order.Id) },
        order.ForexTradeLists.ShowCode,
        t(order.OrderType === 1 ? 'statement_side_buy' : 'statement_side_sell'),
        { number: order.Quantity },
        order.CreateTimeHandler,
        number(order.Price),
        order.CloseTime,
        number(order.UpdatePrice),
        { number: order.TradeFee },
        { number: order.Swap },
        { number: order.FactProfits },
        order.CloseReason ? t(`close_reason_${order.CloseReason}` satisfies MessageKey) : '',
      ]);
    }
  }
  return { filename: csvFilename('orders', now), type: CSV_TYPE, body: lines() };
}
