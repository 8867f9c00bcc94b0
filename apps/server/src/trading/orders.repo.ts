import { OrderStatus } from '@meridian/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type Around,
  columnsOf,
  type Param,
  rowOf,
  runPrepared,
  type Statement,
  statement,
} from '../db/prepared';
import { users } from '../db/schema';
import { refuse, sessionInvalid } from '../http/errors';
import { LIVE_SESSION_SQL, sessionPolicy } from '../http/sessions';
import { type Entry, postingRows } from '../ledger/post';
import { offsetOf, type PageInput } from '../operators/inputs';
import { type Settings, settingsOf } from '../settings/read';
import type { Book } from './book';
import { type OrderRow, orders } from './schema';

export type { OrderRow };

/** Sums a user's holding orders (`held`) by instrument, side and terms into books (accrued swap too), as a JSON array. */
const BOOKS_SQL = `(select coalesce(json_agg(json_build_object(
        'instrumentId', b.instrument_id, 'side', b.side, 'spreadRate', b.spread_rate::text,
        'quoteCurrency', b.quote_currency, 'units', b.units::text, 'entryValue', b.entry_value::text,
        'margin', b.margin::text, 'swap', b.swap::text)), '[]'::json)
      from (select h.instrument_id, h.side, h.spread_rate, h.quote_currency, sum(h.lots * h.contract_size) as units,
          sum(h.lots * h.contract_size * h.price) as entry_value, sum(h.margin) as margin, sum(h.swap) as swap
        from held h group by h.instrument_id, h.side, h.spread_rate, h.quote_currency) b)`;

/** What an account's money checks read: its cash, its lock, the settings and its holdings as books. */
export interface AccountState {
  /** A disabled account opens no new position (see `Trading.fill`). */
  disabled: boolean;
  balance: string;
  lockBalance: string;
  settings: Settings;
  books: Book[];
}

/** A user's holding orders ($1) with what their books need. */
const HELD_SQL = `select o.instrument_id, o.side, o.spread_rate, o.quote_currency, o.contract_size, o.lots, o.price, o.margin,
      o.swap
    from orders o where o.user_id = $1 and o.status = ${OrderStatus.holding} order by o.id`;

/** What placing an order reads, in the one statement that locks the account. */
interface OrderAccount {
  disabled: boolean;
  balance: string;
  settings: Settings;
  /** The holding orders as books, for the funds check. */
  books: Book[];
  /** The order already placed with this client order id, if any. */
  existingId: number | null;
  /** The id the new order will have (taken now, so its ledger rows can name it in the statement that inserts it). */
  orderId: number;
}

const LOCK_FOR_ORDER = statement(
  'lock_for_order',
  ['integer', 'text', 'text', 'bigint', 'bigint'],
  `with held as materialized (${HELD_SQL})
  select u.disabled, u.balance::text as balance,
    (select json_object_agg(s.key, s.value) from settings s) as settings,
    ${BOOKS_SQL} as books,
    (select o.id from orders o where o.user_id = $1 and o.client_order_id = $2) as "existingId",
    nextval(pg_get_serial_sequence('orders', 'id'))::int as "orderId"
  from users u where u.id = $1 and ($3::text is null or exists (
    select 1 from sessions s where s.token_hash = $3 and s.user_id = $1 and ${LIVE_SESSION_SQL('$4', '$5')}))
  for update`,
);

/**
 * Locks the account row and, in the same statement, reads the settings, the holdings (as books, summed
 * by the database: the funds check then marks a book per instrument and side, not every order), a repeated
 * client order id, and takes the new order's id. Reading the holdings in the locking statement is only
 * right if nothing committed after the statement's snapshot was taken: see `Trading.placing`. With a
 * `session` (a token hash), the statement also proves it is the account's and live. A disabled account
 * places nothing, whoever asks: its own session (999) or the copier, which has none.
 */
export async function lockForOrder(
  db: Db,
  tx: Db | Tx,
  userId: number,
  clientOrderId: string | undefined,
  session: string | undefined,
  around: Around,
): Promise<OrderAccount> {
  const { idleMs, maxMs } = sessionPolicy(db);
  const params = [userId, clientOrderId ?? null, session ?? null, idleMs, maxMs];
  const [row] = (await runPrepared(db, tx, LOCK_FOR_ORDER, params, around)) as (Omit<
    OrderAccount,
    'settings'
  > & {
    settings: Record<string, string> | null;
  })[];
  if (!row && session) throw sessionInvalid();
  if (!row) throw new Error(`unknown user ${userId}`);
  if (row.disabled) throw session ? sessionInvalid() : refuse('account_disabled');
  return { ...row, settings: settingsOf(row.settings) };
}

/**
 * How the placement's two statements open and end its transaction: embedded, the transaction is
 * drizzle's and these are empty; on PostgreSQL the BEGIN goes with the lock and the COMMIT with the
 * insert. `state.open` is set while the transaction may be open, for the rollback of a failure.
 */
export interface Steps {
  begin: Around;
  commit: Around;
  state: { open: boolean };
}
export const PG_STEPS = {
  begin: { before: 'begin isolation level repeatable read' },
  commit: { after: 'commit' },
};

/** PostgreSQL's codes for a transaction that lost a race (serialization failure, deadlock): run it again. */
const RETRYABLE = new Set(['40001', '40P01']);
export const ATTEMPTS = 5;
export const lostRace = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return RETRYABLE.has(String(e?.code)) || RETRYABLE.has(String(e?.cause?.code));
};

const ORDER_COLUMNS = columnsOf(orders);
/** A parameter's type for a column: its own, but an integer for the serial id (given, not defaulted). */
const paramType = (column: (typeof ORDER_COLUMNS)[number][1]) =>
  column.getSQLType() === 'serial' ? 'integer' : column.getSQLType();

/**
 * The statement that places an order: moves the balance by the order's margin and fee, writes their
 * `entries` ledger rows (the margin, and the fee unless it is zero) and inserts the order, returning
 * it: the statements of `postingSql` and the insert in one round trip, every column given.
 */
function placeStatement(entries: number): Statement {
  const orderParams = ORDER_COLUMNS.map(([, column], i) => `$${i + 3}::${paramType(column)}`);
  let next = ORDER_COLUMNS.length + 3;
  const entryTypes: string[] = [];
  const values = Array.from({ length: entries }, (_, n) => {
    const types = ['text', 'numeric', 'numeric', 'text', 'integer', 'text'];
    entryTypes.push(...types);
    const params = types.map((type) => `$${next++}::${type}`);
    return `(${n}, ${params.join(', ')})`;
  });
  return statement(
    `place_order_${entries}`,
    ['integer', 'numeric', ...ORDER_COLUMNS.map(([, column]) => paramType(column)), ...entryTypes],
    `with moved as (update users set balance = balance + $2::numeric where id = $1 returning balance as after),
    written as (insert into ledger_entries (user_id, account, type, amount, balance_after, ref_type, ref_id, note)
      select $1, 'balance', e.type, e.amount, moved.after - e.later, e.ref_type, e.ref_id, e.note
      from moved cross join (values ${values.join(', ')}) as e(n, type, amount, later, ref_type, ref_id, note)
      order by e.n
      returning id)
    insert into orders (${ORDER_COLUMNS.map(([, column]) => `"${column.name}"`).join(', ')})
    values (${orderParams.join(', ')}) returning *`,
  );
}
const PLACE = [placeStatement(1), placeStatement(2)] as const;

/**
 * Inserts one order with the ledger rows of its margin and fee (see `placeStatement`) and returns it.
 * The order's id is given; a column left out is null.
 */
export async function insertOrder(
  db: Db,
  tx: Db | Tx,
  values: typeof orders.$inferInsert & { id: number; userId: number },
  entries: Entry[],
  around: Around,
): Promise<OrderRow> {
  const posting = postingRows(entries);
  const params: Param[] = [values.userId, posting.total];
  for (const [key, column] of ORDER_COLUMNS) {
    const value = values[key as keyof typeof values];
    params.push(value === null || value === undefined ? null : (column.mapToDriverValue(value) as Param));
  }
  for (const r of posting.rows) params.push(r.type, r.amount, r.later, r.refType, r.refId, r.note);
  const st = PLACE[entries.length - 1];
  if (!st) throw new Error(`an order posts 1 or 2 entries, not ${entries.length}`);
  const [raw] = await runPrepared(db, tx, st, params, around);
  return rowOf<OrderRow>(ORDER_COLUMNS, raw!);
}

const accountStatement = (lock: boolean) =>
  statement(
    lock ? 'lock_account_state' : 'account_state',
    ['integer'],
    `with held as materialized (${HELD_SQL})
    select u.disabled, u.balance::text as balance, u.lock_balance::text as "lockBalance",
      (select json_object_agg(s.key, s.value) from settings s) as settings,
      ${BOOKS_SQL} as books
    from users u where u.id = $1${lock ? ' for update' : ''}`,
  );
const ACCOUNT_STATE = { read: accountStatement(false), lock: accountStatement(true) };

/** An account's money as its checks read it; with `lock`, its row is locked for the rest of the transaction first. */
export async function readAccount(db: Db, tx: Db | Tx, userId: number, lock: boolean): Promise<AccountState> {
  const st = lock ? ACCOUNT_STATE.lock : ACCOUNT_STATE.read;
  const [row] = (await runPrepared(db, tx, st, [userId])) as (Omit<AccountState, 'settings'> & {
    settings: Record<string, string> | null;
  })[];
  if (!row) throw new Error(`unknown user ${userId}`);
  return { ...row, settings: settingsOf(row.settings) };
}

/** A holding order, and whether its account is a demo one. */
export type Holding = OrderRow & { demo: boolean };

/** Every holding order, of every account (the risk desk's book). */
export async function holdingOrders(db: Db): Promise<Holding[]> {
  const rows = await db
    .select({ order: orders, demo: users.isDemo })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.status, OrderStatus.holding));
  return rows.map(({ order, demo }) => ({ ...order, demo }));
}

/** A user's orders, newest first, those in `status` only when given; a page of them and how many there are. */
export async function userOrdersPage(
  db: Db,
  userId: number,
  status: OrderStatus | undefined,
  page: PageInput,
): Promise<{ rows: OrderRow[]; total: number }> {
  const where =
    status === undefined
      ? eq(orders.userId, userId)
      : and(eq(orders.userId, userId), eq(orders.status, status));
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: total?.n ?? 0 };
}
