/**
 * gap-10k-stops and gap-10k-fills: one gap crossing 10,000 stop losses (2,500 accounts holding four BTCUSD
 * buys each), then another crossing 10,000 buy limits (four per account), on PostgreSQL, settled by the
 * engine: orders settled per second, from the gap's tick until every one is done, against the bare order
 * transaction (bareOrderTransaction) run four at a time, as the engine's lanes. Each must be settled exactly
 * once: one close and one trade_settle ledger row per position; one fill and one trade_margin row (the
 * margin worked out again at the gap's price) per buy limit.
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

type Platform = Awaited<ReturnType<typeof startBenchPlatform>>;

/**
 * Places one real order (`query`) for the first account, copies it PER_ACCOUNT times to every account, with
 * `stopLoss` when given, and has the engine follow them: its id.
 */
async function copiedToEveryAccount(
  platform: Platform,
  accounts: { id: number; token: string }[],
  query: Record<string, string>,
  stopLoss: string | null = null,
): Promise<number> {
  const submit = await fetch(`${platform.url}/v1/api/forex/submit?${new URLSearchParams(query)}`, {
    headers: { authorization: accounts[0]!.token },
  });
  const placed = (await submit.json()) as { code: number; data: { Id: number } };
  if (placed.code !== 1) throw new Error(`order refused: ${JSON.stringify(placed)}`);
  await copyPosition(platform.database.db, {
    orderId: placed.data.Id,
    userIds: accounts.map((a) => a.id),
    times: PER_ACCOUNT,
    stopLoss,
  });
  await platform.engine!.resync();
  return placed.data.Id;
}

/**
 * The gap: SYMBOL quoted at `price`, confirmed by the next quote (the spike filter holds a lone jump), and
 * kept fresh there in place of `fresh`, which is stopped; the seconds until the engine has settled what it
 * crossed, and the stop of the new keeping.
 */
async function gapTo(platform: Platform, price: string, fresh: () => void) {
  fresh();
  const started = performance.now();
  for (let i = 0; i < 2; i++)
    platform.market.pushTick({ symbol: SYMBOL, price, time: Date.now(), volume: 1 });
  const keeping = keepQuoteFresh(platform);
  await platform.engine!.idle();
  return { seconds: (performance.now() - started) / 1000, fresh: keeping };
}

main(async (): Promise<Row[]> => {
  if (!(await postgresAnswers())) {
    log('gap-10k-stops: no PostgreSQL on 127.0.0.1:5432, skipped');
    return [];
  }
  const database = await throwawayDatabase();
  const platform = await startBenchPlatform({ databaseUrl: database.url });
  let fresh = keepQuoteFresh(platform);
  try {
    const db = platform.database.db;
    const instrument = platform.market.instrumentByCode(SYMBOL)!;
    const accounts = await traders(platform, ACCOUNTS);
    const orders = ACCOUNTS * PER_ACCOUNT;
    const buy = { type: '1', cont: instrument.minLots, forex_id: String(instrument.id) };
    const multiple = String(instrument.leverages[0]);
    const at = (price: number) => price.toFixed(instrument.pricePrecision);

    // Baseline: the bare order transaction, as many at a time as the engine's lanes.
    const bareAccounts = accounts.slice(0, 100);
    const bare = (i: number) =>
      bareOrderTransaction(db, bareAccounts[i % bareAccounts.length]!.id, instrument);
    await closedLoop(bare, { ms: 1000, concurrency: LANES });
    const baseline = await closedLoop(bare, { ms: SECONDS * 1000, concurrency: LANES });

    // Stops: every account's four buys stopped 5 % down; the gap goes 10 % down.
    const price = Number(platform.market.quote(instrument.id)!.price);
    const stop = at(price * 0.95);
    await copiedToEveryAccount(platform, accounts, { ...buy, multiple, status: '1' }, stop);
    log(`${orders} stop losses at ${stop}, the price at ${price}`);
    const stopsGap = await gapTo(platform, at(price * 0.9), fresh);
    fresh = stopsGap.fresh;
    const closed = await count(
      db,
      sql`select count(*)::int as n from orders where stop_loss = ${stop} and status = 3 and close_reason = 'stop_loss'`,
    );
    const settled = await count(
      db,
      sql`select count(*)::int as n from (select ref_id from ledger_entries l join orders o on o.id = l.ref_id
        where l.type = 'trade_settle' and o.stop_loss = ${stop} group by ref_id having count(*) = 1) once`,
    );
    log('stops/s', { perSecond: orders / stopsGap.seconds, seconds: stopsGap.seconds, closed, settled });
    if (closed !== orders || settled !== orders)
      throw new Error(`${closed} closed and ${settled} settled once of ${orders} stops`);

    // Fills: every account's four buy limits 5 % below the price; the next gap goes 10 % down.
    const low = Number(platform.market.quote(instrument.id)!.price);
    const target = at(low * 0.95);
    const limit = await copiedToEveryAccount(platform, accounts, {
      ...buy,
      multiple,
      status: '0',
      target_price: target,
    });
    log(`${orders} buy limits at ${target}, the price at ${low}`);
    const fillsGap = await gapTo(platform, at(low * 0.9), fresh);
    fresh = fillsGap.fresh;
    const copies = sql`o.pending_kind is not null and o.id <> ${limit}`;
    const filled = await count(
      db,
      sql`select count(*)::int as n from orders o where ${copies} and o.status = 1 and o.filled_at is not null`,
    );
    const moved = await count(
      db,
      sql`select count(*)::int as n from (select ref_id from ledger_entries l join orders o on o.id = l.ref_id
        where l.type = 'trade_margin' and ${copies} group by ref_id having count(*) = 1) once`,
    );
    log('fills/s', { perSecond: orders / fillsGap.seconds, seconds: fillsGap.seconds, filled, moved });
    if (filled !== orders || moved !== orders)
      throw new Error(`${filled} filled and ${moved} with one margin row of ${orders} buy limits`);

    const over = `over ${ACCOUNTS.toLocaleString('en')} accounts`;
    const against = `PostgreSQL; baseline: the bare order transaction ${LANES} at a time`;
    return [
      row(
        'gap-10k-stops',
        orders / stopsGap.seconds,
        'stops/s',
        baseline.perSecond,
        0.5,
        true,
        `${orders.toLocaleString('en')} stops ${over} settled once each in ${stopsGap.seconds.toFixed(1)} s, ${against}`,
      ),
      row(
        'gap-10k-fills',
        orders / fillsGap.seconds,
        'fills/s',
        baseline.perSecond,
        0.5,
        true,
        `${orders.toLocaleString('en')} buy limits ${over} filled once each in ${fillsGap.seconds.toFixed(1)} s, ${against}`,
      ),
    ];
  } finally {
    fresh();
    await platform.close();
    await database.drop();
  }
});
