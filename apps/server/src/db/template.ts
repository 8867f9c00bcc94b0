/**
 * The empty database template (issue 24): PGlite's initdb takes most of a first start on an empty DATA_DIR,
 * so the build migrates a fresh database once and ships its data directory as a tarball next to dist/main.js;
 * a new embedded database starts from that copy, and the migrator then finds nothing left to apply.
 */
import { existsSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/** The template's file name in apps/server/dist (a build product, never committed). */
export const TEMPLATE_FILE = 'empty-database.tar.gz';

/**
 * Beside the bundle that runs (dist/main.js, dist/reconcile.js); from sources (tests) it names a file that is
 * never there, so they keep running initdb and never depend on what a build left in dist/.
 */
const bundledTemplate = new URL(`./${TEMPLATE_FILE}`, import.meta.url);

/** A fresh database with every migration in `migrationsDir` applied, as a gzipped tarball of its data directory. */
export async function makeEmptyDatabaseTemplate(migrationsDir: string): Promise<Blob> {
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/** The build's template for PGlite's loadDataDir, or undefined when there is none (running from sources). */
export function emptyDatabaseTemplate(file: string | URL = bundledTemplate): Blob | undefined {
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
