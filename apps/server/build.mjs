// Bundles the server (dist/main.js), the reconcile report (dist/reconcile.js) and the migrator (dist/migrate.js) with the workspace packages they import; npm dependencies stay external.
// Then makes dist/empty-database/ (db/template.ts), which new embedded databases start from instead of initdb.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@meridian/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    reconcile: 'src/reconcile.ts',
    migrate: 'src/migrate.ts',
    'empty-database': 'src/db/template.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The template is remade only when the migrations, the code making it or PGlite changed: making it runs initdb,
// seconds long.
const migrationsDir = new URL('./drizzle/', import.meta.url);
const key = createHash('sha256');
for (const dir of [migrationsDir, new URL('meta/', migrationsDir)]) {
  for (const name of readdirSync(dir)
    .filter((n) => /\.(sql|json)$/.test(n))
    .sort()) {
    key.update(name).update(readFileSync(new URL(name, dir)));
  }
}
const { TEMPLATE_DIR, makeEmptyDatabaseTemplate } = await import('./dist/empty-database.js');
key.update(readFileSync(new URL('./src/db/template.ts', import.meta.url)));
key.update(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))));
const digest = key.digest('hex');
const template = new URL(`./dist/${TEMPLATE_DIR}`, import.meta.url);
const stamp = new URL(`./dist/${TEMPLATE_DIR}.key`, import.meta.url);
if (!existsSync(template) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== digest) {
  rmSync(stamp, { force: true });
  await makeEmptyDatabaseTemplate(fileURLToPath(migrationsDir), fileURLToPath(template));
  writeFileSync(stamp, digest);
}
