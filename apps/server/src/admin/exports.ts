import { type AdminEndpoint, adminEndpoints, type InputOf, type Language } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client';
import { depositQueue, withdrawalQueue } from '../funding';
import type { Download } from '../http/route';
import { type MessageKey, translate } from '../i18n';
import type { Page, PageInput } from '../operators';
import { adminDownload, audit } from '../operators';
import { BOM, type Cell, CSV_TYPE, csvFilename, csvLine } from '../statements';
import type { Trading } from '../trading';
import { utcText } from '../util/time';
import { auditPage } from './records';
import { clientPnlPage, houseDaily } from './reports';
import { ledgerPage, ordersPage, searchUsers } from './user-accounts';

/** Rows read per round trip (the lists' largest page): the file is written a page at a time, never held whole. */
const EXPORT_PAGE = 200;

type T = (key: MessageKey) => string;
/** A column of an export: its header (in the operator's language) and its cell of a row. */
type Column<R> = [header: MessageKey, cell: (row: R, t: T) => Cell];

const money = (value: string): Cell => ({ number: value });
const count = (value: number): Cell => ({ number: String(value) });
const time = (value: Date | string | null): Cell => (value === null ? '' : utcText(new Date(value)));
const yesNo = (value: boolean, t: T) => t(value ? 'admin_csv_yes' : 'admin_csv_no');
const json = (value: unknown): Cell => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Every page of a list from its first (already read), in the list's order, as CSV lines under translated headers. */
async function* csvOf<R>(
  first: Page<R>,
  read: (page: PageInput) => Promise<Page<R>>,
  columns: Column<R>[],
  lang: Language,
) {
  const t: T = (key) => translate(lang, key);
  yield BOM;
  yield csvLine(columns.map(([header]) => t(header)));
  let current = first;
  for (let page = 1; ; page += 1) {
    if (page > 1) current = await read({ page, size: EXPORT_PAGE });
    for (const row of current.rows) yield csvLine(columns.map(([, cell]) => cell(row, t)));
    if (current.rows.length < EXPORT_PAGE || page * EXPORT_PAGE >= current.total) return;
  }
}

/**
 * Registers a list's export: the list's role, every page of it with the same filters as CSV, and an audit
 * row (who exported which list with which filters) written in its own transaction before the file starts.
 */
function exportRoute<E extends AdminEndpoint, R>(
  app: FastifyInstance,
  db: Db,
  now: () => number,
  call: E,
  kind: string,
  read: (filters: InputOf<E>, page: PageInput, lang: Language) => Promise<Page<R>>,
  columns: Column<R>[],
): void {
  adminDownload(app, db, call, async ({ input, operator, lang }): Promise<Download> => {
    await db.transaction((tx) =>
      audit(tx, { operatorId: operator.id, action: `export.${kind}`, targetType: 'export', after: input }),
    );
    // The first page is read before the file starts: a refusal (a period over a year) is then an answer.
    const next = (page: PageInput) => read(input, page, lang);
    const first = await next({ page: 1, size: EXPORT_PAGE });
    return {
      filename: csvFilename(kind, now()),
      type: CSV_TYPE,
      body: csvOf(first, next, columns, lang),
    };
  });
}

/** The CSV exports of the back office's lists and reports. */
export function adminExportRoutes(
  app: FastifyInstance,
  { database: { db }, trading }: { database: Database; trading: Trading },
): void {
  const now = () => trading.now();
  const on = <E extends AdminEndpoint, R>(
    call: E,
    kind: string,
    read: (filters: InputOf<E>, page: PageInput, lang: Language) => Promise<Page<R>>,
    columns: Column<R>[],
  ) => exportRoute(app, db, now, call, kind, read, columns);

  on(adminEndpoints.usersExport, 'users', (f, page) => searchUsers(db, f.q, page), [
    ['admin_col_id', (u) => count(u.id)],
    ['admin_col_uid', (u) => u.uid],
    ['admin_col_email', (u) => u.email ?? ''],
    ['admin_col_mobile', (u) => u.mobile ?? ''],
    ['admin_col_name', (u) => u.name ?? ''],
    ['admin_col_demo', (u, t) => yesNo(u.is_demo, t)],
    ['admin_col_disabled', (u, t) => yesNo(u.disabled, t)],
    ['admin_col_balance', (u) => money(u.balance)],
    ['admin_col_lock_balance', (u) => money(u.lock_balance)],
    ['admin_col_created', (u) => time(u.created_at)],
  ]);

  on(adminEndpoints.userOrdersExport, 'orders', (f, page) => ordersPage(db, trading, f.id, f.status, page), [
    ['admin_col_id', (o) => count(o.id)],
    ['statement_col_instrument', (o) => o.show_code],
    ['statement_col_side', (o, t) => t(o.side === 1 ? 'statement_side_buy' : 'statement_side_sell')],
    ['admin_col_status', (o) => count(o.status)],
    ['statement_col_lots', (o) => money(o.lots)],
    ['admin_col_leverage', (o) => count(o.leverage)],
    ['admin_col_price', (o) => money(o.price)],
    ['admin_col_margin', (o) => money(o.margin)],
    ['statement_col_fee', (o) => money(o.fee)],
    ['statement_col_swap', (o) => money(o.swap)],
    ['statement_col_profit', (o) => (o.profit === null ? '' : money(o.profit))],
    ['statement_col_close_reason', (o) => o.close_reason ?? ''],
    ['admin_col_created', (o) => time(o.created_at)],
    ['statement_col_close_time', (o) => time(o.closed_at)],
  ]);

  on(adminEndpoints.userLedgerExport, 'ledger', (f, page) => ledgerPage(db, f.id, page), [
    ['admin_col_id', (l) => count(l.id)],
    ['admin_col_account', (l) => l.account],
    ['statement_col_type', (l) => l.type],
    ['statement_col_amount', (l) => money(l.amount)],
    ['statement_col_balance', (l) => money(l.balance_after)],
    ['admin_col_ref_type', (l) => l.ref_type ?? ''],
    ['admin_col_ref_id', (l) => (l.ref_id === null ? '' : count(l.ref_id))],
    ['statement_col_note', (l) => l.note ?? ''],
    ['statement_col_time', (l) => time(l.created_at)],
  ]);

  on(adminEndpoints.depositsExport, 'deposits', (f, page) => depositQueue(db, f.status, page), [
    ['admin_col_id', (d) => count(d.id)],
    ['admin_col_uid', (d) => d.user.uid],
    ['admin_col_email', (d) => d.user.email ?? ''],
    ['admin_col_kind', (d) => d.type],
    ['admin_col_currency', (d) => d.channel.currency_code],
    ['statement_col_amount', (d) => money(d.amount)],
    ['admin_col_address', (d) => d.address],
    ['admin_col_status', (d) => count(d.status)],
    ['admin_col_reason', (d) => d.reason],
    ['admin_col_created', (d) => time(d.created_at)],
    ['admin_col_reviewed', (d) => time(d.reviewed_at)],
  ]);

  on(
    adminEndpoints.withdrawalsExport,
    'withdrawals',
    (f, page, lang) => withdrawalQueue(db, f.status, page, lang),
    [
      ['admin_col_id', (w) => count(w.id)],
      ['admin_col_uid', (w) => w.user.uid],
      ['admin_col_email', (w) => w.user.email ?? ''],
      ['admin_col_currency', (w) => w.currency.code],
      ['statement_col_amount', (w) => money(w.amount)],
      ['statement_col_fee', (w) => money(w.fee)],
      ['admin_col_received', (w) => money(w.real_number)],
      ['admin_col_address', (w) => w.address || w.payee_account],
      ['admin_col_payee', (w) => w.payee_name],
      ['admin_col_status', (w) => count(w.status)],
      ['admin_col_reason', (w) => w.reason],
      ['admin_col_created', (w) => time(w.created_at)],
      ['admin_col_reviewed', (w) => time(w.reviewed_at)],
    ],
  );

  on(adminEndpoints.auditExport, 'audit', (f, page) => auditPage(db, f, page), [
    ['admin_col_id', (a) => count(a.id)],
    ['admin_col_operator', (a) => a.operator],
    ['admin_col_action', (a) => a.action],
    ['admin_col_target', (a) => a.target_type],
    ['admin_col_target_id', (a) => a.target_id ?? ''],
    ['admin_col_before', (a) => json(a.before)],
    ['admin_col_after', (a) => json(a.after)],
    ['admin_col_reason', (a) => a.reason ?? ''],
    ['admin_col_created', (a) => time(a.created_at)],
  ]);

  on(adminEndpoints.clientPnlExport, 'client-pnl', (f, page) => clientPnlPage(db, f, page), [
    ['admin_col_uid', (r) => r.uid],
    ['admin_col_email', (r) => r.email ?? ''],
    ['admin_col_closed_orders', (r) => count(r.closed_orders)],
    ['admin_col_realised_pnl', (r) => money(r.realised_pnl)],
    ['admin_col_fees', (r) => money(r.fees)],
    ['admin_col_swaps', (r) => money(r.swaps)],
    ['admin_col_deposits', (r) => money(r.deposits)],
    ['admin_col_withdrawals', (r) => money(r.withdrawals)],
    ['admin_col_net_deposits', (r) => money(r.net_deposits)],
  ]);

  // The first page holds the whole period (at most a year of days).
  on(
    adminEndpoints.houseDailyExport,
    'house-pnl',
    async (f, page) => {
      const rows = page.page === 1 ? (await houseDaily(db, f)).rows : [];
      return { rows, total: rows.length };
    },
    [
      ['admin_col_day', (d) => d.day],
      ['admin_col_clients_pnl', (d) => money(d.clients_pnl)],
      ['admin_col_fees', (d) => money(d.fees)],
      ['admin_col_swaps', (d) => money(d.swaps)],
      ['admin_col_protection', (d) => money(d.protection)],
      ['admin_col_house_pnl', (d) => money(d.house_pnl)],
    ],
  );
}
