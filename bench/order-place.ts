/**
 * order-place: market orders per second over HTTP (GET /v1/api/forex/submit, one session per simulated
 * trader) with p50/p99, against the bare transaction an order needs (lock the account row, insert the
 * order, update the balance, insert the ledger row) run straight on the same database. Embedded PGlite,
 * and PostgreSQL when one answers on 127.0.0.1:5432 (a throwaway database, dropped after).
 *
 * order-place (2 nodes), when PostgreSQL and Redis answer: orders/s with the connections split over two
 * nodes (server processes on one database and one Redis) against all of them on one node of the same
 * cluster, in alternating phases.
 */
import { api } from '@meridian/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import {
  type BenchPlatform,
  bareOrderTransaction,
  closedLoop,
  clusterAvailable,
  httpRate,
  keepQuoteFresh,
  type LoadResult,
  load,
  log,
  main,
  PHASES,
  postgresAnswers,
  type Row,
  rate,
  row,
  SECONDS,
  SYMBOL,
  startBenchPlatform,
  startCluster,
  throwawayDatabase,
  traders,
  worst,
} from './lib';

/** Simulated traders, one session each; every order stays open, so each trader's holdings grow by one. */
const TRADERS = 300;
const CONNECTIONS = 8;

/** The URL of a market order for the smallest lots of an instrument, on the server at `base`. */
function orderUrl(base: string, instrument: { id: number; minLots: string; leverage: number }): string {
  const query = new URLSearchParams({
    type: '1',
    cont: instrument.minLots,
    forex_id: String(instrument.id),
    multiple: String(instrument.leverage),
    status: '1',
  });
  return `${base}${api.submitOrder.path}?${query}`;
}

async function ordersNow(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from orders`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/**
 * HTTP orders for `seconds`, the connections split over `urls` (one load process each); every answered
 * request must have placed its order. Rates add up; the latencies are the worst of the servers'.
 */
async function placeOrders(
  db: Db,
  urls: string[],
  headers: Record<string, string>[],
  seconds: number,
): Promise<LoadResult> {
  const before = await ordersNow(db);
  const results = await Promise.all(
    urls.map((url) => load({ url, seconds, connections: CONNECTIONS / urls.length, headers })),
  );
  const placed = (await ordersNow(db)) - before;
  const total = results.reduce((n, r) => n + r.total, 0);
  const result: LoadResult = {
    perSecond: results.reduce((n, r) => n + r.perSecond, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    total,
    clientCpu: results.reduce((n, r) => n + r.clientCpu * r.total, 0) / total,
  };
  if (result.non2xx || result.errors) throw new Error(`orders failed: ${JSON.stringify(result)}`);
  // A refusal is an HTTP 200 with another code: every answered request must have placed its order.
  if (placed < result.total) throw new Error(`${result.total - placed} of ${result.total} orders refused`);
  return result;
}

async function measure(platform: BenchPlatform, label: string): Promise<Row[]> {
  const stop = keepQuoteFresh(platform);
  try {
    const instrument = platform.market.instrumentByCode(SYMBOL)!;
    const accounts = await traders(platform, TRADERS);
    // The baseline's own accounts: its rows must not become holdings the HTTP orders' funds checks read.
    const bareAccounts = await traders(platform, 100);
    const url = orderUrl(platform.url, { ...instrument, leverage: instrument.leverages[0]! });
    const first = (await (await fetch(url, { headers: { authorization: accounts[0]!.token } })).json()) as {
      code: number;
    };
    if (first.code !== 1) throw new Error(`order refused: ${JSON.stringify(first)}`);

    const db = platform.database.db;
    // Baseline: the order's bare transaction, as many at a time as the HTTP run has connections.
    const bareTransaction = (i: number) =>
      bareOrderTransaction(db, bareAccounts[i % bareAccounts.length]!.id, instrument);
    const headers = accounts.map((a) => ({ authorization: a.token }));
    const httpOrders = (seconds: number) => placeOrders(db, [url], headers, seconds);

    await httpOrders(1); // warm-up
    await closedLoop(bareTransaction, { ms: 1000, concurrency: CONNECTIONS });
    const bare: { perSecond: number; count: number; p50: number; p99: number }[] = [];
    const http: LoadResult[] = [];
    for (let i = 0; i < PHASES; i++) {
      bare.push(await closedLoop(bareTransaction, { ms: SECONDS * 1000, concurrency: CONNECTIONS }));
      http.push(await httpOrders(SECONDS));
    }
    log(label, 'bare transaction', bare);
    log(label, 'HTTP orders', http);
    const p99 = worst(http.map((r) => r.p99));
    const bareP99 = worst(bare.map((r) => r.p99));
    return [
      row(
        `order-place (${label})`,
        httpRate(http),
        'orders/s',
        rate(bare),
        0.6,
        true,
        `${CONNECTIONS} connections, ${TRADERS} traders; p50 ${worst(http.map((r) => r.p50))} ms, ` +
          `p99 ${p99} ms; bare transaction p50 ${worst(bare.map((r) => r.p50)).toFixed(1)} ms, ` +
          `p99 ${bareP99.toFixed(1)} ms (worst phase)`,
      ),
      // Issue 24: an order's p99 within 1.5 times the bare transaction's, in the same run.
      row(`order-place p99 (${label})`, p99, 'ms', bareP99, 1.5, false, 'worst phase of each'),
    ];
  } finally {
    stop();
  }
}

/** One node against two of a cluster on PostgreSQL and Redis, the same traders and connections. */
async function twoNodes(): Promise<Row> {
  const cluster = await startCluster(2);
  try {
    const db = cluster.database.db;
    const accounts = await traders(cluster, TRADERS);
    const headers = accounts.map((a) => ({ authorization: a.token }));
    const [a, b] = cluster.nodes.map((n) => orderUrl(n.url, cluster.instrument)) as [string, string];
    await placeOrders(db, [a, b], headers, 1); // warm-up
    const one: LoadResult[] = [];
    const two: LoadResult[] = [];
    for (let i = 0; i < PHASES; i++) {
      one.push(await placeOrders(db, [a], headers, SECONDS));
      two.push(await placeOrders(db, [a, b], headers, SECONDS));
    }
    log('cluster, one node', one);
    log('cluster, two nodes', two);
    return row(
      'order-place (2 nodes)',
      httpRate(two),
      'orders/s',
      httpRate(one),
      null,
      true,
      `${CONNECTIONS} connections split over 2 nodes (PostgreSQL, Redis) vs all on one node of the same ` +
        `cluster; p50 ${worst(two.map((r) => r.p50))} ms, p99 ${worst(two.map((r) => r.p99))} ms; one node ` +
        `p50 ${worst(one.map((r) => r.p50))} ms, p99 ${worst(one.map((r) => r.p99))} ms (worst phase)`,
    );
  } finally {
    await cluster.close();
  }
}

main(async () => {
  const rows: Row[] = [];
  const embedded = await startBenchPlatform();
  try {
    rows.push(...(await measure(embedded, 'embedded')));
  } finally {
    await embedded.close();
  }
  if (await postgresAnswers()) {
    const database = await throwawayDatabase();
    try {
      const platform = await startBenchPlatform({ databaseUrl: database.url });
      try {
        rows.push(...(await measure(platform, 'PostgreSQL')));
      } finally {
        await platform.close();
      }
    } finally {
      await database.drop();
    }
  } else {
    log('no PostgreSQL at 127.0.0.1:5432: the PostgreSQL row is skipped');
  }
  if (await clusterAvailable()) rows.push(await twoNodes());
  else log('no PostgreSQL and Redis on 127.0.0.1: the 2-node row is skipped');
  return rows;
});
