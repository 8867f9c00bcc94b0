import { api } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/http/password';
import { notifications } from '../../src/notifications/schema';
import { type Desk, desk } from '../desk';
import type { TestApp } from '../harness';
import type { RedisServer } from '../redis-server';
import { at, metric, twoNodes, wsClient } from './two-nodes';

/** A log line as pino writes it. */
interface Line {
  level: number;
  msg: string;
  node: string;
  leader: boolean;
}

const skip = !process.env.DATABASE_URL;
let redis: RedisServer;
let leader: TestApp;
let follower: TestApp;
let close = async () => {};
const lines: Line[] = [];
const logTo = { write: (line: string) => void lines.push(JSON.parse(line)) };

beforeAll(async () => {
  if (skip) return;
  ({ redis, leader, follower, close } = await twoNodes(logTo));
}, 120_000);

afterAll(() => close());

/** The lines of `node`'s log saying `msg` (the start of it). */
const said = (node: TestApp, msg: string) =>
  lines.filter((l) => l.node === node.log.bindings().node && l.msg.startsWith(msg));

describe.skipIf(skip)('two nodes whose Redis stops and comes back (issue 49)', () => {
  it('trade, sign in and quote on the leader meanwhile, and the other node hears the leader again by itself', async () => {
    const d: Desk = desk(leader);
    const printed = vi.spyOn(console, 'error');
    expect([await metric(leader, 'meridian_leader'), await metric(follower, 'meridian_leader')]).toEqual([
      1, 0,
    ]);

    // A trader who signs in with a password, watching his account and Bitcoin on the other node.
    const trader = await d.trader('10000');
    const [user] = await leader.database.db.select().from(users).where(eq(users.id, trader.id));
    await leader.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('trader-pass-1') })
      .where(eq(users.id, trader.id));
    const watcher = await wsClient(follower);
    watcher.send({ type: 'sub', params: 'DAY_MARKET' });
    watcher.send({ type: 'login', params: trader.token });
    await watcher.heard((m) => m.type === 'login_result' && m.code === 1);
    d.tick('BTCUSD', at('96000.00'));
    await watcher.heard((m) => m.type === 'DAY_MARKET' && m.quotation.close === '96000.00');

    await redis.stop();
    await expect.poll(() => metric(leader, 'meridian_redis_up'), { timeout: 15_000 }).toBe(0);

    // The leader goes on: a sign-in (its throttles count in the node), a quote, a buy and its close.
    const signedIn = await leader.call('POST', api.login.path, {
      form: { login_type: 'email', account: user!.email!, password: 'trader-pass-1' },
    });
    expect(signedIn.body).toMatchObject({ code: 1 });
    const token = signedIn.body.data.token as string;
    d.tick('BTCUSD', at('96100.00'));
    const btc = (await leader.call('GET', api.tradeList.path)).body.data.find(
      (i: { Code: string }) => i.Code === 'BTCUSD',
    );
    expect(btc.ForexQuotations.Close).toBe('96100.00');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('BTCUSD'), multiple: 10 });
    expect(buy).toMatchObject({ code: 1 });
    expect(await d.close(token, buy.data.Id)).toMatchObject({ code: 1 });
    // The leader hears its own orders meanwhile (issue 50): a take profit placed on it fires, and its notice is recorded.
    const profit = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('BTCUSD'),
      multiple: 10,
      target_profit_price: '96150.00',
    });
    expect(profit).toMatchObject({ code: 1 });
    d.tick('BTCUSD', at('96200.00'));
    await d.settled();
    expect(await d.order(profit.data.Id)).toMatchObject({ status: 3, closeReason: 'take_profit' });
    await leader.notices.settled();
    const notices = await leader.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, trader.id));
    expect(notices).toContainEqual({ kind: 'take_profit_hit' });
    expect(await metric(leader, 'meridian_redis_fallback_total')).toBeGreaterThan(0);
    expect(await metric(leader, 'meridian_bus_dropped_total')).toBeGreaterThan(0);

    // An order placed through the other node meanwhile: the leader's engine does not hear of it.
    const held = await follower.call('GET', api.submitOrder.path, {
      token,
      query: {
        type: 1,
        cont: '0.1',
        forex_id: d.id('BTCUSD'),
        multiple: 10,
        status: 1,
        stop_loss_price: 0,
        target_profit_price: '96500.00',
      },
    });
    expect(held.body).toMatchObject({ code: 1 });

    await redis.start();
    await expect.poll(() => metric(leader, 'meridian_redis_up'), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => metric(follower, 'meridian_redis_up'), { timeout: 15_000 }).toBe(1);

    // Fan-out resumes: the leader's quotes reach the other node's client again, and so does the close of the
    // order the leader had not heard of (it read the orders back when its bus reconnected).
    let cents = 9_620_000;
    await expect
      .poll(
        () => {
          d.tick('BTCUSD', at((cents++ / 100).toFixed(2)));
          return watcher.has((m) => m.type === 'DAY_MARKET' && Number(m.quotation.close) >= 96200);
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);
    // The position's figures reach the trader's socket on the other node, on that node's own channel (issue 50).
    await expect
      .poll(
        () => {
          d.tick('BTCUSD', at('96300.00'));
          return watcher.has(
            (m) =>
              m.type === 'FOREX_TRADE' &&
              m.quotation.TransOrder.some((o: { Id: number }) => o.Id === held.body.data.Id),
          );
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
    await expect
      .poll(
        () => {
          d.tick('BTCUSD', at('96600.00'));
          return watcher.has((m) => m.type === 'FOREX_CLOSED' && m.quotation.includes(held.body.data.Id));
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(true);

    // Each node said the outage once and its end once, whatever ioredis retried meanwhile; nothing else printed.
    for (const node of [leader, follower]) {
      expect(said(node, 'redis unreachable')).toHaveLength(1);
      expect(said(node, 'redis reachable again')).toHaveLength(1);
    }
    expect(said(leader, 'redis did not answer')).toHaveLength(1);
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
    watcher.ws.close();
  }, 120_000);
});
