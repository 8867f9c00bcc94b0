import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config';
import { onConnection } from '../../src/db/prepared';
import { type Desk, desk } from '../desk';
import { manualClock, startTestNode, type TestApp, throwawayDatabase } from '../harness';

const skip = !process.env.DATABASE_URL;
let t: TestApp;
let dropDatabase = async () => {};
const warnings: string[] = [];
const logTo = {
  write(line: string) {
    const { level, msg } = JSON.parse(line) as { level: number; msg: string };
    if (level >= 40) warnings.push(msg);
  },
};

beforeAll(async () => {
  if (skip) return;
  const { config, drop } = await throwawayDatabase(testConfig({ logLevel: 'warn' }));
  dropDatabase = drop;
  t = await startTestNode(config, { clock: manualClock(), logTo });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await dropDatabase();
});

/** What an operator (or a failover) does to the node's database: ends every other session on it. */
async function endEveryConnection(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

/** What this node's /metrics says of `name`. */
async function metric(name: string): Promise<number> {
  const { body } = await t.http.inject({ method: 'GET', url: '/metrics' });
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(body)?.[1]);
}

describe.skipIf(skip)('PostgreSQL ending the connections of a node (issue 49)', () => {
  it('the node lives on: the connection in use fails its work, the pool opens others, the node leads again and trades', async () => {
    const d: Desk = desk(t);
    const trader = await d.trader('10000');
    // A connection taken from the pool and held between two statements when PostgreSQL ends it.
    const held = onConnection(t.database.db, async (conn) => {
      await conn.execute('select 1');
      expect(await endEveryConnection(t.config.databaseUrl!)).toBeGreaterThan(0);
      await expect.poll(() => warnings.some((w) => w.startsWith('database connection lost'))).toBe(true);
      await conn.execute('select 1');
    });
    await expect(held).rejects.toThrow();

    await expect.poll(() => metric('meridian_leader'), { timeout: 15_000, interval: 200 }).toBe(1);
    // Ready again once its pool has dropped the connections PostgreSQL ended (each found on its next use).
    await expect
      .poll(async () => (await t.http.inject({ method: 'GET', url: '/readyz' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    d.tick('BTCUSD', '96000.00');
    const buy = await d.submit(trader.token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('BTCUSD'),
      multiple: 10,
    });
    expect(buy).toMatchObject({ code: 1 });
    expect(await d.close(trader.token, buy.data.Id)).toMatchObject({ code: 1 });
    await d.expectBalanced(trader.id);
  }, 60_000);
});
