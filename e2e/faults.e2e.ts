import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { WS_PING_INTERVAL_MS } from '@meridian/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { throwawaySecrets } from '../apps/server/src/config';
import { startFakeFeed } from '../apps/server/test/fake-feed';
import { type RunningServer, startServer } from './harness';

/** Faults on the production set-up (PostgreSQL): a crash mid-stream, a database restart, a reconnect storm. */
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
if (!available) console.warn('fault tests skipped: no PostgreSQL at TEST_DATABASE_URL');
const canRestartPostgres = available && process.getuid?.() === 0 && existsSync('/usr/bin/pg_ctlcluster');

let databaseUrl = '';
let dbName = '';
let feed: Awaited<ReturnType<typeof startFakeFeed>>;
let feedTimer: ReturnType<typeof setInterval>;
const started: RunningServer[] = [];
/** One set for every node of the run: they seal and read the same secrets. */
const secrets = throwawaySecrets();

async function node(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    ...secrets,
    OUTBOX_ONLY: 'true',
    // The database is new: whichever node starts first migrates it.
    MIGRATE_ON_START: 'true',
    FEED: 'external',
    FEED_URL: feed.url,
    ...env,
  });
  started.push(server);
  return server;
}

async function query<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

async function get(server: RunningServer, path: string, token?: string) {
  const res = await fetch(server.url + path, { headers: token ? { authorization: token } : {} });
  return (await res.json()) as { code: number; msg: string; data: any };
}

describe.skipIf(!available)('faults', () => {
  beforeAll(async () => {
    feed = await startFakeFeed();
    // A fresh BTCUSD price every 200 ms keeps quotes from going stale whatever happens to the server.
    let price = 96000;
    feedTimer = setInterval(() => {
      price += Math.random() < 0.5 ? -5 : 5;
      feed.send({ type: 'tick', symbol: 'BTCUSD', price: price.toFixed(2), time: Date.now(), volume: 1 });
    }, 200);
    dbName = `meridian_faults_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }, 60_000);

  afterAll(async () => {
    clearInterval(feedTimer);
    for (const server of started) await server.stop().catch(() => {});
    await feed?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it('loses no acknowledged order and doubles none when the server is killed mid-stream', async () => {
    const first = await node();
    const demo = await get(
      first,
      `/api/user/createAccountDemoForU?demo_id=fault-${randomBytes(16).toString('hex')}`,
    );
    const { token } = demo.data;
    const btc = (await get(first, '/v1/api/forex/trade_list')).data.find((i: any) => i.Code === 'BTCUSD');
    await new Promise((r) => setTimeout(r, 500));

    const acknowledged = new Map<string, number>();
    // This try's own ids: a retry's database still holds its first try's orders.
    const tryId = randomBytes(4).toString('hex');
    let sent = 0;
    let stop = false;
    const stream = async () => {
      while (!stop) {
        const clientId = `${tryId}-${sent++}`;
        try {
          const res = await get(
            first,
            `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&multiple=10&status=1&client_order_id=${clientId}`,
            token,
          );
          if (res.code === 1) acknowledged.set(clientId, res.data.Id);
        } catch {
          // The connection died with the server: this order was never acknowledged.
        }
      }
    };
    const streams = [stream(), stream(), stream()];
    await new Promise((r) => setTimeout(r, 1500));
    await first.crash();
    stop = true;
    await Promise.all(streams);
    expect(acknowledged.size).toBeGreaterThan(5);

    const second = await node();
    expect((await get(second, '/v1/api/forex/trade_list')).code).toBe(1);
    const rows = await query<{ client_order_id: string; id: number }>(
      'select client_order_id, id from orders where client_order_id like $1',
      [`${tryId}-%`],
    );
    const byClient = new Map(rows.map((r) => [r.client_order_id, r.id]));
    for (const [clientId, id] of acknowledged) expect(byClient.get(clientId)).toBe(id);
    expect(new Set(rows.map((r) => r.client_order_id)).size).toBe(rows.length);
    const unbalanced = await query(`
      select u.id from users u
      left join (select user_id, sum(amount) as total from ledger_entries where account = 'balance' group by user_id) l
        on l.user_id = u.id
      where u.balance <> coalesce(l.total, 0)`);
    expect(unbalanced).toEqual([]);
    await second.stop();
  }, 120_000);

  it('keeps serving 5,000 websocket clients through a reconnect storm', async () => {
    const server = await node({ WS_MAX_PER_IP: '20000' });
    const url = `${server.url.replace('http', 'ws')}/v1/ws`;
    const COUNT = 5000;
    const typeOf = (data: WebSocket.RawData) => {
      const text = data.toString();
      return text === 'pong' ? text : JSON.parse(text).type;
    };
    let sockets: WebSocket[] = [];
    // Every client pings as the app does, so a slow storm is not mistaken for idle clients.
    const pinger = setInterval(() => {
      for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('ping');
    }, WS_PING_INTERVAL_MS);
    const connectAll = async () => {
      sockets = [];
      const subscribed: Promise<void>[] = [];
      for (let i = 0; i < COUNT; i++) {
        const ws = new WebSocket(url);
        sockets.push(ws);
        subscribed.push(
          new Promise<void>((resolve, reject) => {
            ws.once('error', reject);
            // A client the server drops before it subscribed would otherwise wait for ever.
            ws.once('close', (code) => reject(new Error(`client ${i} closed (${code}) before subscribing`)));
            ws.once('open', () => ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' })));
            ws.on('message', (data) => {
              if (typeOf(data) === 'sub') resolve();
            });
          }),
        );
      }
      await Promise.all(subscribed);
      return sockets;
    };
    try {
      const firstWave = await connectAll();
      // Every client drops at once and comes straight back.
      for (const ws of firstWave) ws.terminate();
      const secondWave = await connectAll();
      await Promise.all(
        secondWave.slice(0, 50).map(
          (ws, i) =>
            new Promise<void>((resolve, reject) => {
              ws.once('close', (code) => reject(new Error(`client ${i} closed (${code}) before a quote`)));
              ws.on('message', (data) => {
                if (typeOf(data) === 'DAY_MARKET') resolve();
              });
            }),
        ),
      );
      expect((await get(server, '/v1/api/forex/trade_list')).code).toBe(1);
    } finally {
      clearInterval(pinger);
      for (const ws of sockets) ws.terminate();
      await server.stop();
    }
  }, 180_000);

  it.skipIf(!canRestartPostgres)(
    'recovers from a PostgreSQL restart under load without being restarted',
    async () => {
      const server = await node();
      const demo = await get(
        server,
        `/api/user/createAccountDemoForU?demo_id=pgr-${randomBytes(16).toString('hex')}`,
      );
      const { token } = demo.data;
      const btc = (await get(server, '/v1/api/forex/trade_list')).data.find((i: any) => i.Code === 'BTCUSD');
      let stop = false;
      const load = (async () => {
        while (!stop) {
          await get(server, '/v1/api/forex/trade_list').catch(() => {});
          await get(server, '/v1/api/main/wallet/getBalance', token).catch(() => {});
        }
      })();
      const cluster = existsSync('/etc/postgresql')
        ? execFileSync('ls', ['/etc/postgresql']).toString().trim().split('\n')[0]!
        : '15';
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart'], {
        stdio: 'ignore',
      });
      // Once PostgreSQL is back, the same server process serves and trades again.
      const deadline = Date.now() + 30_000;
      let placed = { code: 0 } as { code: number };
      while (Date.now() < deadline) {
        placed = await get(
          server,
          `/v1/api/forex/submit?type=1&cont=0.01&forex_id=${btc.Id}&multiple=10&status=1&client_order_id=after-restart`,
          token,
        ).catch(() => ({ code: 0 }) as { code: number });
        if (placed.code === 1) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      stop = true;
      await load;
      expect(placed.code).toBe(1);
      await server.stop();
    },
    120_000,
  );
});
