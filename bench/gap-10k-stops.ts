/**
 * gap-10k-stops: one gap crossing 10,000 stop losses (2,500 accounts holding four BTCUSD buys each) on
 * PostgreSQL, settled by the engine: stops settled per second, from the gap's tick until every one is closed,
 * against the bare order transaction (bareOrderTransaction) run four at a time, as the engine's lanes. Each
 * stop must be settled exactly once: one close and one trade_settle ledger row per position.
 */
import { sql } from 'drizzle-orm';
import { copyPosition } from '../apps/server/test/positions';
import {
  bareOrderTransaction,
  closedLoop,
  keepQuoteFresh,
  log,
  main,
  postgresAnswers,
  type Row,
  row,
  SECONDS,
  SYMBOL,
  startBenchPlatform,
  throwawayDatabase,
  traders,
} from './lib';

const ACCOUNTS = Number(process.env.BENCH_GAP_ACCOUNTS ?? 2_500);
const PER_ACCOUNT = 4;
/** As many as the engine's executions run at once (trading/engine.ts EXECUTION_LANES). */
const LANES = 4;

async function count(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  query: ReturnType<typeof sql>,
) {
  const result = (await db.execute(query)) as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

main(async (): Promise<Row[]> => {
  if (!(await postgresAnswers())) {
    log('gap-10k-stops: no PostgreSQL on 127.0.0.1:5432, skipped');
    return [];
  }
  const database = await throwawayDatabase();
  const platform = await startBenchPlatform({ databaseUrl: database.url });
  const stopFresh = keepQuoteFresh(platform);
  try {
    const db = platform.database.db;
    const instrument = platform.market.instrumentByCode(SYMBOL)!;
    const accounts = await traders(platform, ACCOUNTS);
    const price = Number(platform.market.quote(instrument.id)!.price);
    const stop = (price * 0.95).toFixed(instrument.pricePrecision);

    // One real order, then its row copied to every account's four positions with the stop set.
    const submit = await fetch(
      `${platform.url}/v1/api/forex/submit?${new URLSearchParams({
        type: '1',
        cont: instrument.minLots,
        forex_id: String(instrument.id),
        multiple: String(instrument.leverages[0]),
        status: '1',
      })}`,
      { headers: { authorization: accounts[0]!.token } },
    );
    const placed = (await submit.json()) as { code: number; data: { Id: number } };
    if (placed.code !== 1) throw new Error(`order refused: ${JSON.stringify(placed)}`);
    await copyPosition(db, {
      orderId: placed.data.Id,
      userIds: accounts.map((a) => a.id),
      times: PER_ACCOUNT,
      stopLoss: stop,
    });
    await platform.engine!.resync();
    const stops = ACCOUNTS * PER_ACCOUNT;
    log(`${stops} stop losses at ${stop}, the price at ${price}`);

    // Baseline: the bare order transaction, as many at a time as the engine's lanes.
    const bareAccounts = accounts.slice(0, 100);
    const bare = (i: number) =>
      bareOrderTransaction(db, bareAccounts[i % bareAccounts.length]!.id, instrument);
    await closedLoop(bare, { ms: 1000, concurrency: LANES });
    const baseline = await closedLoop(bare, { ms: SECONDS * 1000, concurrency: LANES });

    // The gap: a quote 10 % down, confirmed by the next (the spike filter holds a lone jump).
    const gap = (price * 0.9).toFixed(instrument.pricePrecision);
    const started = performance.now();
    for (let i = 0; i < 2; i++)
      platform.market.pushTick({ symbol: SYMBOL, price: gap, time: Date.now(), volume: 1 });
    await platform.engine!.idle();
    const seconds = (performance.now() - started) / 1000;
    const perSecond = stops / seconds;

    const closed = await count(
      db,
      sql`select count(*)::int as n from orders where stop_loss = ${stop} and status = 3 and close_reason = 'stop_loss'`,
    );
    const settled = await count(
      db,
      sql`select count(*)::int as n from (select ref_id from ledger_entries l join orders o on o.id = l.ref_id
        where l.type = 'trade_settle' and o.stop_loss = ${stop} group by ref_id having count(*) = 1) once`,
    );
    log('stops/s', { perSecond, seconds, closed, settled, bare: baseline.perSecond });
    if (closed !== stops || settled !== stops)
      throw new Error(`${closed} closed and ${settled} settled once of ${stops} stops`);
    return [
      row(
        'gap-10k-stops',
        perSecond,
        'stops/s',
        baseline.perSecond,
        0.5,
        true,
        `${stops.toLocaleString('en')} stops over ${ACCOUNTS.toLocaleString('en')} accounts settled once each in ${seconds.toFixed(1)} s, PostgreSQL; baseline: the bare order transaction ${LANES} at a time`,
      ),
    ];
  } finally {
    stopFresh();
    await platform.close();
    await database.drop();
  }
});
