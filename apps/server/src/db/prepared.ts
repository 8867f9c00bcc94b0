import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import pgUtils from 'pg/lib/utils';
import type { Db, Tx } from './client';
import * as schema from './schema';

/** A parameter of a prepared statement: what the hot paths bind. */
export type Param = string | number | boolean | null;

/**
 * A statement a hot path runs many times a second (the session lookup of every signed-in request, an
 * order's lock and insert), parsed and planned once per connection instead of at every run: the
 * order-place profile showed the embedded database spending more time parsing and planning these
 * statements than running them. `text` is plain SQL with $1…$n of the PostgreSQL `types` given.
 */
export interface Statement {
  name: string;
  types: string[];
  text: string;
}

export const statement = (name: string, types: string[], text: string): Statement => ({ name, types, text });

const dialect = new PgDialect();

/** A statement's text from drizzle's `sql`: its values are the statement's own `$n`, so it binds none. */
export function textOf(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error(`a prepared statement's text binds no value: ${text}`);
  return text;
}

interface Client {
  query(...args: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The statements prepared (or being prepared) on each embedded database, by name. PREPARE outlives a
 * rolled-back transaction, so it is done once, by whichever run comes first.
 */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();

/** A value as an SQL literal: EXECUTE of the embedded database takes literals, not protocol parameters. */
function literal(value: Param): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  // No text column can hold NUL (callers refuse it at the edge); pg's own escaping does the rest.
  if (value.includes('\u0000')) throw new Error('NUL in a text parameter');
  return pgUtils.escapeLiteral(value);
}

/** PGlite's own method tells the embedded database: asking `instanceof PGlite` would load PGlite on PostgreSQL. */
const isEmbedded = (client: object) => 'dumpDataDir' in client;

const clientOf = (executor: Db | Tx) =>
  (executor as unknown as { session: { client: Client } }).session.client;

/** Statements sent in the same round trip as a prepared statement (PostgreSQL only). */
export interface Around {
  /** Sent before it, in this order, e.g. the BEGIN of the transaction it opens. */
  before?: string[];
  /** Sent after it, e.g. the COMMIT of the transaction it ends. */
  after?: string;
}

/** The statements PREPAREd on each PostgreSQL connection (a pooled client keeps its connection). */
const preparedOnConnection = new WeakMap<object, Set<string>>();

/**
 * Runs a prepared statement on `executor` (the database, a transaction of `db`, or a database over one
 * pooled connection) and returns its rows as the driver's own parsers give them (numeric as text,
 * timestamps as dates). PostgreSQL: a named statement of node-postgres, prepared on each pooled
 * connection at its first use; or, with `around`, PREPARE (once per connection) and EXECUTE in one
 * simple query with the statements around it, so that a transaction's BEGIN or COMMIT costs no round
 * trip of its own. Embedded: PREPARE once on the database, then EXECUTE (`around` is not for it).
 */
export async function runPrepared(
  db: Db,
  executor: Db | Tx,
  st: Statement,
  values: Param[],
  around: Around = {},
): Promise<Record<string, unknown>[]> {
  const client = clientOf(executor);
  const root = clientOf(db) as object;
  const args = values.length > 0 ? `(${values.map(literal).join(', ')})` : '';
  if (!isEmbedded(root)) {
    const before = around.before ?? [];
    if (before.length === 0 && !around.after) {
      const result = await client.query({ name: st.name, text: st.text, values });
      return result.rows;
    }
    // Its own name: a connection's protocol-level statements (node-postgres's) share the namespace.
    const name = `${st.name}_sql`;
    let names = preparedOnConnection.get(client);
    if (!names) {
      names = new Set();
      preparedOnConnection.set(client, names);
    }
    if (!names.has(name)) {
      // Once per connection, on its own: PREPARE is not undone by a failed transaction, so it is only
      // known to have happened when it answers.
      await client.query(`prepare ${name} (${st.types.join(', ')}) as ${st.text}`);
      names.add(name);
    }
    const statements = [...before, `execute ${name}${args}`, around.after].filter(Boolean);
    const results = (await client.query(statements.join(';\n'))) as unknown as {
      rows: Record<string, unknown>[];
    }[];
    return results[before.length]!.rows;
  }
  let prepared = preparedOn.get(root);
  if (!prepared) {
    prepared = new Map();
    preparedOn.set(root, prepared);
  }
  let ready = prepared.get(st.name);
  if (!ready) {
    ready = client.query(`prepare ${st.name} (${st.types.join(', ')}) as ${st.text}`);
    prepared.set(st.name, ready);
    ready.catch(() => prepared.delete(st.name));
  }
  await ready;
  // No parsers of its own: PGlite copies its whole parser table for a query that brings some.
  const result = await client.query(`execute ${st.name}${args}`);
  return result.rows;
}

/** A table's columns by property, each with its database name and mapper: what `rowOf` reads. */
export const columnsOf = (table: Table) => Object.entries(getTableColumns(table));

/** A raw row of a table (database names, driver values) as drizzle's select would give it. */
export function rowOf<T>(columns: ReturnType<typeof columnsOf>, raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** A database over one pooled connection, by connection (made once: a pooled client keeps its connection). */
const overConnection = new WeakMap<pg.PoolClient, Db>();

/** A PostgreSQL advisory lock: the hash of a name (what it serializes) and a number (which one). */
export interface AdvisoryLock {
  space: string;
  id: number;
}

/**
 * PostgreSQL: runs `work` with a database over one connection of `db`'s pool, on which it opens and
 * ends a transaction itself (see `Around`); `open` says whether one may still be open when `work` is
 * done or has failed, and it is then rolled back. A connection whose rollback fails is discarded.
 * With `lock`, the connection holds that advisory lock from before `work` until its transaction has
 * ended: taken inside a repeatable read transaction, it would come after the snapshot, which would
 * then miss what the lock's last holder committed. A connection that may still hold it is discarded.
 */
export async function onConnection<T>(
  db: Db,
  work: (conn: Db, state: { open: boolean }) => Promise<T>,
  lock?: AdvisoryLock,
): Promise<T> {
  const pool = clientOf(db) as unknown as pg.Pool;
  const client = await pool.connect();
  let conn = overConnection.get(client);
  if (!conn) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    conn = drizzle(client, { schema }) as unknown as Db;
    overConnection.set(client, conn);
  }
  const state = { open: false };
  let broken: Error | undefined;
  const lockArgs = lock && [lock.space, lock.id];
  try {
    if (lockArgs) {
      await client.query('select pg_advisory_lock(hashtext($1), $2)', lockArgs).catch((err: Error) => {
        broken = err;
        throw err;
      });
    }
    return await work(conn, state);
  } finally {
    if (state.open) {
      await client.query('rollback').catch((err: Error) => {
        broken = err;
      });
    }
    if (lockArgs && !broken) {
      await client.query('select pg_advisory_unlock(hashtext($1), $2)', lockArgs).catch((err: Error) => {
        broken = err;
      });
    }
    client.release(broken);
  }
}
