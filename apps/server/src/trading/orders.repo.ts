import { OrderStatus } from '@meridian/contract';
import type { Side } from '@meridian/core';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { oneOf } from '../db/id-list';
import { columnsOf, rowOf, runPrepared, statement } from '../db/prepared';
import { users } from '../db/schema';
import { lockAccount } from '../ledger';
import { offsetOf, type PageInput } from '../operators';
import { type Settings, settingsOf } from '../settings';
import type { Book } from './book';
import { type OrderRow, orders } from './schema';

export type { OrderRow };

/**
 * Sums holding orders (`held`, those of the user `owner` names) by instrument, side and quote currency into
 * books (accrued swap too), as a JSON array.
 */
const booksSql = (owner = '') => `(select coalesce(json_agg(json_build_object(
        'instrumentId', b.instrument_id, 'side', b.side,
        'quoteCurrency', b.quote_currency, 'units', b.units::text, 'entryValue', b.entry_value::text,
        'margin', b.margin::text, 'swap', b.swap::text)), '[]'::json)
      from (select h.instrument_id, h.side, h.quote_currency, sum(h.lots * h.contract_size) as units,
          sum(h.lots * h.contract_size * h.price) as entry_value, sum(h.margin) as margin, sum(h.swap) as swap
        from held h ${owner} group by h.instrument_id, h.side, h.quote_currency) b)`;
/** Sums a user's holding orders (`held`) into books, as a JSON array. */
export const BOOKS_SQL = booksSql();

/** What an account's money checks read: its cash, its lock, the settings and its holdings as books. */
export interface AccountState {
  /** A disabled account opens no new position (see `fill`). */
  disabled: boolean;
  balance: string;
  lockBalance: string;
  settings: Settings;
  books: Book[];
}

/** The holding orders of the users `owners` picks ($1 or any of $1) with what their books need. */
const heldSql = (
  owners: string,
) => `select o.user_id, o.instrument_id, o.side, o.quote_currency, o.contract_size,
      o.lots, o.price, o.margin, o.swap
    from orders o where o.user_id ${owners} and o.status = ${OrderStatus.holding} order by o.id`;
/** A user's holding orders ($1) with what their books need. */
export const HELD_SQL = heldSql('= $1');

const ACCOUNT_STATE = statement(
  'account_state',
  ['integer'],
  `with held as materialized (${HELD_SQL})
  select u.disabled, u.balance::text as balance, u.lock_balance::text as "lockBalance",
    (select json_object_agg(s.key, s.value) from settings s) as settings,
    ${BOOKS_SQL} as books
  from users u where u.id = $1`,
);

/**
 * An account's money as its checks read it; with `lock`, its row is locked for the rest of the transaction
 * first, in a statement of its own: a statement's snapshot is taken before it waits for a lock, so holdings
 * read in the locking statement could predate a close that committed meanwhile, whose profit the balance
 * already holds (counted twice: a withdrawal could take it out).
 */
export async function readAccount(db: Db, tx: Db | Tx, userId: number, lock: boolean): Promise<AccountState> {
  if (lock) await lockAccount(tx as Tx, userId);
  const [row] = (await runPrepared(db, tx, ACCOUNT_STATE, [userId])) as (Omit<AccountState, 'settings'> & {
    settings: Record<string, string> | null;
  })[];
  if (!row) throw new Error(`unknown user ${userId}`);
  return { ...row, settings: settingsOf(row.settings) };
}

/**
 * Locks the accounts' rows in id order, as one statement (a gap's batch locks its accounts together; every
 * other lock of them is taken one account at a time, so no two wait on each other), and reads the settings.
 */
export async function lockAccounts(tx: Tx, userIds: readonly number[]): Promise<Settings> {
  const result = await tx.execute(sql`with locked as (
      select ${users.id} from ${users} where ${oneOf(users.id, userIds)} order by ${users.id} for update)
    select (select count(*) from locked)::int as locked,
      (select json_object_agg(s.key, s.value) from settings s) as settings`);
  const [row] = (result as unknown as { rows: { locked: number; settings: Record<string, string> | null }[] })
    .rows;
  if (row?.locked !== new Set(userIds).size) throw new Error(`an unknown user among ${userIds.join(', ')}`);
  return settingsOf(row.settings);
}

const ACCOUNT_STATES = statement(
  'account_states',
  ['int[]'],
  `with held as materialized (${heldSql('= any($1)')})
  select u.id, u.disabled, u.balance::text as balance, u.lock_balance::text as "lockBalance",
    ${booksSql('where h.user_id = u.id')} as books
  from users u where u.id = any($1)`,
);

/**
 * The money of several accounts as their checks read it (`readAccount`), by user id: to be read after
 * `lockAccounts`, in a statement of its own, so that its snapshot holds whatever committed before the locks.
 */
export async function accountStates(
  db: Db,
  tx: Tx,
  userIds: readonly number[],
  settings: Settings,
): Promise<Map<number, AccountState>> {
  const rows = (await runPrepared(db, tx, ACCOUNT_STATES, [`{${userIds.join(',')}}`])) as (Omit<
    AccountState,
    'settings'
  > & { id: number })[];
  return new Map(rows.map(({ id, ...state }) => [id, { ...state, settings }]));
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

/** How many orders are pending or holding on an instrument. */
export async function openOrderCount(tx: Tx | Db, instrumentId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.instrumentId, instrumentId),
        inArray(orders.status, [OrderStatus.pending, OrderStatus.holding]),
      ),
    );
  return row?.n ?? 0;
}

/** A user's holding orders. */
export async function holdingsOf(tx: Tx | Db, userId: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.holding)));
}

/** A user's pending and holding orders. */
export async function openOrdersOf(tx: Tx, userId: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, [OrderStatus.pending, OrderStatus.holding])),
    );
}

export async function orderById(tx: Db | Tx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** The orders of these ids there are, in no order. */
export function ordersByIds(tx: Db | Tx, ids: readonly number[]): Promise<OrderRow[]> {
  return tx.select().from(orders).where(oneOf(orders.id, ids));
}

/** Whose an order is; undefined for none. */
export async function ownerOf(tx: Tx, orderId: number): Promise<number | undefined> {
  const [seen] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return seen?.userId;
}

/** An order of `userId`'s; undefined when there is none of that id, or it is another's. */
export async function orderOf(tx: Db | Tx, userId: number, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/** Why a pending order was cancelled. */
export type CancelReason =
  | 'cancelled'
  | 'insufficient_margin'
  | 'exposure_limit'
  | 'account_disabled'
  | 'expired'
  | 'negative_balance';

/** Cancels orders still pending, for one reason; returns those it cancelled. */
export function cancelPendingRows(
  tx: Tx,
  orderIds: readonly number[],
  reason: CancelReason,
  closedAt: Date,
): Promise<OrderRow[]> {
  return tx
    .update(orders)
    .set({ status: OrderStatus.cancelled, closeReason: reason, closedAt })
    .where(and(oneOf(orders.id, orderIds), eq(orders.status, OrderStatus.pending)))
    .returning();
}

/** Cancels an order if it is still pending; undefined when it is not. */
export async function cancelPendingRow(
  tx: Tx,
  orderId: number,
  reason: CancelReason,
  closedAt: Date,
): Promise<OrderRow | undefined> {
  const [cancelled] = await cancelPendingRows(tx, [orderId], reason, closedAt);
  return cancelled;
}

/** What a fill writes on its pending order, which holds from then on. */
export type Filling = Pick<OrderRow, 'price' | 'originPrice' | 'margin' | 'fee' | 'filledAt'>;

/**
 * Fills pending orders, each as its `filling` says, in one statement (a gap's batch fills a hundred at
 * once); returns the rows of those that were still pending, in no particular order.
 */
export async function fillPendingRows(
  tx: Tx,
  fills: { id: number; filling: Filling }[],
): Promise<OrderRow[]> {
  const values = sql.join(
    fills.map(
      ({ id, filling: f }) =>
        sql`(${id}::int, ${f.price}::numeric, ${f.originPrice}::numeric, ${f.margin}::numeric, ${f.fee}::numeric, ${f.filledAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  return returnedOrders(
    await tx.execute(sql`update ${orders} o set status = ${OrderStatus.holding},
        price = v.price, origin_price = v.origin_price, margin = v.margin, fee = v.fee, filled_at = v.filled_at
      from (values ${values}) as v(id, price, origin_price, margin, fee, filled_at)
      where o.id = v.id and o.status = ${OrderStatus.pending}
      returning o.*`),
  );
}

/** The orders table's columns, to map the rows a raw statement returns (`rowOf`). */
export const ORDER_COLUMNS = columnsOf(orders);

/** How a holding order ends: its close price, why, when, and its profit. */
export type Ending = Pick<OrderRow, 'closePrice' | 'closeReason' | 'closedAt' | 'profit'>;

/**
 * Closes holding orders, each as its `ending` says, in one statement (a gap's batch writes a hundred at
 * once); returns the rows of those that were still holding, in no particular order.
 */
export async function closeHoldingRows(
  tx: Tx,
  closes: { id: number; ending: Ending }[],
): Promise<OrderRow[]> {
  const values = sql.join(
    closes.map(
      ({ id, ending: e }) =>
        sql`(${id}::int, ${e.closePrice}::numeric, ${e.closeReason}::text, ${e.closedAt?.toISOString() ?? null}::timestamptz, ${e.profit}::numeric)`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`update ${orders} o set status = ${OrderStatus.closed},
      close_price = v.close_price, close_reason = v.close_reason, closed_at = v.closed_at, profit = v.profit
    from (values ${values}) as v(id, close_price, close_reason, closed_at, profit)
    where o.id = v.id and o.status = ${OrderStatus.holding}
    returning o.*`);
  return returnedOrders(result);
}

/** The order rows a raw statement returned (`returning o.*`). */
const returnedOrders = (result: unknown): OrderRow[] =>
  (result as { rows: Record<string, unknown>[] }).rows.map((raw) => rowOf<OrderRow>(ORDER_COLUMNS, raw));

/**
 * Leaves a holding order with `rest` of its lots, margin and fee, and its swap less `partSwap`; undefined
 * when it is no longer holding.
 */
export async function keepRestOf(
  tx: Tx,
  orderId: number,
  rest: Pick<OrderRow, 'lots' | 'margin' | 'fee'>,
  partSwap: string,
): Promise<OrderRow | undefined> {
  const [kept] = await tx
    .update(orders)
    .set({
      ...rest,
      // Less the part's share of what was read: a rollover that landed since stays with the position.
      swap: sql`${orders.swap} - ${partSwap}::numeric`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.holding)))
    .returning();
  return kept;
}

/** Inserts an order as given (the part a partial close splits off) and returns it. */
export async function insertOrderRow(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

/** Stores an order's stops if it is still holding or pending; undefined when it is not. */
export async function storeStops(
  db: Db,
  orderId: number,
  stops: Pick<OrderRow, 'stopLoss' | 'takeProfit' | 'trailingDistance'>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set(stops)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [OrderStatus.holding, OrderStatus.pending])))
    .returning();
  return row;
}

/**
 * Moves a holding order's trailing stop to `level` if that is better for its `side` than where it stands
 * (or it has none); undefined when it did not move.
 */
export async function trailStop(
  db: Db,
  orderId: number,
  side: Side,
  level: string,
): Promise<OrderRow | undefined> {
  const better = side === 'buy' ? lt(orders.stopLoss, level) : gt(orders.stopLoss, level);
  const [row] = await db
    .update(orders)
    .set({ stopLoss: level })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, OrderStatus.holding),
        isNotNull(orders.trailingDistance),
        or(isNull(orders.stopLoss), better),
      ),
    )
    .returning();
  return row;
}

/** Ends an open order as `ending` says if its status is still the one read; undefined when it moved on. */
export async function endOpenRow(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'status'>,
  ending: Partial<OrderRow>,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set(ending)
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  return row;
}
