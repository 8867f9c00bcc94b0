// Records the SQL statements the previous release sends on its main paths, for the test that replays them on the
// newest schema (apps/server/test/operations/previous-release-on-the-new-schema.test.ts; docs/operations.md
// "Upgrades"). The previous release is checked out from git into a scratch folder (this checkout is not touched),
// runs apps/server/test/operations/previous-release-scenario.ts as a test of its own on PostgreSQL, and the
// statements land in apps/server/test/operations/previous-release-queries.json.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node scripts/capture-previous-release-queries.mjs [commit]
// `commit` is the previous release: by default f0cf062^, the commit before the newest schema change (0014).
import { execFileSync, execSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const commit = process.argv[2] ?? 'f0cf062^';
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.error('TEST_DATABASE_URL must name a PostgreSQL database the run may create databases beside');
  process.exit(2);
}
const SCENARIO = 'apps/server/test/operations/previous-release-scenario';
const FIXTURE = path.join(ROOT, 'apps/server/test/operations/previous-release-queries.json');

const previous = mkdtempSync(path.join(tmpdir(), 'meridian-previous-'));
try {
  execSync(`git archive ${commit} | tar -x -C ${previous}`, { cwd: ROOT, stdio: 'inherit' });
  // This checkout's installed packages, but the previous release's own workspace packages (its contract, its core).
  const modules = path.join(previous, 'node_modules');
  mkdirSync(path.join(modules, '@meridian'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry !== '@meridian') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, dir] of [
    ['core', 'packages/core'],
    ['contract', 'packages/contract'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
    ['admin', 'apps/admin'],
  ]) {
    symlinkSync(path.join(previous, dir), path.join(modules, '@meridian', name));
  }
  cpSync(path.join(ROOT, `${SCENARIO}.ts`), path.join(previous, `${SCENARIO}.test.ts`));
  execFileSync(
    process.execPath,
    [path.join(modules, 'vitest/vitest.mjs'), 'run', '--project', 'pg', `${SCENARIO}.test.ts`],
    { cwd: previous, stdio: 'inherit', env: { ...process.env, CAPTURE_FILE: FIXTURE } },
  );
  console.log(
    `${path.relative(ROOT, FIXTURE)}: the statements of ${commit} (${execSync(`git rev-parse ${commit}`, { cwd: ROOT }).toString().trim()})`,
  );
} finally {
  rmSync(previous, { recursive: true, force: true });
}
