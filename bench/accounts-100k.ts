/**
 * accounts-100k: 100,000 accounts holding 200,000 positions over 30 instruments (two each, no SL or TP) on
 * PostgreSQL. µs per BTCUSD tick that triggers nothing, with them followed by the engine, against the same
 * tick with none; the node's RSS with them loaded.
 *
 * push-online-only: with the same accounts and 1,000 of BTCUSD's holders signed in on a socket, BTCUSD ticks
 * at 4 a second for a while: account pushes (FOREX_TRADE) per second against what the 1,000 need (one per
 * tick each). The accounts are inserted as rows (balances without ledger rows): only the engine's load is
 * measured here, not the money.
 */
import { sql } from 'drizzle-orm';
import { Channel, type PresenceEvent, type UserEvent, userChannelOf } from '../apps/server/src/bus/channels';
import {
  fullGc,
  keepQuoteFresh,
  log,
  main,
  microsPerCall,
  postgresAnswers,
  type Row,
  row,
  rssMb,
  SECONDS,
  SYMBOL,
  sleep,
  startBenchPlatform,
  throwawayDatabase,
  wanderingTicks,
} from './lib';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const INSTRUMENTS = 30;
const WATCHING = 1_000;
/** Ticks a second in the push run: a sweep's pace (SWEEP_MS 250). */
const TICKS_PER_SECOND = 4;
/** The node the watching traders' sockets are on. */
const SOCKETS = 'bench-sockets';

main(async (): Promise<Row[]> => {
  if (!(await postgresAnswers())) {
    log('accounts-100k: no PostgreSQL on 127.0.0.1:5432, skipped');
    return [];
  }
  const database = await throwawayDatabase();
  const platform = await startBenchPlatform({ databaseUrl: database.url });
  const stopFresh = keepQuoteFresh(platform);
  try {
    const db = platform.database.db;
    const engine = platform.engine!;
    const tick = wanderingTicks(platform);
    microsPerCall(tick, 1000); // warm-up
    const none = microsPerCall(tick, SECONDS * 1000);

    // Two positions per account, on two of the first 30 instruments, buys and sells, at each reference price.
    const started = performance.now();
    await db.execute(sql`
      insert into users (uid, login_type, email, invite_code, balance)
      select 'h' || g, 'email', 'h' || g || '@example.com', 'h' || g, 100000
      from generate_series(1, ${ACCOUNTS}) g`);
    await db.execute(sql`
      insert into orders (user_id, instrument_id, show_code, side, status, lots, contract_size, leverage,
        origin_price, price, margin, fee, spread_rate, quote_currency, fee_rate, fee_type, filled_at)
      select u.id, i.id, i.show_code, 1 + ((u.id + k) % 2), 1, i.min_lots, i.contract_size, 100,
        i.reference_price, i.reference_price, round(i.min_lots * i.contract_size * i.reference_price / 100, 2),
        0, i.spread_rate, i.quote_currency, i.fee_rate, 1, now()
      from users u cross join generate_series(0, 1) k
      join (select row_number() over (order by sort, id) - 1 as n, * from instruments where enabled
        order by sort, id limit ${INSTRUMENTS}) i on i.n = (u.id * 2 + k) % ${INSTRUMENTS}
      where u.uid like 'h%'`);
    await engine.resync();
    const loadSeconds = (performance.now() - started) / 1000;
    const positions = (
      (await db.execute(sql`select count(*)::int as n from orders where status = 1`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    fullGc();
    const rss = rssMb();
    log(
      `${positions} positions of ${ACCOUNTS} accounts inserted and followed in ${loadSeconds.toFixed(1)} s, RSS ${rss.toFixed(0)} MB`,
    );

    microsPerCall(tick, 1000);
    const loaded = microsPerCall(tick, SECONDS * 1000);
    // A new leader's first sweep (every account it follows is due), then one after a BTCUSD tick.
    const timed = async () => {
      const started = performance.now();
      await engine.sweep();
      return performance.now() - started;
    };
    const takeoverMs = await timed();
    tick(0);
    const sweepMs = await timed();
    log('µs/tick', { none, loaded, takeoverMs, sweepMs });

    // 1,000 of BTCUSD's holders open the app.
    const btc = platform.market.instrumentByCode(SYMBOL)!.id;
    const holders = (
      (await db.execute(
        sql`select distinct user_id as id from orders where status = 1 and instrument_id = ${btc} limit ${WATCHING}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
    const allHolders = (
      (await db.execute(
        sql`select count(distinct user_id)::int as n from orders where status = 1 and instrument_id = ${btc}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    platform.bus.publish(Channel.presence, {
      node: SOCKETS,
      joined: holders,
      left: [],
    } satisfies PresenceEvent);
    // The wandering ticks keep BTCUSD fresh from here: a tick of its own each second would make its holders
    // due one more time than the ticks counted.
    stopFresh();
    await sleep(1000);
    let pushes = 0;
    // Every channel an account push may take: the one of all nodes, and the watching sockets' node's own.
    const offs = [Channel.user, userChannelOf(SOCKETS)].map((channel) =>
      platform.bus.subscribe(channel, (e) => {
        if ((e as UserEvent).message.type === 'FOREX_TRADE') pushes++;
      }),
    );
    let ticks = 0;
    const pushStarted = performance.now();
    const timer = setInterval(() => tick(ticks++), 1000 / TICKS_PER_SECOND);
    await sleep(SECONDS * 2000);
    clearInterval(timer);
    await engine.sweep();
    for (const off of offs) off();
    const pushSeconds = (performance.now() - pushStarted) / 1000;
    const perSecond = pushes / pushSeconds;
    const needed = (holders.length * ticks) / pushSeconds;
    log('pushes/s', { pushes, ticks, perSecond, needed, allHolders });

    return [
      row(
        'accounts-100k',
        loaded,
        'µs/tick',
        none,
        1.5,
        false,
        `${positions.toLocaleString('en')} positions of ${ACCOUNTS.toLocaleString('en')} accounts over ${INSTRUMENTS} instruments vs none; RSS ${rss.toFixed(0)} MB (≤ 1,536); followed in ${loadSeconds.toFixed(1)} s; a takeover's first sweep ${(takeoverMs / 1000).toFixed(1)} s, one of BTCUSD's ${allHolders.toLocaleString('en')} holders ${sweepMs.toFixed(0)} ms`,
      ),
      row(
        'push-online-only',
        perSecond,
        'pushes/s',
        needed,
        1.2,
        false,
        `${holders.length} of BTCUSD's ${allHolders.toLocaleString('en')} holders signed in, ${TICKS_PER_SECOND} ticks/s; one push per tick each is the need`,
      ),
    ];
  } finally {
    stopFresh();
    await platform.close();
    await database.drop();
  }
});
