import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Exit, reconcileConfig, runReconcile } from '../src/admin/reconcile-cli';
import { type Config, testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { lockFileOf } from '../src/db/lock';
import { users } from '../src/db/schema';
import { trader } from './admin-helpers';
import { startTestApp, type TestApp } from './harness';

/** Collects what the command prints. */
function capture() {
  const lines: string[] = [];
  return {
    out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) },
    text: () => lines.join('\n'),
  };
}

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-reconcile-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The embedded set-up on a folder of its own, as `npm start` and `npm run reconcile` see it. */
const embedded = (dataDir: string): Config => ({
  ...testConfig(),
  databaseUrl: undefined,
  memoryDb: false,
  dataDir,
});

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'npm run reconcile on the embedded database',
  { timeout: 90_000 },
  () => {
    it('says there is nothing to reconcile on an empty DATA_DIR, exits 0 and creates nothing', async () => {
      const dir = tempDir();
      const { out, text } = capture();
      expect(await runReconcile(embedded(dir), out)).toBe(Exit.ok);
      expect(text()).toContain('nothing to reconcile');
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
      const missing = path.join(dir, 'not-yet');
      expect(await runReconcile(embedded(missing), capture().out)).toBe(Exit.ok);
      expect(existsSync(missing)).toBe(false);
    });

    it('says so on a database that was created but never migrated', async () => {
      const dir = tempDir();
      const database = await openDatabase(embedded(dir));
      await database.db.execute('select 1');
      await database.close();
      const { out, text } = capture();
      expect(await runReconcile(embedded(dir), out)).toBe(Exit.ok);
      expect(text()).toMatch(/not migrated.*nothing to reconcile/);
    });

    it('refuses, exit 2, while a server holds the embedded database; runs once it stopped', async () => {
      const dir = tempDir();
      const server = await startTestApp({ memoryDb: false, dataDir: dir });
      const { out, text } = capture();
      expect(await runReconcile(embedded(dir), out)).toBe(Exit.failed);
      expect(text()).toContain('Cannot reconcile now');
      expect(text()).toContain(`pid ${process.pid}`);
      // A second server on the same folder is refused the same way.
      await expect(startTestApp({ memoryDb: false, dataDir: dir })).rejects.toThrow(
        /in use by another process/,
      );
      await server.close();
      expect(existsSync(lockFileOf(dir))).toBe(false);

      const after = capture();
      expect(await runReconcile(embedded(dir), after.out)).toBe(Exit.ok);
      expect(after.text()).toMatch(/Accounts checked: \d+/);
      expect(after.text()).toContain('No differences');
    });

    it('takes over a lock left by a process that no longer runs', async () => {
      const dir = tempDir();
      const database = await openDatabase(embedded(dir));
      await database.migrate();
      await database.close();
      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((r) => gone.once('exit', r));
      writeFileSync(lockFileOf(dir), JSON.stringify({ pid: gone.pid, owner: 'server', since: 'earlier' }));
      expect(await runReconcile(embedded(dir), capture().out)).toBe(Exit.ok);
      expect(existsSync(lockFileOf(dir))).toBe(false);
    });
  },
);

describe('npm run reconcile on the configured database', { timeout: 90_000 }, () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'lists a planted difference in the embedded database, exit 1',
    async () => {
      const dir = tempDir();
      const database = await openDatabase(embedded(dir));
      await database.migrate();
      const [row] = await database.db
        .insert(users)
        .values({ uid: 'u-cli1', loginType: 'email', email: 'cli1@example.com', inviteCode: 'ICLI1' })
        .returning();
      await database.db.update(users).set({ balance: '7.5' }).where(eq(users.id, row!.id));
      await database.close();
      const { out, text } = capture();
      expect(await runReconcile(embedded(dir), out)).toBe(Exit.differences);
      expect(text()).toContain('Differences: 1');
      expect(text()).toContain(`${row!.id}\tu-cli1\tbalance\t7.5\t0\t7.5`);
    },
  );

  describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('reads it while the server runs on it, and lists a planted difference', async () => {
      const clean = capture();
      expect(await runReconcile(t.config, clean.out)).toBe(Exit.ok);
      expect(clean.text()).toContain('Reconciling PostgreSQL');
      const who = await trader(t, 'cli2');
      await t.database.db.update(users).set({ balance: '7.5' }).where(eq(users.id, who.id));
      const { out, text } = capture();
      expect(await runReconcile(t.config, out)).toBe(Exit.differences);
      expect(text()).toContain(`${who.id}\tu-cli2\tbalance\t7.5\t0\t7.5`);
      await t.database.db.update(users).set({ balance: '0' }).where(eq(users.id, who.id));
    });
  });

  it('needs only DATABASE_URL (no OPERATOR_PASSWORD: the report seeds nothing)', () => {
    const config = reconcileConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:1/none' });
    expect(config.databaseUrl).toBe('postgres://u@127.0.0.1:1/none');
  });

  it('says why when the database cannot be reached, exit 2', async () => {
    const { out, text } = capture();
    const unreachable = {
      ...testConfig(),
      memoryDb: false,
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
    };
    expect(await runReconcile(unreachable, out)).toBe(Exit.failed);
    expect(text()).toContain('Reconcile failed on PostgreSQL (DATABASE_URL)');
  });
});
