/**
 * PostgreSQL's migrations, applied by one migrator at a time (`npm run migrate`, or a node started with
 * MIGRATE_ON_START=true) under an advisory lock, with a lock timeout so a migration never queues behind a long
 * transaction while every query on its table queues behind it. A node started without MIGRATE_ON_START
 * applies nothing: it refuses an older schema (SchemaBehind). The embedded database migrates itself at start
 * (db/client.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

/** The advisory lock every migrator takes (apart from the startup and leader locks in leadership.ts). */
export const MIGRATION_LOCK = 7_301_003;

/** One migration this release ships: its file's name, its journal time (drizzle's order) and its hash. */
export interface Migration {
  tag: string;
  when: number;
  hash: string;
}

export interface MigrateOptions {
  /** How long one statement may wait for a table's lock before the migration gives up (nothing applied). */
  lockTimeoutMs: number;
  /** How long one statement of a migration may run: a backfill may take minutes, a hung one not for ever. */
  statementTimeoutMs: number;
  log(line: string): void;
}

/** What one migrator did: the migrations it applied (none when another applied them first) of `total`. */
export interface MigrationRun {
  applied: string[];
  total: number;
  /** Another migrator held the lock when this one came, and this one waited for it. */
  waited: boolean;
}

/** The migrations in `folder`, in the journal's order. */
export function migrationsIn(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({ tag: entry.tag, when: entry.when, hash: files[i]!.hash }));
}

/** The start is refused: the database lacks migrations this release needs. */
export class SchemaBehind extends Error {
  constructor(
    readonly pending: string[],
    total: number,
  ) {
    super(
      `The database's schema is older than this release: ${pending.length} of its ${total} migrations are not ` +
        `applied (${pending.join(', ')}). Run \`npm run migrate\` with this release and the same DATABASE_URL ` +
        '(in the container: `node apps/server/dist/migrate.js`), then start the node again; or start one node ' +
        'with MIGRATE_ON_START=true. Nothing was changed.',
    );
    this.name = 'SchemaBehind';
  }
}

/** A migration could not run in time; the transaction of all of them was rolled back. */
export class MigrationTimedOut extends Error {
  constructor(why: string, cause: unknown) {
    super(`Migration stopped: ${why}. Nothing was applied; run it again at a quieter moment.`, { cause });
    this.name = 'MigrationTimedOut';
  }
}

const connect = async (databaseUrl: string): Promise<pg.Client> => {
  const { default: driver } = await import('pg');
  const client = new driver.Client({ connectionString: databaseUrl, application_name: 'meridian migrate' });
  await client.connect();
  return client;
};

/** Those of `shipped` that drizzle's migrator would apply on `client`: every one newer than the last applied. */
async function pendingOn(client: pg.Client, shipped: Migration[]): Promise<Migration[]> {
  const { rows } = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!rows[0]?.present) return shipped;
  const last = await client.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const lastWhen = last.rows[0] ? Number(last.rows[0].created_at) : Number.NEGATIVE_INFINITY;
  return shipped.filter((m) => m.when > lastWhen);
}

/** The migrations in `folder` the database at `databaseUrl` has not applied yet (read only). */
export async function pendingMigrations(databaseUrl: string, folder: string): Promise<string[]> {
  const client = await connect(databaseUrl);
  try {
    return (await pendingOn(client, migrationsIn(folder))).map((m) => m.tag);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws SchemaBehind when the database at `databaseUrl` lacks any migration in `folder`; changes nothing. */
export async function refuseOlderSchema(databaseUrl: string, folder: string): Promise<void> {
  const pending = await pendingMigrations(databaseUrl, folder);
  if (pending.length > 0) throw new SchemaBehind(pending, migrationsIn(folder).length);
}

/** PostgreSQL's codes for a lock wait and a statement cut short by their timeouts. */
const LOCK_NOT_AVAILABLE = '55P03';
const QUERY_CANCELED = '57014';

/** The driver's error under drizzle's "Failed query" wrapper. */
function codeOf(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  while (e && !e.code && e.cause) e = e.cause as typeof e;
  return e?.code;
}

/**
 * Applies the migrations in `folder` the database lacks, all in one transaction, holding MIGRATION_LOCK: a
 * second migrator waits for the first and then finds nothing to do. Each statement waits at most
 * `lockTimeoutMs` for a lock and runs at most `statementTimeoutMs`; past either, nothing is applied.
 */
export async function migratePostgres(
  databaseUrl: string,
  folder: string,
  options: MigrateOptions,
): Promise<MigrationRun> {
  const shipped = migrationsIn(folder);
  const client = await connect(databaseUrl);
  try {
    // No lock timeout while waiting for another migrator: it finishes or fails within its own timeouts.
    await client.query('set lock_timeout = 0');
    const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [
      MIGRATION_LOCK,
    ]);
    const waited = !rows[0]?.got;
    if (waited) {
      options.log('Another migrator holds the migration lock: waiting for it to finish');
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    }
    await client.query(`set lock_timeout = ${Math.round(options.lockTimeoutMs)}`);
    await client.query(`set statement_timeout = ${Math.round(options.statementTimeoutMs)}`);
    const pending = await pendingOn(client, shipped);
    if (pending.length === 0) {
      options.log(`Nothing to apply: the database has all ${shipped.length} migrations of this release`);
      return { applied: [], total: shipped.length, waited };
    }
    const tags = pending.map((m) => m.tag);
    options.log(`Applying ${tags.length} of ${shipped.length} migrations: ${tags.join(', ')}`);
    const [{ drizzle }, { migrate }] = await Promise.all([
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    // The wall clock: how long a migration ran is an operational figure for the log.
    const started = Date.now();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } catch (err) {
      const code = codeOf(err);
      if (code === LOCK_NOT_AVAILABLE)
        throw new MigrationTimedOut(
          `a table's lock was not free within ${options.lockTimeoutMs / 1000} s (a transaction still holds it)`,
          err,
        );
      if (code === QUERY_CANCELED)
        throw new MigrationTimedOut(`a statement ran past ${options.statementTimeoutMs / 1000} s`, err);
      throw err;
    }
    options.log(`Applied ${tags.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { applied: tags, total: shipped.length, waited };
  } finally {
    // Ending the session releases the advisory lock.
    await client.end().catch(() => {});
  }
}
