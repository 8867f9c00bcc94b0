/**
 * memory: the server's resident set size with 5,000 websocket clients (subscribed to DAY_MARKET, in a
 * child process) and 100,000 open positions with stop-loss and take-profit in the engine, against the
 * same platform just started. The embedded database is on disk in a temporary DATA_DIR, as `npm start`
 * keeps it (BENCH_MEMORY_DB=memory keeps it in the process's memory instead, as the tests do). Target:
 * issue 24's budget of 700 MB, as a ratio to this run's baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WS_PATH } from '@meridian/contract';
import { orders } from '../apps/server/src/trading/schema';
import {
  fullGc,
  keepQuoteFresh,
  log,
  main,
  nextMessage,
  row,
  rssMb,
  SYMBOL,
  sleep,
  startBenchPlatform,
  startChild,
  traders,
} from './lib';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 100_000);
const HOLDERS = 1000;
const IN_MEMORY = process.env.BENCH_MEMORY_DB === 'memory';
/** The budget of issue 24, in MB: the server with the load above. */
const BUDGET_MB = 700;
const mb = (bytes: number) => Math.round(bytes / 1048576);

/**
 * RSS after two full collections half a second apart (what the first frees, the heap gives back only at the
 * next), read as the median of five readings a second apart: V8 hands the freed pages back on background
 * threads after a collection, and read at once the RSS still counted 20 to 50 MB of them.
 */
async function settledRss(): Promise<number> {
  fullGc();
  await sleep(500);
  fullGc();
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    await sleep(1000);
    readings.push(rssMb());
  }
  return readings.sort((a, b) => a - b)[2]!;
}

main(async () => {
  // 5,000 clients from one address: the per-address ceiling is raised as an operator would for a load test.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-memory-'));
  const platform = await startBenchPlatform(
    IN_MEMORY ? { wsMaxPerIp: CLIENTS + 100 } : { wsMaxPerIp: CLIENTS + 100, memoryDb: false, dataDir },
  );
  const stop = keepQuoteFresh(platform);
  let child: ReturnType<typeof startChild> | undefined;
  try {
    await sleep(2000);
    const idle = await settledRss();
    const instrument = platform.market.instrumentByCode(SYMBOL)!;
    const price = Number(platform.market.quote(instrument.id)!.price);
    const accounts = await traders(platform, HOLDERS);
    const db = platform.database.db;
    for (let n = 0; n < POSITIONS; n += 1000) {
      const rows = await db
        .insert(orders)
        .values(
          Array.from({ length: Math.min(1000, POSITIONS - n) }, (_, k) => ({
            userId: accounts[(n + k) % HOLDERS]!.id,
            instrumentId: instrument.id,
            showCode: instrument.showCode,
            side: 1,
            status: 1,
            lots: instrument.minLots,
            contractSize: instrument.contractSize,
            leverage: instrument.leverages[0]!,
            originPrice: price.toFixed(2),
            price: price.toFixed(2),
            stopLoss: (price * 0.5).toFixed(2),
            takeProfit: (price * 1.5).toFixed(2),
            margin: '10',
            fee: '0',
            spreadRate: instrument.spreadRate,
            quoteCurrency: instrument.quoteCurrency,
            feeRate: instrument.feeRate,
            feeType: 1,
            filledAt: new Date(),
          })),
        )
        .returning();
      for (const order of rows) platform.engine.apply(order);
    }
    log(`${POSITIONS} positions, ${platform.engine.index.size} triggers`);
    child = startChild('ws-clients.js', {
      url: `${platform.url.replace('http', 'ws')}${WS_PATH}`,
      count: CLIENTS,
      topics: [['DAY_MARKET']],
    });
    await nextMessage(child, 'ready');
    await sleep(2000);
    const loaded = await settledRss();
    const { heapUsed, heapTotal, external } = process.memoryUsage();
    log('RSS MB', { idle, loaded, heapUsed: mb(heapUsed), heapTotal: mb(heapTotal), external: mb(external) });
    return [
      row(
        'memory',
        loaded,
        'MB RSS',
        idle,
        Number((BUDGET_MB / idle).toFixed(2)),
        false,
        `${CLIENTS} websocket clients and ${POSITIONS.toLocaleString('en')} open positions vs the platform just started ` +
          `(embedded database ${IN_MEMORY ? 'in memory' : 'on disk'}); budget ${BUDGET_MB} MB; ` +
          `JS heap ${mb(heapUsed)} of ${mb(heapTotal)} MB, external ${mb(external)} MB`,
      ),
    ];
  } finally {
    stop();
    if (child?.connected) {
      child.send({ type: 'close' });
      await new Promise((r) => child!.once('exit', r));
    }
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
