import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import { lockDataDir } from './lock';
import { migratePostgres } from './migrate';
import * as schema from './schema';
import { copyEmptyDatabaseTemplate } from './template';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations it lacks; on PostgreSQL under the migration lock (db/migrate.ts), saying what to `log`. */
  migrate(log?: (line: string) => void): Promise<void>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (none for the embedded database): what /metrics reports. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
}

/**
 * PostgreSQL's shared buffers in the embedded database. PGlite writes over the whole pool when it starts,
 * so all of it stays resident for the life of the process: PostgreSQL's default of 128 MB was a quarter
 * of a server just started. Pages it does not hold come from the operating system's file cache.
 */
const EMBEDDED_SHARED_BUFFERS = '16MB';

/** The embedded database's folder under DATA_DIR. */
export const embeddedDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** Whether DATA_DIR already holds an embedded database (a server has started on it once). */
export const embeddedDatabaseExists = (config: Pick<Config, 'dataDir'>) =>
  existsSync(path.join(embeddedDir(config), 'PG_VERSION'));

/**
 * PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR (or in memory for tests); the same migrations
 * serve both. An embedded database on disk is locked to this process (db/lock.ts): `owner` names it to
 * whoever is refused; a DataDirBusy error says who holds it.
 */
export async function openDatabase(
  config: Config,
  owner = 'server',
  /** Told when PostgreSQL ends one of the pool's connections; the node carries on. */
  onConnectionLost: (err: Error) => void = () => {},
): Promise<Database> {
  const migrationsFolder = config.migrationsDir;
  const { databaseUrl } = config;
  if (databaseUrl) {
    // Loaded only for PostgreSQL: the embedded start does not pay for them.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // A connection PostgreSQL ends (a restart, pg_terminate_backend, a network cut) must not crash the node.
    // An idle one the pool drops and reports here; the client tells it too, below.
    pool.on('error', () => {});
    // One in use errors its query, and the pool drops it when it is released: without a listener of its
    // own, the client's error event would end the process. It is told once (the end of the connection
    // follows its error).
    pool.on('connect', (client) => {
      client.once('error', onConnectionLost);
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: async (log = () => {}) => {
        await migratePostgres(databaseUrl, migrationsFolder, {
          lockTimeoutMs: config.migrationLockTimeoutMs,
          statementTimeoutMs: config.migrationStatementTimeoutMs,
          log,
        });
      },
      close: () => pool.end(),
      pool,
    };
  }
  // Loaded only for the embedded database: a node on PostgreSQL never loads PGlite.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!config.memoryDb) {
    unlock = lockDataDir(config.dataDir, owner);
    dataDir = embeddedDir(config);
    mkdirSync(dataDir, { recursive: true });
    // A new database starts as a copy of the build's migrated template instead of initdb (db/template.ts).
    if (!embeddedDatabaseExists(config)) copyEmptyDatabaseTemplate(dataDir);
  }
  const client = new PGlite({
    dataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(takingTurns(client), { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * The embedded database with each query and transaction starting on a turn of the event loop of its own.
 * PGlite runs statements synchronously on this thread and hands its lock from one waiting caller to the
 * next in microtasks, so under load one turn ran every queued order back to back: in the order-place bench
 * the event loop's delay was 18 ms at the median and 50 ms at the 99th percentile (up to 190 ms), while
 * sockets, timers and pushes waited; taking turns, 3 and 8 ms. PGlite already runs its queries and
 * transactions one at a time (each takes its transaction lock): the queue keeps that order, first come
 * first served, and only gives the event loop a turn between them.
 */
function takingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const mine = last.then(() => nextTurn()).then(run);
    last = mine.catch(() => {});
    return mine;
  };
  const query = ((...args: Parameters<PGlite['query']>) =>
    inTurn(() => client.query(...args))) as PGlite['query'];
  const transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    inTurn(() => client.transaction(callback))) as PGlite['transaction'];
  // A proxy, not a copy: the rest of PGlite's methods read private fields, so they run on the client itself.
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A transaction handle or the database itself; money moves only inside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
