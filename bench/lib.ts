/**
 * Shared measuring helpers of `npm run bench` (scripts/bench.mjs bundles each bench/*.ts with esbuild and
 * runs it in a node process of its own). A benchmark prints its rows with `emit`; the runner collects them.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Config, testConfig, throwawaySecrets } from '../apps/server/src/config';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { silentFeed } from '../apps/server/src/feed/feed';
import { createSession, setSessionPolicy } from '../apps/server/src/http/sessions';
import { post } from '../apps/server/src/ledger/post';
import { seedMarket } from '../apps/server/src/market/seed';
import { type Platform, startPlatform } from '../apps/server/src/platform';
import { startFakeFeed } from '../apps/server/test/fake-feed';
import { freePort } from '../e2e/local';

/** One line of bench/results.json. */
export interface Row {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  /** value ÷ baseline. */
  ratio: number;
  /** The ratio to reach (≥ when higherIsBetter, else ≤); null for a row that only reports. */
  target: number | null;
  higherIsBetter: boolean;
  /** What else was seen (latencies, sizes), for the reader. */
  note?: string;
}

/** The repository: the folder above the bundle that holds bench/lib.ts (bundles run from bench/tmp/<run>). */
export const ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'bench/lib.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('repository root not found above the benchmark bundle');
    dir = parent;
  }
  return dir;
})();
/** The bundled benchmark files (bench/tmp), where a child entry such as ws-clients.js sits. */
export const BUNDLE_DIR = path.dirname(fileURLToPath(import.meta.url));
/** Seconds each measured run lasts (BENCH_SECONDS overrides). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export function row(
  name: string,
  value: number,
  unit: string,
  baseline: number,
  target: number | null,
  higherIsBetter: boolean,
  note?: string,
): Row {
  const round = (n: number) => Number(n.toPrecision(4));
  return {
    name,
    value: round(value),
    unit,
    baseline: round(baseline),
    ratio: baseline === 0 ? 0 : round(value / baseline),
    target,
    higherIsBetter,
    ...(note ? { note } : {}),
  };
}

/** Hands the rows to the runner (one marked line on stdout). */
export function emit(rows: Row[]): void {
  process.stdout.write(`\nBENCH_ROWS ${JSON.stringify(rows)}\n`);
}

/** Runs a benchmark's main, reports a failure and always exits (open handles must not keep it alive). */
export function main(run: () => Promise<Row[]>): void {
  run().then(
    (rows) => {
      emit(rows);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

export const log = (...parts: unknown[]) => console.error('  ·', ...parts);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Calls `fn` for `ms` milliseconds (at least `min` times) and returns the mean microseconds per call. */
export function microsPerCall(fn: (i: number) => void, ms: number, min = 1000): number {
  let calls = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(ms) * 1_000_000n;
  let now = start;
  while (calls < min || now < until) {
    for (let k = 0; k < 100; k++) fn(calls++);
    now = process.hrtime.bigint();
  }
  return Number(now - start) / 1000 / calls;
}

/** Runs `run` with `concurrency` loops for `ms` and returns operations per second and latency percentiles. */
export async function closedLoop(
  run: (i: number) => Promise<unknown>,
  { ms, concurrency }: { ms: number; concurrency: number },
): Promise<{ perSecond: number; p50: number; p99: number; count: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  const until = start + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await run(next++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: latencies.length,
  };
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** The load process's own CPU per answer, µs: what the client spends reading each. */
  clientCpu: number;
}

/** Measured phases per side, alternating baseline and measured: a neighbour's load falls on both alike. */
export const PHASES = 2;

/** The rate over runs of different lengths. */
export const rate = (runs: { perSecond: number; count: number }[]) =>
  runs.reduce((n, r) => n + r.count, 0) / runs.reduce((n, r) => n + r.count / r.perSecond, 0);
export const httpRate = (runs: LoadResult[]) =>
  rate(runs.map((r) => ({ perSecond: r.perSecond, count: r.total })));
export const worst = (values: number[]) => Math.max(...values);

/** What every load request sends, as a phone's browser sends it. */
export const LOAD_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * HTTP load from a separate process (bench/tmp/load.js, autocannon), so the server does not pay for
 * the client. `headers` rotate per request when several are given (one session per simulated trader).
 */
export function load(options: {
  url: string;
  seconds?: number;
  connections?: number;
  headers?: Record<string, string>[];
}): Promise<LoadResult> {
  const headers = (options.headers ?? [{}]).map((h) => ({ ...LOAD_HEADERS, ...h }));
  return runChild<LoadResult>('load.js', { seconds: SECONDS, connections: 16, ...options, headers });
}

/** Forks a bundled child with JSON input on argv and resolves with the JSON it sends over IPC. */
export function runChild<T>(file: string, input: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(BUNDLE_DIR, file), [JSON.stringify(input)], { stdio: 'inherit' });
    let result: T | undefined;
    child.on('message', (m) => {
      result = m as T;
    });
    child.on('exit', (code) =>
      result !== undefined ? resolve(result) : reject(new Error(`${file} exited with ${code}`)),
    );
  });
}

/** A forked child that stays up and talks over IPC (the websocket clients). */
export function startChild(file: string, input: unknown): ChildProcess {
  return fork(path.join(BUNDLE_DIR, file), [JSON.stringify(input)], {
    stdio: 'inherit',
    execArgv: ['--max-old-space-size=2048'],
  });
}

/** What ws-clients children saw since their last report, summed: the messages, the sampled latencies, the clients closed. */
export interface ClientsReport {
  received: number;
  latencies: number[];
  closed: number;
}

/** Asks each ws-clients child for its report (which resets its counts) and sums them. */
export async function clientsReport(children: ChildProcess[]): Promise<ClientsReport> {
  const reports = await Promise.all(
    children.map((child) => {
      child.send({ type: 'report' });
      return nextMessage<ClientsReport>(child, 'report');
    }),
  );
  return {
    received: reports.reduce((n, r) => n + r.received, 0),
    latencies: reports.flatMap((r) => r.latencies),
    closed: reports.reduce((n, r) => n + r.closed, 0),
  };
}

/** Tells children that exit on {type:'close'} to do so, and waits for them; one already gone is skipped. */
export async function closeChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      await new Promise((r) => child.once('exit', r));
    }),
  );
}

/** The child's next message of `type`; rejects when the child exits or `timeoutMs` passes first. */
export function nextMessage<T>(child: ChildProcess, type: string, timeoutMs = 120_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (m: { type: string } & T) => {
      if (m.type !== type) return;
      done();
      resolve(m);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`child exited with ${code} waiting for ${type}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no ${type} from the child within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Whether a local PostgreSQL answers (127.0.0.1:5432, user postgres, trust). */
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A throwaway database on the local PostgreSQL; `drop` removes it. */
export async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `meridian_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface BenchPlatform extends Platform {
  url: string;
  port: number;
}

/**
 * The whole platform (migrated, seeded, engine running) on a loopback port with a silent feed: the
 * benchmark pushes its own ticks. Embedded PGlite in memory unless `databaseUrl` is given.
 */
export async function startBenchPlatform(overrides: Partial<Config> = {}): Promise<BenchPlatform> {
  // As deployed: answers are checked against the contract in tests only (CHECK_ANSWERS defaults to false).
  // A bench database is new: the platform migrates it at start.
  const config = testConfig({
    webDist: path.join(ROOT, 'apps/web/dist'),
    checkAnswers: false,
    migrateOnStart: true,
    ...overrides,
  });
  if (overrides.databaseUrl) config.memoryDb = false;
  const platform = await startPlatform(config, { feed: silentFeed });
  await platform.http.listen({ host: '127.0.0.1', port: 0 });
  const { port } = platform.http.server.address() as { port: number };
  return { ...platform, port, url: `http://127.0.0.1:${port}` };
}

/** Crypto trades around the clock, so the benchmarks can use the real clock any day. */
export const SYMBOL = 'BTCUSD';

/**
 * Ticks of SYMBOL wandering ±50 around its quote now (i: the tick's number): they reach no resting level
 * 1,000 or more away.
 */
export function wanderingTicks(platform: Platform): (i: number) => void {
  const base = Number(platform.market.quote(platform.market.instrumentByCode(SYMBOL)!.id)!.price);
  return (i) => {
    const price = (base + ((i * 7919) % 100) - 50).toFixed(2);
    if (!platform.market.pushTick({ symbol: SYMBOL, price, time: Date.now(), volume: 1 })) {
      throw new Error('tick refused');
    }
  };
}

/**
 * Keeps SYMBOL's quote fresh (orders need a price younger than QUOTE_MAX_AGE) and still; returns the stop.
 * Each push sends the same provider price: sending back the quote's own price, its bid, lowered the quote
 * by the spread at every push since quotes have a bid and an ask (issue 47), and the engine then marked
 * every open position anew each second, work the benchmarks measuring orders or lists did not ask for.
 */
export function keepQuoteFresh(platform: Platform, symbol = SYMBOL): () => void {
  const id = platform.market.instrumentByCode(symbol)!.id;
  const price = platform.market.quote(id)!.price;
  const push = () => {
    platform.market.pushTick({ symbol, price, time: Date.now(), volume: 1 });
  };
  push();
  const timer = setInterval(push, 1000);
  return () => clearInterval(timer);
}

/** Real accounts funded through the ledger, each with a session token. */
export async function traders(
  platform: Pick<Platform, 'database'>,
  count: number,
  balance = '1000000000',
): Promise<{ id: number; token: string }[]> {
  const db = platform.database.db;
  const tag = randomBytes(4).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        uid: `b${tag}${i}`,
        loginType: 'email',
        email: `bench${tag}${i}@example.com`,
        inviteCode: `b${tag}${i}`,
      })),
    )
    .returning({ id: users.id });
  const out: { id: number; token: string }[] = [];
  for (const { id } of rows) {
    await db.transaction((tx) =>
      post(tx, { userId: id, account: 'balance', type: 'deposit', amount: balance }),
    );
    out.push({ id, token: await createSession(db, id) });
  }
  return out;
}

/**
 * The transaction an order needs at the least, straight on the database: lock the account row, insert the
 * order, update the balance, insert the ledger row. The baseline of the rows that settle orders.
 */
export function bareOrderTransaction(
  db: Platform['database']['db'],
  userId: number,
  instrument: { id: number; showCode: string; minLots: string },
): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select balance from users where id = ${userId} for update`);
    const inserted = await tx.execute(
      sql`insert into orders (user_id, instrument_id, show_code, side, status, lots, contract_size, leverage,
          origin_price, price, margin, fee, spread_rate, quote_currency, fee_rate, fee_type, filled_at)
        values (${userId}, ${instrument.id}, ${instrument.showCode}, 1, 1, ${instrument.minLots}, '1', 100,
          '1', '1', '1', '0', '0', 'USD', '0', 1, now()) returning id`,
    );
    const orderId = (inserted as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await tx.execute(sql`update users set balance = balance - 1 where id = ${userId} returning balance`);
    await tx.execute(
      sql`insert into ledger_entries (user_id, account, type, amount, balance_after, ref_type, ref_id)
        values (${userId}, 'balance', 'trade_margin', '-1', '0', 'order', ${orderId})`,
    );
  });
}

/** A full collection (node runs with --expose-gc). */
export function fullGc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** CPU time (user and system) process `pid` has used, in ms, from /proc (Linux's 100 clock ticks a second). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** This process's resident set size in MB. */
export function rssMb(): number {
  return process.memoryUsage().rss / 1024 / 1024;
}

/** The local Redis the multi-node benchmarks use (127.0.0.1:6379). */
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether PostgreSQL and Redis both answer, as a cluster of nodes needs. */
export async function clusterAvailable(): Promise<boolean> {
  const redis = new URL(REDIS_URL);
  const pong = await new Promise<boolean>((resolve) => {
    const socket = connect(Number(redis.port || 6379), redis.hostname);
    const end = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => end(false));
    socket.on('error', () => end(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => end(d.toString().startsWith('+PONG')));
  });
  return pong && (await postgresAnswers());
}

export interface BenchNode {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** One set for every node of the run: a cluster's nodes seal and read the same secrets. */
const NODE_SECRETS = throwawaySecrets();

/**
 * One node as deployed: `node apps/server/dist/main.js` in a process of its own (so two nodes can use two
 * cores), quiet logs, no demo traders unless `env` says otherwise. Resolves once it answers HTTP.
 */
export async function startNode(env: Record<string, string>): Promise<BenchNode> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-bench-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_TRADERS: 'off',
      ...NODE_SECRETS,
      OUTBOX_ONLY: 'true',
      // Each bench database is new: its first node migrates it.
      MIGRATE_ON_START: 'true',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/basicSet/getBasicInfo`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('node did not start within 90 s');
    await sleep(250);
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Cluster {
  /** The first is the leader (it runs the feed and the engine); the others follow. */
  nodes: BenchNode[];
  /** The cluster's database, opened in the benchmark's process too (accounts, counts). */
  database: Database;
  /** SYMBOL's row: its id, smallest lots and first leverage, as an order names them. */
  instrument: { id: number; minLots: string; leverage: number };
  /** Sends one tick (of SYMBOL unless `symbol` says) through the price feed the leader reads. */
  tick(price: string, time?: number, symbol?: string): void;
  close(): Promise<void>;
}

/** The price the cluster's feed quotes SYMBOL around. */
export const CLUSTER_PRICE = 96000;

/**
 * `count` nodes on one throwaway PostgreSQL database and the local Redis, with prices from a local feed
 * (the provider protocol of FEED=external) that the benchmark drives, SYMBOL kept fresh once a second.
 * `prepare` changes the migrated, seeded database before the first node starts (instruments' terms, say).
 */
export async function startCluster(
  count: number,
  env: Record<string, string> = {},
  prepare?: (db: Db) => Promise<void>,
): Promise<Cluster> {
  const database = await throwawayDatabase();
  const feed = await startFakeFeed();
  const nodes: BenchNode[] = [];
  let db: Database | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const close = async () => {
    clearInterval(timer);
    for (const node of nodes) await node.stop().catch(() => {});
    await db?.close().catch(() => {});
    await feed.close();
    await database.drop();
  };
  try {
    const config = testConfig({ databaseUrl: database.url });
    db = await openDatabase(config);
    if (prepare) {
      await db.migrate();
      await seedMarket(db.db);
      await prepare(db.db);
    }
    const nodeEnv = { DATABASE_URL: database.url, REDIS_URL, FEED: 'external', FEED_URL: feed.url, ...env };
    nodes.push(await startNode(nodeEnv));
    await feed.subscribed(1);
    for (let i = 1; i < count; i++) nodes.push(await startNode(nodeEnv));
    // The benchmark's own sessions (`traders`) live as long as the nodes' do.
    setSessionPolicy(db.db, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now: Date.now });
    const result = await db.db.execute(
      sql`select id, min_lots::text as "minLots", leverages->0 as leverage from instruments where code = ${SYMBOL}`,
    );
    const instrument = (result as unknown as { rows: Cluster['instrument'][] }).rows[0]!;
    const tick = (price: string, time = Date.now(), symbol = SYMBOL) =>
      feed.send({ type: 'tick', symbol, price, time, volume: 1 });
    tick(CLUSTER_PRICE.toFixed(2));
    timer = setInterval(() => tick(CLUSTER_PRICE.toFixed(2)), 1000);
    return { nodes, database: db, instrument, tick, close };
  } catch (err) {
    await close();
    throw err;
  }
}
