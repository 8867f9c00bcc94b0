/**
 * The empty database template (issue 24): PGlite's initdb takes most of a first start on an empty DATA_DIR,
 * so the build migrates a fresh database once, on disk next to dist/main.js; a new embedded database starts
 * as a copy of that folder, and the migrator then finds nothing left to apply. A folder rather than PGlite's
 * loadDataDir tarball: unpacking it in the process (1,238 files sliced out of 43 MB) left some 50 MB of freed
 * buffers in the C heap that glibc does not give back, and a first start idled 90 MB above a restart.
 */
import { copyFileSync, cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The template's folder name in apps/server/dist (a build product, never committed). */
export const TEMPLATE_DIR = 'empty-database';

/** The file whose presence tells a data directory holds a database (embeddedDatabaseExists): copied last. */
const VERSION_FILE = 'PG_VERSION';

/**
 * Beside the bundle that runs (dist/main.js, dist/reconcile.js); from sources it names a folder that is never
 * there: the tests copy the template their run makes (test/global-setup.ts), never what a build left in dist/.
 */
const bundledTemplate = fileURLToPath(new URL(`./${TEMPLATE_DIR}`, import.meta.url));

/** Makes `dir` a fresh database, closed, with every migration in `migrationsDir` applied. */
export async function makeEmptyDatabaseTemplate(migrationsDir: string, dir: string): Promise<void> {
  // Loaded here, not with the module: a node copies templates through this module and may run on PostgreSQL.
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  rmSync(dir, { recursive: true, force: true });
  const client = new PGlite({ dataDir: dir });
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    // The app's one database is `postgres`: the cluster's template0 and template1 serve CREATE DATABASE only,
    // and were half the files a first start copies (1,211 → 611), each file a cost on a slow disk.
    for (const name of ['template0', 'template1']) {
      await client.query(`alter database ${name} is_template false`);
      await client.query(`drop database ${name}`);
    }
  } finally {
    await client.close();
  }
}

/**
 * Copies the build's template into `dataDir` (the kernel copies the files: nothing passes through the
 * process's memory); false when there is none (running from sources). PG_VERSION goes last, so a copy
 * cut short is not taken for a database at the next start.
 */
export function copyEmptyDatabaseTemplate(dataDir: string, template = bundledTemplate): boolean {
  const version = path.join(template, VERSION_FILE);
  if (!existsSync(version)) return false;
  cpSync(template, dataDir, { recursive: true, filter: (from) => from !== version });
  copyFileSync(version, path.join(dataDir, VERSION_FILE));
  return true;
}
