import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { api } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Exit, runReconcile } from '../../src/admin/reconcile-cli';
import { testConfig } from '../../src/config';
import { silentFeed } from '../../src/feed/feed';
import { type Platform, startPlatform } from '../../src/platform';
import { type Desk, desk, type Trader } from '../desk';
import { startTestApp, type TestApp } from '../harness';
import { scratchDir } from '../scratch';
import { emptyDatabase, queryOnce } from './databases';

/** The runbook's logical backup (docs/operations.md "Backups"), on a database with trading history. */
describe.skipIf(!process.env.DATABASE_URL)('a logical backup restored into a new database (issue 49)', () => {
  let t: TestApp;
  let d: Desk;
  let folder: string;
  let restored: Awaited<ReturnType<typeof emptyDatabase>>;
  let node: Platform | undefined;
  const traders: Trader[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    d = desk(t);
    folder = mkdtempSync(path.join(scratchDir(), 'meridian-backup-'));
    restored = await emptyDatabase('meridian_restored');
  });
  afterAll(async () => {
    await node?.close();
    await t?.close();
    await restored?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Each account's balances and ledger rows, as the database at `url` holds them. */
  const accounts = (url: string) =>
    queryOnce(
      url,
      `select u.id, u.balance::text, u.lock_balance::text, count(l.id)::int as rows
         from users u left join ledger_entries l on l.user_id = u.id group by u.id order by u.id`,
    );

  it('pg_dump of a running node, pg_restore into a new database, the reconcile report clean', async () => {
    // Deposits, a closed winner and a closed loser, a cancelled pending order, a paid and a rejected withdrawal.
    const a = await d.trader('5000');
    const b = await d.trader('3000');
    traders.push(a, b);
    d.tick('XAUUSD', '2000.00');
    d.tick('BTCUSD', '90000.00');
    const gold = await d.submit(a.token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    const btc = await d.submit(b.token, { type: 1, cont: '0.01', forex_id: d.id('BTCUSD'), multiple: 10 });
    const pending = await d.submit(a.token, {
      type: 1,
      status: 0,
      target_price: '1900.00',
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
    });
    expect([gold.code, btc.code, pending.code]).toEqual([1, 1, 1]);
    d.tick('XAUUSD', '2015.00');
    d.tick('BTCUSD', '89000.00');
    expect((await d.close(a.token, gold.data.Id)).code).toBe(1);
    expect((await d.close(b.token, btc.data.Id)).code).toBe(1);
    expect((await d.cancel(a.token, pending.data.Id)).code).toBe(1);
    expect((await d.withdraw(a.token, '100')).code).toBe(1);
    expect((await d.withdraw(b.token, '50')).code).toBe(1);
    const [paid, rejected] = await queryOnce<{ id: number }>(
      t.config.databaseUrl!,
      'select id from withdrawals where user_id = any($1) order by user_id',
      [[a.id, b.id]],
    );
    await d.payWithdrawal(paid!.id);
    await d.rejectWithdrawal(rejected!.id);
    await d.settled();

    // Online: pg_dump reads one consistent snapshot while the node keeps serving.
    const dump = path.join(folder, 'meridian.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, `--dbname=${t.config.databaseUrl}`]);
    execFileSync('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${restored.url}`,
      dump,
    ]);

    expect(await accounts(restored.url)).toEqual(await accounts(t.config.databaseUrl!));
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`ERR ${l}`) };
    const report = await runReconcile({ ...testConfig(), databaseUrl: restored.url, memoryDb: false }, out);
    expect(lines.join('\n')).toContain('No differences');
    expect(report).toBe(Exit.ok);
  });

  it('a node starts on the restored database and a trader reads the account as it was', async () => {
    const [a] = traders;
    const before = (await t.call('GET', api.forexDetail.path, { token: a!.token })).body.data;
    // The same SECRET_KEY as the backed-up deployment: it unseals the secrets the database keeps.
    node = await startPlatform(
      testConfig({ databaseUrl: restored.url, memoryDb: false, secretKey: t.config.secretKey }),
      { feed: silentFeed },
    );
    // The trader's session is in the backup too: the same token signs in on the restored node.
    const res = await node.http.inject({
      method: 'GET',
      url: api.forexDetail.path,
      headers: { authorization: a!.token, lang: 'en' },
    });
    expect(res.json()).toMatchObject({ code: 1, data: before });
    expect(Number(before.balance)).toBeGreaterThan(4900);
  });
});
