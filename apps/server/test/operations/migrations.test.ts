import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../src/config';
import {
  MIGRATION_LOCK,
  MigrationTimedOut,
  migratePostgres,
  migrationsIn,
  pendingMigrations,
  SchemaBehind,
} from '../../src/db/migrate';
import { silentFeed } from '../../src/feed/feed';
import { type Platform, startPlatform } from '../../src/platform';
import {
  emptyDatabase,
  MIGRATIONS,
  migrateTo,
  PREVIOUS_RELEASE_MIGRATIONS,
  queryOnce,
  quietly,
} from './databases';

const shipped = migrationsIn(MIGRATIONS);
/** What this release adds to the previous one's schema. */
const added = shipped.slice(PREVIOUS_RELEASE_MIGRATIONS).map((m) => m.tag);

const cleanUps: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (cleanUps.length > 0) await cleanUps.pop()!();
});

async function database() {
  const db = await emptyDatabase('meridian_migrations');
  cleanUps.push(db.drop);
  return db.url;
}

async function connected(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanUps.push(() => client.end().catch(() => {}));
  return client;
}

const appliedCount = async (url: string) =>
  Number(
    (await queryOnce<{ n: string }>(url, 'select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n,
  );

const hasColumn = async (url: string, table: string, column: string) =>
  (
    await queryOnce(
      url,
      'select 1 from information_schema.columns where table_name = $1 and column_name = $2',
      [table, column],
    )
  ).length === 1;

/** A node of this release on the database at `url`, as production starts it (no embedded database). */
/** A node on `url`; its log lines' messages to `said` when given (at info level), else none. */
const node = (url: string, migrateOnStart: boolean, said?: string[]) =>
  startPlatform(
    testConfig({
      databaseUrl: url,
      memoryDb: false,
      migrateOnStart,
      ...(said && { logLevel: 'info' as const }),
    }),
    {
      feed: silentFeed,
      logTo: said && { write: (line: string) => void said.push((JSON.parse(line) as { msg: string }).msg) },
    },
  );

const readiness = async (platform: Platform) =>
  (await platform.http.inject({ method: 'GET', url: '/readyz' })).json();

describe.skipIf(!process.env.DATABASE_URL)('migrations on PostgreSQL (issue 49)', () => {
  it('two migrators at once: one applies every migration, the other waits for it and applies none', async () => {
    const url = await database();
    // Held here first, so both migrators surely meet a held lock and queue for it.
    const holder = await connected(url);
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const runs = [migratePostgres(url, MIGRATIONS, quietly), migratePostgres(url, MIGRATIONS, quietly)];
    await expect
      .poll(async () => {
        const { rows } = await holder.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted",
          [MIGRATION_LOCK],
        );
        return rows[0].n;
      })
      .toBe(2);
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    const [a, b] = await Promise.all(runs);
    expect([a!.applied.length, b!.applied.length].sort()).toEqual([0, shipped.length]);
    expect(a!.waited && b!.waited).toBe(true);
    expect(await appliedCount(url)).toBe(shipped.length);
    expect(await pendingMigrations(url, MIGRATIONS)).toEqual([]);
  });

  it('says what it applied, and that there is nothing left to apply the second time', async () => {
    const url = await database();
    await migrateTo(url, PREVIOUS_RELEASE_MIGRATIONS);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const first = await migratePostgres(url, MIGRATIONS, { ...quietly, log });
    expect(first).toEqual({ applied: added, total: shipped.length, waited: false });
    expect(lines[0]).toBe(`Applying ${added.length} of ${shipped.length} migrations: ${added.join(', ')}`);
    expect(lines[1]).toMatch(new RegExp(`^Applied ${added.join(', ')} in \\d+\\.\\d s$`));
    const second = await migratePostgres(url, MIGRATIONS, { ...quietly, log });
    expect(second.applied).toEqual([]);
    expect(lines[2]).toBe(
      `Nothing to apply: the database has all ${shipped.length} migrations of this release`,
    );
  });

  it('gives up on a table a transaction holds after the lock timeout, applies nothing, and applies it once free', async () => {
    const url = await database();
    await migrateTo(url, PREVIOUS_RELEASE_MIGRATIONS);
    // A long report reading orders: this release's ALTER TABLE orders must not queue behind it.
    const reader = await connected(url);
    await reader.query('begin');
    await reader.query('select count(*) from orders');
    await expect(migratePostgres(url, MIGRATIONS, { ...quietly, lockTimeoutMs: 300 })).rejects.toThrow(
      MigrationTimedOut,
    );
    // Nothing half-done: the spike threshold (the migration's first statement) was rolled back with the rest.
    expect(await pendingMigrations(url, MIGRATIONS)).toEqual(added);
    expect(await hasColumn(url, 'instruments', 'spike_threshold')).toBe(false);
    await reader.query('commit');
    expect((await migratePostgres(url, MIGRATIONS, quietly)).applied).toEqual(added);
  });

  it("a node refuses to start on the previous release's schema, names `npm run migrate` and changes nothing", async () => {
    const url = await database();
    await migrateTo(url, PREVIOUS_RELEASE_MIGRATIONS);
    const start = node(url, false);
    await expect(start).rejects.toThrow(SchemaBehind);
    await expect(start).rejects.toThrow(/npm run migrate/);
    await expect(start).rejects.toThrow(added[0]!);
    expect(await appliedCount(url)).toBe(PREVIOUS_RELEASE_MIGRATIONS);
    expect(await hasColumn(url, 'orders', 'expires_at')).toBe(false);
  });

  it('refuses an empty database too: a new deployment migrates before its nodes start', async () => {
    const url = await database();
    await expect(node(url, false)).rejects.toThrow(
      `${shipped.length} of its ${shipped.length} migrations are not applied`,
    );
    expect(
      await queryOnce(url, "select 1 from information_schema.schemata where schema_name = 'drizzle'"),
    ).toEqual([]);
  });

  it('MIGRATE_ON_START: two nodes starting together, one migrates, the other waits and finds nothing to do', async () => {
    const url = await database();
    await migrateTo(url, PREVIOUS_RELEASE_MIGRATIONS);
    // What the nodes log (as JSON, through their logger), not what they print.
    const lines: string[] = [];
    const nodes = await Promise.all([node(url, true, lines), node(url, true, lines)]);
    cleanUps.push(async () => {
      for (const n of nodes) await n.close();
    });
    expect(lines.filter((l) => l.startsWith('Applying'))).toEqual([
      `Applying ${added.length} of ${shipped.length} migrations: ${added.join(', ')}`,
    ]);
    expect(lines.filter((l) => l.startsWith('Nothing to apply'))).toHaveLength(1);
    expect(await appliedCount(url)).toBe(shipped.length);
    for (const n of nodes) {
      expect((await readiness(n)).checks.migrations).toEqual({
        ok: true,
        detail: `${shipped.length} applied`,
      });
    }
  });
});
