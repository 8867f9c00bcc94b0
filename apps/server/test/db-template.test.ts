import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { copyEmptyDatabaseTemplate, makeEmptyDatabaseTemplate } from '../src/db/template';

const { migrationsDir } = testConfig();
const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'));

const folder = mkdtempSync(path.join(tmpdir(), 'meridian-template-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Everything the migrations define: tables' columns, constraints, indexes, types, sequences, functions. */
async function schemaOf(client: PGlite) {
  const rows = async (sql: string) => (await client.query(sql)).rows;
  return {
    columns:
      await rows(`select table_schema, table_name, column_name, data_type, udt_name, is_nullable, column_default
      from information_schema.columns where table_schema in ('public', 'drizzle')
      order by table_schema, table_name, column_name`),
    constraints: await rows(`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
      order by rel, conname`),
    indexes: await rows(`select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname in ('public', 'drizzle') order by schemaname, indexname`),
    types: await rows(`select t.typname, array_agg(e.enumlabel order by e.enumsortorder) as labels
      from pg_type t join pg_enum e on e.enumtypid = t.oid group by t.typname order by t.typname`),
    sequences: await rows(
      `select sequence_schema, sequence_name from information_schema.sequences order by 1, 2`,
    ),
    functions: await rows(`select proname, pg_get_functiondef(oid) as def from pg_proc
      where pronamespace = 'public'::regnamespace order by proname`),
    migrations: await rows('select hash, created_at from drizzle.__drizzle_migrations order by id'),
  };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the empty database template (issue 24)',
  { timeout: 180_000 },
  () => {
    it('opens with every migration applied and the schema of a database migrated from scratch', async () => {
      const template = path.join(folder, 'empty-database');
      await makeEmptyDatabaseTemplate(migrationsDir, template);

      const dataDir = path.join(folder, 'pglite');
      expect(copyEmptyDatabaseTemplate(dataDir, template)).toBe(true);
      const fromTemplate = new PGlite({ dataDir });
      const scratch = new PGlite();
      try {
        await migrate(drizzle(scratch), { migrationsFolder: migrationsDir });
        const before = await schemaOf(fromTemplate);
        expect(before.migrations).toHaveLength(journal.entries.length);
        // One database, the app's: no template databases to copy at every first start.
        expect((await fromTemplate.query('select datname from pg_database')).rows).toEqual([
          { datname: 'postgres' },
        ]);
        // The migrator finds nothing left to apply.
        await migrate(drizzle(fromTemplate), { migrationsFolder: migrationsDir });
        const after = await schemaOf(fromTemplate);
        expect(after).toEqual(before);
        expect(after).toEqual(await schemaOf(scratch));
        await fromTemplate.query(
          `insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 1)`,
        );
      } finally {
        await Promise.all([fromTemplate.close(), scratch.close()]);
      }

      // The copy is an ordinary database on disk: it opens again as it was left, without the template.
      const reopened = new PGlite({ dataDir });
      try {
        expect(
          (await reopened.query(`select 1 from drizzle.__drizzle_migrations where hash = 'x'`)).rows,
        ).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    });

    it('is absent when running from sources, which then create the database as before', () => {
      const dataDir = path.join(folder, 'nothing-copied');
      expect(copyEmptyDatabaseTemplate(dataDir)).toBe(false);
      expect(copyEmptyDatabaseTemplate(dataDir, path.join(folder, 'missing'))).toBe(false);
      expect(existsSync(dataDir)).toBe(false);
    });
  },
);
