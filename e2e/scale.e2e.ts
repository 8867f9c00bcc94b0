import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { throwawaySecrets } from '../apps/server/src/config';
import { startFakeFeed } from '../apps/server/test/fake-feed';
import { type RunningServer, startServer } from './harness';

/** Two nodes on one PostgreSQL and one Redis, prices from a local fake feed that only the leader uses. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
    redis.disconnect();
  }
}

const available = await reachable();
if (!available)
  console.warn('scale tests skipped: no PostgreSQL at TEST_DATABASE_URL or Redis at 127.0.0.1:6379');

let databaseUrl = '';
let dbName = '';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
const nodes: RunningServer[] = [];
/** One set for every node of the run: they seal and read the same secrets. */
const secrets = throwawaySecrets();

async function node(): Promise<RunningServer> {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    ...secrets,
    OUTBOX_ONLY: 'true',
    // The database is new: whichever node starts first migrates it.
    MIGRATE_ON_START: 'true',
    FEED: 'external',
    FEED_URL: feed.url,
  });
  nodes.push(server);
  return server;
}

/** A websocket client that collects messages and can wait for one that matches. */
async function client(server: RunningServer) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/v1/ws`);
  const seen: any[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    if (text !== 'pong') seen.push(JSON.parse(text));
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return {
    ws,
    send: (message: object) => ws.send(JSON.stringify(message)),
    async waitFor(match: (m: any) => boolean, timeoutMs = 10_000): Promise<any> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching message; saw ${JSON.stringify(seen.slice(-5))}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    clear: () => seen.splice(0),
  };
}

async function api(server: RunningServer, path: string, token?: string) {
  const res = await fetch(server.url + path, { headers: token ? { authorization: token } : {} });
  return (await res.json()) as { code: number; msg: string; data: any };
}

let price = 96000;
/** Sends the next BTCUSD price (crypto is open every day) stamped now. */
/** A provider quote (v2) with its bid and ask at `value`: the quote's Close is the price the scene names. */
function tick(value = price) {
  price = value;
  const at = value.toFixed(2);
  feed.send({ type: 'quote', symbol: 'BTCUSD', bid: at, ask: at, time: Date.now(), volume: 1 });
}

async function ledgerBalanced(): Promise<boolean> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(`
    select u.id from users u
    left join (select user_id, sum(amount) as total from ledger_entries where account = 'balance' group by user_id) l
      on l.user_id = u.id
    where u.balance <> coalesce(l.total, 0)`);
  await db.end();
  return rows.length === 0;
}

describe.skipIf(!available)('two nodes on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    feed = await startFakeFeed();
    dbName = `meridian_scale_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }, 60_000);

  afterAll(async () => {
    for (const server of nodes) await server.stop().catch(() => {});
    await feed?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it('delivers the leader’s quotes to a client on the other node, triggers an order placed there, and survives the leader’s death', async () => {
    // A retried run's first try may have left nodes up, one of them on the feed: this try starts with none.
    for (const left of nodes.splice(0)) await left.stop();
    const before = feed.subscriptions.length;
    const a = await node();
    await feed.subscribed(before + 1);
    const b = await node();
    // Only the leader connects to the feed.
    expect(feed.subscriptions).toHaveLength(before + 1);

    const watcher = await client(b);
    watcher.send({ type: 'sub', params: 'DAY_MARKET' });
    await watcher.waitFor((m) => m.type === 'sub');
    tick(96000);
    await watcher.waitFor(
      (m) => m.type === 'DAY_MARKET' && m.symbol === 'BTCUSD' && m.quotation.close === '96000.00',
    );

    // A demo trader on node B buys with a take profit; the engine on node A closes it.
    const demo = await api(
      b,
      `/api/user/createAccountDemoForU?demo_id=scale-${randomBytes(16).toString('hex')}`,
    );
    const token = demo.data.token;
    watcher.send({ type: 'login', params: token });
    await watcher.waitFor((m) => m.type === 'login_result' && m.code === 1);
    const btc = (await api(b, '/v1/api/forex/trade_list')).data.find((i: any) => i.Code === 'BTCUSD');
    tick(96010);
    await watcher.waitFor((m) => m.type === 'DAY_MARKET' && m.quotation.close === '96010.00');
    const placed = await api(
      b,
      `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&multiple=10&status=1&stop_loss_price=0&target_profit_price=96500`,
      token,
    );
    expect(placed).toMatchObject({ code: 1 });
    await new Promise((r) => setTimeout(r, 300));
    tick(96600);
    const closed = await watcher.waitFor((m) => m.type === 'FOREX_CLOSED');
    expect(closed.quotation).toEqual([placed.data.Id]);

    // The leader dies; B takes over within 5 s: it connects to the feed and quotes flow again.
    const killedAt = Date.now();
    await a.crash();
    await feed.subscribed(before + 2);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    watcher.clear();
    tick(96700);
    await watcher.waitFor((m) => m.type === 'DAY_MARKET' && m.quotation.close === '96700.00');
    expect(await ledgerBalanced()).toBe(true);
  }, 120_000);

  it('two nodes closing the same order at once close it once', async () => {
    const c = await node();
    const b = nodes[1]!;
    const demo = await api(
      c,
      `/api/user/createAccountDemoForU?demo_id=race-${randomBytes(16).toString('hex')}`,
    );
    const token = demo.data.token;
    const btc = (await api(c, '/v1/api/forex/trade_list')).data.find((i: any) => i.Code === 'BTCUSD');
    tick(96800);
    await new Promise((r) => setTimeout(r, 300));
    const placed = await api(
      c,
      `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&multiple=10&status=1`,
      token,
    );
    expect(placed.code).toBe(1);
    const [first, second] = await Promise.all([
      api(b, `/v1/api/forex/close?id=${placed.data.Id}`, token),
      api(c, `/v1/api/forex/close?id=${placed.data.Id}`, token),
    ]);
    expect([first.code, second.code].sort()).toEqual([0, 1]);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(
      `select count(*)::int as n from ledger_entries where ref_id = $1 and type = 'trade_settle'`,
      [placed.data.Id],
    );
    await db.end();
    expect(rows[0].n).toBe(1);
    expect(await ledgerBalanced()).toBe(true);
  }, 120_000);
});
