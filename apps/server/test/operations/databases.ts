import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { testConfig } from '../../src/config';
import { migratePostgres } from '../../src/db/migrate';
import { adminQuery } from '../global-setup';
import { scratchDir } from '../scratch';

/** Every migration this checkout ships. */
export const MIGRATIONS = testConfig().migrationsDir;

/**
 * The migrations of the previous release (f0cf062^, whose queries previous-release-queries.json holds): 0000 to
 * 0013. A database migrated with them has the schema that release ran on.
 */
export const PREVIOUS_RELEASE_MIGRATIONS = 14;

/** An empty PostgreSQL database of its own beside DATABASE_URL's; `drop` removes it, connections and all. */
export async function emptyDatabase(
  prefix = 'meridian_ops',
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A copy of the migrations folder whose journal lists only its first `count` migrations. */
export function firstMigrations(count: number): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(scratchDir(), 'meridian-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export const quietly = { lockTimeoutMs: 5_000, statementTimeoutMs: 60_000, log: () => {} };

/** Applies the first `count` migrations to the database at `url`: the schema of the release that shipped them. */
export async function migrateTo(url: string, count: number): Promise<void> {
  const { folder, remove } = firstMigrations(count);
  try {
    await migratePostgres(url, folder, quietly);
  } finally {
    remove();
  }
}

/** One query on a connection of its own. */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
