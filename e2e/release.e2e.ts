import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawaySecrets } from '../apps/server/src/config';
import { freePort } from './local';

/**
 * The release as the Dockerfile makes it, without Docker: `scripts/release.mjs` lays out the built output and the
 * manifests in a folder of its own, `npm ci --omit=dev -w @meridian/server` installs the production dependencies
 * there, and its node starts on PostgreSQL in production mode. Needs `npm run build` first, and the npm registry
 * (or npm's cache) for the install.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const available = await reachable();
if (!available) console.warn('release tests skipped: no PostgreSQL at TEST_DATABASE_URL');

/**
 * Module hooks for the node under test: every module it resolves through `import` (the bundle's dependencies,
 * PGlite's among them were it loaded) is written to a file, one URL a line.
 */
const RESOLVE_HOOKS = `
import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + '\\n');
  return resolved;
}`;
const REGISTER = `
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url, { data: { log: process.env.RESOLVED_LOG } });`;

let release = '';
let hooks = '';
let databaseUrl = '';
let dbName = '';
const secrets = throwawaySecrets();
const children: ChildProcess[] = [];

/** A process of the release (`script` under apps/server/dist) in production mode on the test's database. */
function run(script: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', path.join(hooks, 'register.mjs'), script], {
    cwd: release,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      ...secrets,
      OUTBOX_ONLY: 'true',
      PASSWORD_LOG_N: '14',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(hooks, 'data'),
      RESOLVED_LOG: path.join(hooks, 'resolved.log'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

describe.skipIf(!available)('the release: production dependencies only, on PostgreSQL (issue 49)', () => {
  beforeAll(async () => {
    release = mkdtempSync(path.join(tmpdir(), 'meridian-release-'));
    hooks = mkdtempSync(path.join(tmpdir(), 'meridian-release-hooks-'));
    writeFileSync(path.join(hooks, 'hooks.mjs'), RESOLVE_HOOKS);
    writeFileSync(path.join(hooks, 'register.mjs'), REGISTER);
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/release.mjs'), release], { stdio: 'inherit' });
    // As the Dockerfile's runtime stage; --prefer-offline takes what npm's cache already holds.
    execFileSync(
      'npm',
      ['ci', '--omit=dev', '-w', '@meridian/server', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: release, stdio: 'ignore' },
    );
    dbName = `meridian_release_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }, 600_000);

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (dbName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    for (const dir of [release, hooks]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('holds the built apps and the production dependencies, no source and no build tool', () => {
    for (const built of [
      'apps/server/dist/main.js',
      'apps/web/dist/index.html',
      'apps/admin/dist/index.html',
    ])
      expect(existsSync(path.join(release, built)), built).toBe(true);
    expect(existsSync(path.join(release, 'apps/server/src'))).toBe(false);
    for (const tool of ['esbuild', 'vite', 'vitest', 'typescript', 'drizzle-kit', '@biomejs/biome'])
      expect(existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);
    for (const needed of ['fastify', 'pg', 'drizzle-orm'])
      expect(existsSync(path.join(release, 'node_modules', needed)), needed).toBe(true);
  });

  it('a node refuses the database before it is migrated, and says to run npm run migrate', async () => {
    const node = run('apps/server/dist/main.js', { PORT: String(await freePort()), HOST: '127.0.0.1' });
    expect(await node.exited).toBe(1);
    expect(node.output()).toContain("The database's schema is older than this release");
    expect(node.output()).toContain('npm run migrate');
  }, 60_000);

  it('its migrator applies every migration and says which; run again, it finds nothing to do', async () => {
    const first = run('apps/server/dist/migrate.js');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/^Applying (\d+) of \1 migrations: 0000_init, /m);
    const second = run('apps/server/dist/migrate.js');
    expect(await second.exited).toBe(0);
    expect(second.output()).toMatch(
      /^Nothing to apply: the database has all \d+ migrations of this release$/m,
    );
  }, 60_000);

  it('its node starts on PostgreSQL, /readyz answers 200, it serves the apps and the API, and no module of PGlite is loaded', async () => {
    const log = path.join(hooks, 'resolved.log');
    rmSync(log, { force: true });
    const port = await freePort();
    const node = run('apps/server/dist/main.js', { PORT: String(port), HOST: '127.0.0.1' });
    const readyz = async () => {
      if (node.child.exitCode !== null) throw new Error(`the node exited:\n${node.output()}`);
      return fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
    };
    await expect.poll(readyz, { timeout: 120_000, interval: 250 }).toBe(200);
    const answer = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
    expect(answer.checks.database.ok).toBe(true);
    expect(answer.checks.migrations.ok).toBe(true);
    // It serves the web app, the back office, the API and its reference from the release alone.
    const base = `http://127.0.0.1:${port}`;
    for (const page of ['/', '/admin/', '/api/docs']) {
      const res = await fetch(base + page);
      expect([page, res.status, res.headers.get('content-type')]).toEqual([
        page,
        200,
        'text/html; charset=utf-8',
      ]);
    }
    expect((await (await fetch(`${base}/v1/api/forex/trade_list`)).json()).code).toBe(1);
    const resolved = readFileSync(log, 'utf8').trim().split('\n');
    // The log is complete: the PostgreSQL driver the node runs on came from the release's own packages.
    expect(resolved.some((url) => url.startsWith(`file://${release}/node_modules/pg/`))).toBe(true);
    // PGlite is installed there (a production dependency, for the embedded mode), and was not loaded.
    expect(existsSync(path.join(release, 'node_modules/@electric-sql/pglite'))).toBe(true);
    expect(resolved.filter((url) => /pglite/i.test(url))).toEqual([]);
    node.child.kill('SIGTERM');
    expect(await node.exited).toBe(0);
  }, 180_000);
});
