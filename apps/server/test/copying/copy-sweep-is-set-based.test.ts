/**
 * The leader's copy sweep (every 3 s) over many copies: the database says which copies are out of line, so a
 * sweep with nothing to do costs the same few statements however many copy; and it still brings in line
 * whatever the provider did while the copier heard nothing of it.
 */
import type { PGlite } from '@electric-sql/pglite';
import { api, CopyStatus, OrderStatus } from '@meridian/contract';
import { count, eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Copier } from '../../src/copying/copier';
import { copies, copyEvents } from '../../src/copying/schema';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { errorLog } from '../../src/util/log';
import { type Desk, desk, type Trader } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  d.tick('EURUSD', '1.10000');
});
afterAll(() => t?.close());

const get = async (token: string, path: string, query: Record<string, string | number> = {}) =>
  (await t.call('GET', path, { token, query })).body;
const post = async (token: string, path: string, form: Record<string, string | number>) =>
  (await t.call('POST', path, { token, form })).body;

/** The test app's database again, through a drizzle that counts the statements it sends. */
async function countingDb(): Promise<{ db: Db; statements(): number }> {
  let statements = 0;
  const logger = {
    logQuery: () => {
      statements += 1;
    },
  };
  const client = (t.database.db as unknown as { $client: unknown }).$client;
  const db =
    t.database.kind === 'postgres'
      ? (await import('drizzle-orm/node-postgres')).drizzle(client as Pool, { schema, logger })
      : (await import('drizzle-orm/pglite')).drizzle(client as PGlite, { schema, logger });
  return { db: db as unknown as Db, statements: () => statements };
}

async function provider(): Promise<Trader> {
  const trader = await d.trader('10000');
  expect((await post(trader.token, api.followOptIn.path, { on: 1 })).code).toBe(1);
  return trader;
}

/** `n` followers copying `provider` with 1,000 each (a tenth of the provider's lots), losing `stop` % at most. */
async function followers(of: Trader, n: number, stop = '50'): Promise<Trader[]> {
  const all: Trader[] = [];
  for (let i = 0; i < n; i++) {
    const follower = await d.trader('5000');
    const started = await post(follower.token, api.copyStart.path, {
      provider_id: of.id,
      allocation: '1000',
      stop_percent: stop,
    });
    expect(started.code).toBe(1);
    all.push(follower);
  }
  return all;
}

/** A 1-lot EURUSD buy with a stop loss and a take profit, and a pending buy limit under the market. */
async function trade(trader: Trader) {
  const buy = await d.submit(trader.token, {
    type: 1,
    cont: '1',
    forex_id: d.id('EURUSD'),
    multiple: 100,
    stop_loss_price: '1.09000',
    target_profit_price: '1.12000',
  });
  expect(buy.code).toBe(1);
  const limit = await d.submit(trader.token, {
    type: 1,
    status: 0,
    target_price: '1.08000',
    cont: '1',
    forex_id: d.id('EURUSD'),
    multiple: 100,
  });
  expect(limit.code).toBe(1);
  return { buy: buy.data.Id as number, limit: limit.data.Id as number };
}

const recorded = async () => (await t.database.db.select({ n: count() }).from(copyEvents))[0]!.n;
const holdingsOf = async (trader: Trader) => (await d.myDeal(trader.token, 1)).data.data;
const pendingOf = async (trader: Trader) => (await d.myDeal(trader.token, 0)).data.data;

describe('a sweep with every copy in line', () => {
  it('sends the same few statements for 200 copies as for 20, and does nothing', async () => {
    const providers = [await provider(), await provider(), await provider(), await provider()];
    const counting = await countingDb();
    const sweeper = new Copier(counting.db, t.trading, t.clock.now, errorLog(t.log));
    /** The statements a sweep of a copier of its own sends, once the leader's copier has copied everything. */
    const sweepCost = async () => {
      await t.copier.sweep();
      await d.settled();
      await t.copier.settled();
      const before = { statements: counting.statements(), events: await recorded() };
      await sweeper.sweep();
      // In line already: nothing done, nothing recorded.
      expect(await recorded()).toBe(before.events);
      return counting.statements() - before.statements;
    };

    const copying: Trader[] = [];
    for (const p of providers) copying.push(...(await followers(p, 5)));
    // The leader's copier learns the providers, then copies their trades from the bus.
    await t.copier.sweep();
    for (const p of providers) await trade(p);
    const with20 = await sweepCost();
    for (const follower of copying) {
      expect(await holdingsOf(follower)).toHaveLength(1);
      expect(await pendingOf(follower)).toHaveLength(1);
    }

    // A second on: the copies started now do not take the trades before them.
    d.tick('EURUSD', '1.10000');
    const tight: Trader[] = [];
    for (const p of providers) {
      copying.push(...(await followers(p, 44)));
      tight.push(...(await followers(p, 1, '5')));
    }
    copying.push(...tight);
    await t.copier.sweep();
    for (const p of providers) await trade(p);
    const with200 = await sweepCost();
    expect(copying).toHaveLength(200);
    for (const follower of copying.slice(20)) expect(await holdingsOf(follower)).toHaveLength(1);

    // The active copies, the pairs out of line, the copies' figures for their loss limits.
    expect(with200).toBe(with20);
    expect(with200).toBeLessThanOrEqual(3);

    // 70 pips down: the copies with a loss limit of 50 USD lose more on their 0.1 lots and stop, closed; the
    // others (500 USD) carry on.
    d.tick('EURUSD', '1.09300');
    await d.settled();
    await t.copier.sweep();
    const stopped = await t.database.db
      .select({ followerId: copies.followerId, reason: copies.stopReason })
      .from(copies)
      .where(eq(copies.status, CopyStatus.stopped));
    expect(stopped.map((c) => c.followerId).sort()).toEqual(tight.map((f) => f.id).sort());
    expect(stopped.every((c) => c.reason === 'loss_limit')).toBe(true);
    for (const follower of tight) expect(await holdingsOf(follower)).toEqual([]);
    expect(await holdingsOf(copying[20]!)).toHaveLength(1);
    d.tick('EURUSD', '1.10000');
  }, 180_000);
});

describe('what the provider did while the copier heard nothing', () => {
  it('is brought in line by the next sweep: open, pending, stops, reduce, trailing stop, cancel, close', async () => {
    const p = await provider();
    const [follower] = await followers(p, 1);
    await t.copier.sweep();
    // The bus's order events no longer reach the copier: only its sweeps do anything.
    await t.copier.stop();
    try {
      const swept = async () => {
        await d.settled();
        await t.copier.sweep();
      };
      const { buy, limit } = await trade(p);
      expect(await holdingsOf(follower!)).toEqual([]);
      await swept();
      const [mine] = await holdingsOf(follower!);
      expect(mine).toMatchObject({
        Quantity: '0.1',
        TargetLossPrice: '1.09000',
        TargetProfitPrice: '1.12000',
      });
      const [pending] = await pendingOf(follower!);
      expect(pending).toMatchObject({ Quantity: '0.1', OriginPrice: '1.08000' });

      expect((await d.setStops(p.token, buy, '1.08500', '1.13000')).code).toBe(1);
      await swept();
      expect((await holdingsOf(follower!))[0]).toMatchObject({
        TargetLossPrice: '1.08500',
        TargetProfitPrice: '1.13000',
      });

      // Half the provider's lot: half the follower's 0.1.
      expect((await get(p.token, api.closeOrder.path, { id: buy, lots: '0.5' })).code).toBe(1);
      await swept();
      expect((await holdingsOf(follower!)).map((o: { Quantity: string }) => o.Quantity)).toEqual(['0.05']);

      const trailing = await get(p.token, api.setStopPrice.path, {
        id: buy,
        stop_loss_price: 0,
        target_profit_price: 0,
        trailing_distance: '0.00300',
      });
      expect(trailing.code).toBe(1);
      await swept();
      expect((await holdingsOf(follower!))[0]).toMatchObject({ TrailingDistance: '0.00300' });

      expect((await d.cancel(p.token, limit)).code).toBe(1);
      await swept();
      expect(await pendingOf(follower!)).toEqual([]);
      expect(await d.order(pending.Id)).toMatchObject({ status: OrderStatus.cancelled });

      expect((await d.close(p.token, buy)).code).toBe(1);
      await swept();
      expect(await holdingsOf(follower!)).toEqual([]);
      expect(await d.order(mine.Id)).toMatchObject({
        status: OrderStatus.closed,
        closeReason: 'provider_closed',
      });
      // Once each, whatever the sweeps before and after.
      await swept();
      const copyId = (await get(follower!.token, api.copyList.path)).data[0].id;
      const { events } = (await get(follower!.token, api.copyDetail.path, { id: copyId })).data;
      expect(events.map((e: { action: string; ok: boolean }) => [e.action, e.ok]).reverse()).toEqual([
        ['open', true],
        ['pending', true],
        ['stops', true],
        ['reduce', true],
        ['stops', true],
        ['cancel', true],
        ['close', true],
      ]);
      await d.expectBalanced(follower!.id);
    } finally {
      t.copier.start(t.bus);
    }
  });
});
