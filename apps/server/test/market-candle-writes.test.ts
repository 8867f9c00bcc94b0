import type { PGlite } from '@electric-sql/pglite';
import { type Candle, MAX_BARS } from '@meridian/contract';
import { dec } from '@meridian/core';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Bus, memoryBus } from '../src/bus/bus';
import type { Database, Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { silentFeed } from '../src/feed/feed';
import { candleOf, readBars } from '../src/market/candles';
import type { KlineView } from '../src/market/kline-cache';
import { createMarket, MARKET_TICK, type Market } from '../src/market/service';
import { startTestApp, TEST_START, type TestApp } from './harness';

/**
 * Several nodes share one database and one bus: the leader runs the feed and writes candles, the others
 * build the same bars from its ticks and write none (issue: N nodes wrote the same candles N times).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;
const SYMBOL = 'BTCUSD';
const running: Market[] = [];

// The nodes' flush timers run only when a test says so (by calling `flush`, as the timer would): a test
// can then stand between a tick and the leader's next write.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(async () => {
  for (const market of running.splice(0)) await market.stop();
  vi.useRealTimers();
});

/** A node's own connection to the shared database: every statement it sends is noted. */
async function viewOf(database: Database, statements: string[]): Promise<Db> {
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const view =
    database.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle(client as PGlite, { schema, logger })
      : (await import('drizzle-orm/node-postgres')).drizzle(client as pg.Pool, { schema, logger });
  return view as unknown as Db;
}

interface Node {
  market: Market;
  /** The statements it sent that write candles, so far. */
  candleWrites(): string[];
}

async function node(bus: Bus): Promise<Node> {
  const statements: string[] = [];
  const market = createMarket({
    db: await viewOf(t.database, statements),
    bus,
    config: t.config,
    now: t.clock.now,
    feed: silentFeed,
    log: t.log,
  });
  running.push(market);
  await market.start();
  return { market, candleWrites: () => statements.filter((s) => /insert into "?candles"?/i.test(s)) };
}

/** A leader and a follower on one bus; the instrument's whole history stored first (a chart read does it). */
async function twoNodes(bus: Bus = memoryBus(), followerBus: Bus = bus) {
  const leader = await node(bus);
  leader.market.lead();
  const follower = await node(followerBus);
  await follower.market.follow();
  const { id, pricePrecision } = leader.market.instrumentByCode(SYMBOL)!;
  await leader.market.klines(id, '1min', 1);
  await leader.market.flush();
  const base = dec(leader.market.lastPrice(id)!);
  /** The price `offset` dollars from where the test started. */
  const price = (offset: number) => base.plus(offset).toFixed(pricePrecision);
  /** A tick of the market `by` (the leader), at `time` by the clock and the provider. */
  const tick = (by: Market, offset: number, time: number) => {
    t.clock.set(time);
    const quote = price(offset);
    expect(by.pushTick({ symbol: SYMBOL, bid: quote, ask: quote, time, volume: 1 })).toBe(true);
  };
  const stored = async (count: number): Promise<Candle[]> =>
    (await readBars(t.database.db, id, pricePrecision, '1min', count)).map((b) =>
      candleOf(b, pricePrecision),
    );
  const chart = async (market: Market, limit = MAX_BARS) =>
    viewCandles(await market.klines(id, '1min', limit));
  /** A bar of ticks at these offsets, in order. */
  const bar = (time: number, ...offsets: number[]): Candle => ({
    Time: time / 1000,
    Open: price(offsets[0]!),
    High: price(Math.max(...offsets)),
    Low: price(Math.min(...offsets)),
    Close: price(offsets.at(-1)!),
    Volume: String(offsets.length),
  });
  return { leader, follower, tick, stored, chart, bar };
}

const viewCandles = (view: KlineView): Candle[] =>
  JSON.parse(`[${[view.closed.text, view.live].filter(Boolean).join(',')}]`);

describe('candles on several nodes', () => {
  it('are written by the leader only: a follower that took the same ticks sends no write', async () => {
    const { leader, follower, tick, stored, chart, bar } = await twoNodes();
    const minute = TEST_START + 10 * MINUTE;
    tick(leader.market, 1, minute);
    tick(leader.market, 3, minute + 20_000);
    tick(leader.market, -2, minute + 45_000);
    tick(leader.market, 2, minute + MINUTE);
    // What each node's timer does, a chart read (which wrote a node's bars first), and a stop.
    await follower.market.flush();
    await leader.market.flush();
    expect((await chart(follower.market)).slice(-2)).toEqual([
      bar(minute, 1, 3, -2),
      bar(minute + MINUTE, 2),
    ]);
    await follower.market.stop();

    expect(follower.candleWrites()).toEqual([]);
    expect(leader.candleWrites().some((s) => /do update/i.test(s))).toBe(true);
    expect(await stored(2)).toEqual([bar(minute, 1, 3, -2), bar(minute + MINUTE, 2)]);
  });

  it("answers a follower's chart with the bar that just closed and the one forming, before the leader writes them", async () => {
    const { leader, follower, tick, stored, chart, bar } = await twoNodes();
    const minute = TEST_START + 20 * MINUTE;
    tick(leader.market, 1, minute);
    tick(leader.market, -1, minute + 30_000);
    tick(leader.market, 4, minute + MINUTE);
    tick(leader.market, 5, minute + MINUTE + 5_000);

    const answer = await chart(follower.market);
    expect(answer.slice(-2)).toEqual([bar(minute, 1, -1), bar(minute + MINUTE, 4, 5)]);
    // The leader has not written them: the follower answered them from its own bars.
    expect((await stored(1))[0]!.Time).toBeLessThan(minute / 1000);
    expect(answer).toEqual(await chart(leader.market));
    expect(answer.slice(0, -2)).toEqual(await stored(answer.length - 2));
  });

  it('loses no bar when the leader dies before writing its last ones: the follower that takes over writes them', async () => {
    const { leader, follower, tick, stored, bar } = await twoNodes();
    const minute = TEST_START + 30 * MINUTE;
    tick(leader.market, 1, minute);
    tick(leader.market, 2, minute + 40_000);
    tick(leader.market, -3, minute + MINUTE);
    tick(leader.market, -1, minute + MINUTE + 15_000);
    // The leader dies here: it writes nothing more. The follower's timer runs while it waits for the lock.
    await follower.market.flush();
    follower.market.lead();
    await follower.market.flush();
    expect(await stored(2)).toEqual([bar(minute, 1, 2), bar(minute + MINUTE, -3, -1)]);

    tick(follower.market, 0, minute + 2 * MINUTE);
    await follower.market.flush();
    expect(await stored(3)).toEqual([
      bar(minute, 1, 2),
      bar(minute + MINUTE, -3, -1),
      bar(minute + 2 * MINUTE, 0),
    ]);
  });

  it('loses no bar when the leader steps down: it writes its last ones first, then follows and writes nothing', async () => {
    const { leader, follower, tick, stored, chart, bar } = await twoNodes();
    const minute = TEST_START + 40 * MINUTE;
    tick(leader.market, 2, minute);
    tick(leader.market, 1, minute + 50_000);
    tick(leader.market, 3, minute + MINUTE);
    await leader.market.follow();
    expect(await stored(2)).toEqual([bar(minute, 2, 1), bar(minute + MINUTE, 3)]);
    const writesWhenLeading = leader.candleWrites().length;

    follower.market.lead();
    tick(follower.market, 4, minute + MINUTE + 30_000);
    tick(follower.market, 0, minute + 2 * MINUTE);
    await leader.market.flush();
    await follower.market.flush();
    expect(leader.candleWrites()).toHaveLength(writesWhenLeading);
    const bars = [bar(minute, 2, 1), bar(minute + MINUTE, 3, 4), bar(minute + 2 * MINUTE, 0)];
    expect(await stored(3)).toEqual(bars);
    expect((await chart(leader.market)).slice(-3)).toEqual(bars);
    expect(await chart(leader.market)).toEqual(await chart(follower.market));
  });

  it('keeps a bar the old leader wrote with ticks the new one missed (the bus was down meanwhile)', async () => {
    const bus = memoryBus();
    let hearing = true;
    // The follower's bus loses the leader's ticks while `hearing` is false, as a bus outage does.
    const followerBus: Bus = {
      ...bus,
      subscribe: (channel, handler) =>
        bus.subscribe(channel, (message) => (channel !== MARKET_TICK || hearing) && handler(message)),
    };
    const { leader, follower, tick, stored, bar } = await twoNodes(bus, followerBus);
    const minute = TEST_START + 50 * MINUTE;
    tick(leader.market, 1, minute);
    hearing = false;
    tick(leader.market, 4, minute + 20_000);
    tick(leader.market, -2, minute + 40_000);
    await leader.market.flush();
    hearing = true;
    // The leader dies; the follower takes over with its own bar of that minute, of one tick.
    await follower.market.flush();
    follower.market.lead();
    await follower.market.flush();
    expect(await stored(1)).toEqual([bar(minute, 1, 4, -2)]);
  });
});
