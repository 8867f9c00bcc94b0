// `node scripts/release.mjs <folder>`: lays out a release after `npm run build`: the built server, web app and back
// office, the migrations, and the package manifests, no source. `npm ci --omit=dev -w @meridian/server` in that
// folder then installs what it runs with (the Dockerfile does exactly this; e2e/release.e2e.ts too).
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The manifests npm needs to install the server's dependencies from the lockfile (every workspace's). */
const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'packages/core/package.json',
  'packages/contract/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'apps/admin/package.json',
];

/** What runs: the bundles (workspace packages inside them), the migrations they apply, the apps they serve. */
const BUILT = ['apps/server/dist', 'apps/server/drizzle', 'apps/web/dist', 'apps/admin/dist'];

/**
 * The embedded database's template (db/template.ts): a release runs on PostgreSQL (NODE_ENV=production refuses
 * the embedded database), and the template is most of dist/'s size.
 */
const leftOut = new Set(['apps/server/dist/empty-database', 'apps/server/dist/empty-database.key']);

const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/release.mjs <folder>');
  process.exit(2);
}
const missing = BUILT.filter((entry) => !existsSync(path.join(ROOT, entry)));
if (missing.length > 0) {
  console.error(`release: ${missing.join(', ')} missing: run \`npm run build\` first`);
  process.exit(1);
}
for (const entry of [...MANIFESTS, ...BUILT]) {
  const to = path.join(target, entry);
  mkdirSync(path.dirname(to), { recursive: true });
  cpSync(path.join(ROOT, entry), to, {
    recursive: true,
    filter: (from) => !leftOut.has(path.relative(ROOT, from)),
  });
}
