import { setTimeout as sleep } from 'node:timers/promises';
import { api } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ORDER_CHANNEL, type OrderEvent } from '../../src/trading';
import { desk, type Query, type Trader } from '../desk';
import type { TestApp } from '../harness';
import type { RedisServer } from '../redis-server';
import { at, metric, twoNodes, wsClient } from './two-nodes';

const skip = !process.env.DATABASE_URL;
let redis: RedisServer;
let leader: TestApp;
let follower: TestApp;
let close = async () => {};

beforeAll(async () => {
  if (skip) return;
  ({ redis, leader, follower, close } = await twoNodes());
}, 120_000);

afterAll(() => close());

/** The newest version of each order that the leader's ORDER_CHANNEL handlers (engine, notifier, copier) were handed. */
function handedToTheLeader(): Map<number, number> {
  const versions = new Map<number, number>();
  leader.bus.subscribe(ORDER_CHANNEL, (event) => {
    const { order } = event as OrderEvent;
    versions.set(order.id, Math.max(versions.get(order.id) ?? 0, order.version));
  });
  return versions;
}

type Phase = 'before' | 'outage' | 'after';

/**
 * Order activity on both nodes: `trader` places a market order every 150 ms, on each node in turn, until
 * stopped; each placed order is kept with the node and the phase of the outage it was placed in.
 */
function orderStream(trader: Trader, query: Query) {
  const stream = {
    phase: 'before' as Phase,
    placed: [] as { id: number; node: TestApp; phase: Phase }[],
    refused: [] as unknown[],
    stop: async () => {},
  };
  let going = true;
  const done = (async () => {
    for (let i = 0; going; i++) {
      const node = i % 2 === 0 ? leader : follower;
      const { phase } = stream;
      const { body } = await node.call('GET', api.submitOrder.path, { token: trader.token, query });
      if (body.code === 1) stream.placed.push({ id: body.data.Id, node, phase });
      else stream.refused.push(body);
      await sleep(150);
    }
  })();
  stream.stop = async () => {
    going = false;
    await done;
  };
  return stream;
}

describe.skipIf(skip)(
  'order events when Redis restarts in the middle of a stream of orders (issue 50)',
  () => {
    it("what either node did meanwhile reaches the leader's handlers, and the trader's socket on the other node without a reconnect, notices too", async () => {
      const d = desk(leader);
      const handed = handedToTheLeader();
      const trader = await d.trader('100000');
      const market = { type: 1, forex_id: d.id('BTCUSD'), multiple: 10, status: 1 };
      const buy = { ...market, cont: '0.1', stop_loss_price: 0, target_profit_price: 0 };
      // The trader's app is open on the follower: signed in on its socket.
      const app = await wsClient(follower);
      app.send({ type: 'sub', params: 'DAY_MARKET' });
      app.send({ type: 'login', params: trader.token });
      await app.heard((m) => m.type === 'login_result' && m.code === 1);
      d.tick('BTCUSD', at('96000.00'));
      await app.heard((m) => m.type === 'DAY_MARKET' && m.quotation.close === '96000.00');
      // Placed on the leader: a take profit and a buy limit that it executes while Redis is away.
      const takeProfit = await d.submit(trader.token, { ...buy, target_profit_price: '96150.00' });
      const limit = await d.submit(trader.token, { ...buy, status: 0, target_price: '95900.00' });
      expect([takeProfit.code, limit.code]).toEqual([1, 1]);
      const stream = orderStream(await d.trader('100000'), { ...market, cont: '0.01' });

      await redis.stop();
      for (const node of [leader, follower]) {
        await expect.poll(() => metric(node, 'meridian_redis_up'), { timeout: 15_000 }).toBe(0);
      }
      stream.phase = 'outage';
      // On the follower meanwhile: an order placed, one placed and closed, a pending one placed and its stops moved.
      const onFollower = async (path: string, query: Query) =>
        (await follower.call('GET', path, { token: trader.token, query })).body;
      const placed = await onFollower(api.submitOrder.path, { ...buy, target_profit_price: '96500.00' });
      const closed = await onFollower(api.submitOrder.path, buy);
      expect(await onFollower(api.closeOrder.path, { id: closed.data.Id })).toMatchObject({ code: 1 });
      const pending = await onFollower(api.submitOrder.path, { ...buy, status: 0, target_price: '95000.00' });
      const stops = { id: pending.data.Id, stop_loss_price: '94000.00', target_profit_price: '97000.00' };
      expect(await onFollower(api.setStopPrice.path, stops)).toMatchObject({ code: 1 });
      // On the leader meanwhile: the price dips through the buy limit, which fills, then rises through the take profit.
      d.tick('BTCUSD', at('95850.00'));
      await d.settled();
      d.tick('BTCUSD', at('96200.00'));
      await d.settled();
      expect(await d.order(limit.data.Id)).toMatchObject({ status: 1 });
      expect(await d.order(takeProfit.data.Id)).toMatchObject({ status: 3, closeReason: 'take_profit' });
      // The stream too has placed an order on the follower while Redis was away.
      await expect
        .poll(() => stream.placed.some((p) => p.phase === 'outage' && p.node === follower))
        .toBe(true);
      // What each node published meanwhile was dropped, not queued.
      for (const node of [leader, follower]) {
        expect(await metric(node, 'meridian_bus_dropped_total')).toBeGreaterThan(0);
      }

      await redis.start();
      for (const node of [leader, follower]) {
        await expect.poll(() => metric(node, 'meridian_redis_up'), { timeout: 15_000 }).toBe(1);
      }
      stream.phase = 'after';
      await expect.poll(() => stream.placed.filter((p) => p.phase === 'after').length).toBeGreaterThan(1);
      await stream.stop();
      expect(stream.refused).toEqual([]);
      expect(stream.placed.filter((p) => p.phase === 'outage').map((p) => p.node)).toContain(follower);

      // The fill and the close the leader made while Redis was away reach the trader's socket on the follower,
      // the same connection all along.
      await app.heard((m) => m.type === 'FOREX_FILLED' && m.quotation.includes(limit.data.Id));
      await app.heard((m) => m.type === 'FOREX_CLOSED' && m.quotation.includes(takeProfit.data.Id));
      // So do the notices of the fill and the close: the bell shows what the notification centre lists.
      const inbox = (await follower.call('GET', api.notificationList.path, { token: trader.token })).body
        .data;
      expect(inbox.data.map((n: { kind: string }) => n.kind)).toEqual(['take_profit_hit', 'pending_filled']);
      expect(inbox.unread).toBe(2);
      await app.heard(
        (m) => m.type === 'NOTIFICATION' && m.quotation.id === inbox.data[0].id && m.quotation.unread === 2,
      );
      expect(app.ws.readyState).toBe(WebSocket.OPEN);
      // Every change the follower made meanwhile, and every order of the stream, reached the leader's handlers
      // as the database has it now.
      const ids = [placed.data.Id, closed.data.Id, pending.data.Id, ...stream.placed.map((p) => p.id)];
      const behind = async () => {
        const late: number[] = [];
        for (const id of ids) if ((handed.get(id) ?? 0) < (await d.order(id)).version) late.push(id);
        return late;
      };
      await expect.poll(behind, { timeout: 15_000 }).toEqual([]);
      app.ws.close();
    }, 120_000);
  },
);
