import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type AdvisoryLock,
  type Around,
  onConnection,
  type Param,
  rowOf,
  runPrepared,
  type Statement,
  statement,
  textOf,
} from '../db/prepared';
import { refuse, sessionInvalid } from '../http/errors';
import { LIVE_SESSION_SQL, liveSince } from '../http/sessions';
import { type Entry, type PostingRow, postingRows, postingSql } from '../ledger';
import { type Settings, settingsOf } from '../settings';
import type { Book } from './book';
import { BOOKS_SQL, HELD_SQL, ORDER_COLUMNS } from './orders.repo';
import type { OrderRow, orders } from './schema';

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
  ['integer', 'text', 'text', 'timestamptz', 'timestamptz'],
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
 * right if nothing committed after the statement's snapshot was taken: see `placeInTransaction`. With a
 * `session` (a token hash), the statement also proves it is the account's and live. A disabled account
 * places nothing, whoever asks: its own session (999) or the copier, which has none.
 */
async function lockForOrder(
  db: Db,
  tx: Db | Tx,
  userId: number,
  clientOrderId: string | undefined,
  session: string | undefined,
  around: Around,
): Promise<OrderAccount> {
  const { seen, created } = liveSince(db);
  const params = [userId, clientOrderId ?? null, session ?? null, seen.toISOString(), created.toISOString()];
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
interface Steps {
  begin: (userId: number) => Around;
  commit: Around;
  state: { open: boolean };
}
const PG_STEPS = {
  begin: () => ({ before: ['begin isolation level repeatable read'] }),
  commit: { after: 'commit' },
};
/**
 * After a lost race: the account locked in a statement of its own (read committed), so the locking
 * statement's snapshot is taken once the lock is held and sees what its last holder committed. Still one
 * round trip; it waits for the account instead of failing again.
 */
const PG_LOCK_FIRST_STEPS = {
  begin: (userId: number) => {
    if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
    return { before: ['begin', `select from users where id = ${userId} for update`] };
  },
  commit: { after: 'commit' },
};

/** PostgreSQL's codes for a transaction that lost a race (serialization failure, deadlock): run it again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;
const lostRace = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return RETRYABLE.has(String(e?.code)) || RETRYABLE.has(String(e?.cause?.code));
};

/**
 * The columns the placement gives: all but `updated_at`, left to its default, the database's clock, as the
 * update trigger sets it: order changes are read back by it after the bus lost them (`MissedOrders`).
 */
const GIVEN_COLUMNS = ORDER_COLUMNS.filter(([key]) => key !== 'updatedAt');
/** A parameter's type for a column: its own, but an integer for the serial id (given, not defaulted). */
const paramType = (column: (typeof ORDER_COLUMNS)[number][1]) =>
  column.getSQLType() === 'serial' ? 'integer' : column.getSQLType();

/** A ledger row's values in the order the statement that places an order takes them. */
const ROW_KEYS = [
  'type',
  'amount',
  'later',
  'refType',
  'refId',
  'note',
] as const satisfies (keyof PostingRow)[];

/**
 * The statement that places an order: moves the balance by the order's margin and fee, writes their
 * `entries` ledger rows (the margin, and the fee unless it is zero) and inserts the order, returning
 * it: the ledger's posting (`postingSql`) over the statement's parameters and the insert in one round
 * trip, every column given. The posting's own casts type its parameters.
 */
function placeStatement(entries: number): Statement {
  const param = (n: number) => sql.raw(`$${n}`);
  const orderParams = GIVEN_COLUMNS.map(([, column], i) => `$${i + 3}::${paramType(column)}`);
  let next = GIVEN_COLUMNS.length + 3;
  const rows = Array.from(
    { length: entries },
    () => Object.fromEntries(ROW_KEYS.map((key) => [key, param(next++)])) as Record<keyof PostingRow, SQL>,
  );
  const { moved, written } = postingSql('balance', [{ userId: param(1), total: param(2), rows }]);
  const insert = `insert into orders (${GIVEN_COLUMNS.map(([, column]) => `"${column.name}"`).join(', ')})
    values (${orderParams.join(', ')}) returning *`;
  return statement(
    `place_order_${entries}`,
    ['integer', 'numeric', ...GIVEN_COLUMNS.map(([, column]) => paramType(column))],
    textOf(sql`with moved as (${moved}), written as (${written}) ${sql.raw(insert)}`),
  );
}
const PLACE = [placeStatement(1), placeStatement(2)] as const;

/**
 * Inserts one order with the ledger rows of its margin and fee (see `placeStatement`) and returns it.
 * The order's id is given; a column left out is null.
 */
async function insertOrder(
  db: Db,
  tx: Db | Tx,
  values: typeof orders.$inferInsert & { id: number; userId: number },
  entries: Entry[],
  around: Around,
): Promise<OrderRow> {
  const posting = postingRows(entries);
  const params: Param[] = [values.userId, posting.total];
  for (const [key, column] of GIVEN_COLUMNS) {
    const value = values[key as keyof typeof values];
    params.push(value === null || value === undefined ? null : (column.mapToDriverValue(value) as Param));
  }
  for (const r of posting.rows) params.push(...ROW_KEYS.map((key) => r[key]));
  const st = PLACE[entries.length - 1];
  if (!st) throw new Error(`an order posts 1 or 2 entries, not ${entries.length}`);
  const [raw] = await runPrepared(db, tx, st, params, around);
  return rowOf<OrderRow>(ORDER_COLUMNS, raw!);
}

/** The statements of an order's placement, in the order `placeInTransaction` runs them. */
export interface Placement {
  /** The transaction, for the statements between the two (the caller's guard, the exposure check, a repeat's read). */
  tx: Db | Tx;
  /** The first statement: `lockForOrder`, which opens the transaction on PostgreSQL. */
  lockAccount(
    userId: number,
    clientOrderId: string | undefined,
    session: string | undefined,
  ): Promise<OrderAccount>;
  /** The last one: `insertOrder`, which commits it on PostgreSQL. */
  insert(
    values: typeof orders.$inferInsert & { id: number; userId: number },
    entries: Entry[],
  ): Promise<OrderRow>;
}

function placementOn(db: Db, tx: Db | Tx, steps: Steps): Placement {
  return {
    tx,
    lockAccount(userId, clientOrderId, session) {
      // From here a transaction may be open on PostgreSQL: `onConnection` rolls back what is not committed.
      steps.state.open = true;
      return lockForOrder(db, tx, userId, clientOrderId, session, steps.begin(userId));
    },
    async insert(values, entries) {
      const row = await insertOrder(db, tx, values, entries, steps.commit);
      steps.state.open = false;
      return row;
    },
  };
}

/**
 * The transaction an order is placed in. Its first statement locks the account and reads the holdings
 * at once, which needs every order committed before the lock was ours to be in that statement's
 * snapshot. Embedded, PGlite runs one transaction at a time, so it is. On PostgreSQL (`concurrent`) the
 * transaction is repeatable read: an account changed after the snapshot (another order, a close, a
 * deposit) makes the lock fail with a serialization error instead, and the placement runs again from the
 * start, locking first (`PG_LOCK_FIRST_STEPS`): orders sent at once on one account each failed again on
 * every try, and a trader got an error for an order there was money for. The transaction is opened in the
 * locking statement's round trip and committed in the inserting statement's (`Steps`): the order-place
 * profile showed the server's time going to round trips.
 * With `lock`, the connection holds it for the whole transaction (see `onConnection`).
 */
export async function placeInTransaction<T>(
  db: Db,
  concurrent: boolean | undefined,
  lock: AdvisoryLock | undefined,
  work: (placement: Placement) => Promise<T>,
): Promise<T> {
  if (!concurrent) {
    return db.transaction((tx) =>
      work(placementOn(db, tx, { begin: () => ({}), commit: {}, state: { open: false } })),
    );
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await onConnection(
        db,
        (conn, state) =>
          work(placementOn(db, conn, { ...(attempt === 1 ? PG_STEPS : PG_LOCK_FIRST_STEPS), state })),
        lock,
      );
    } catch (err) {
      if (attempt >= ATTEMPTS || !lostRace(err)) throw err;
    }
  }
}
