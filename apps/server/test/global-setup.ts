/**
 * Once per run, before any test file: a migrated empty database that every test app then starts as a copy
 * of. Running initdb (PGlite) or every migration (PostgreSQL) per app took most of each app's start, and
 * the suites start about a hundred apps. The migrations still run, here, on each database kind.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testConfig } from '../src/config';
import { makeEmptyDatabaseTemplate } from '../src/db/template';
import { scratchDir } from './scratch';

export type DatabaseTemplate = { kind: 'pglite'; dir: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** One statement on its own connection: creating and dropping databases. */
export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { migrationsDir } = testConfig();
  const databaseUrl = project.config.env?.DATABASE_URL;
  if (databaseUrl) {
    const name = `meridian_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: migrationsDir });
    } finally {
      await pool.end();
    }
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(scratchDir(), 'meridian-template-'));
  await makeEmptyDatabaseTemplate(migrationsDir, dir);
  project.provide('databaseTemplate', { kind: 'pglite', dir });
  return async () => rmSync(dir, { recursive: true, force: true });
}
