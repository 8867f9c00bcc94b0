import { api, Code, OrderStatus } from '@meridian/contract';
import { dec, toFixed } from '@meridian/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Copier } from '../../src/copying/copier';
import { copyEvents } from '../../src/copying/schema';
import { users } from '../../src/db/schema';
import { ORDER_CHANNEL } from '../../src/trading/events';
import { errorLog } from '../../src/util/log';
import { type Desk, desk, type Trader } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  d.tick('EURUSD', '1.10000');
  d.tick('XAUUSD', '2000.00');
});
afterAll(() => t?.close());

const get = async (token: string, path: string, query: Record<string, string | number> = {}) =>
  (await t.call('GET', path, { token, query })).body;
const post = async (token: string, path: string, form: Record<string, string | number>) =>
  (await t.call('POST', path, { token, form })).body;

/** A provider who opted in, and a follower copying them with `allocation` and a loss limit of `stop` %. */
async function copying(allocation: string, stop = '50', balances = { provider: '10000', follower: '5000' }) {
  const provider = await d.trader(balances.provider);
  const follower = await d.trader(balances.follower);
  expect((await post(provider.token, api.followOptIn.path, { on: 1 })).code).toBe(1);
  const started = await post(follower.token, api.copyStart.path, {
    provider_id: provider.id,
    allocation,
    stop_percent: stop,
  });
  expect(started).toMatchObject({ code: 1, msg: 'You are now copying this provider' });
  return { provider, follower, copyId: started.data.id as number };
}

/** Lets the copier take what the bus gave it, then sweep. */
async function copied() {
  await t.copier.settled();
  await t.copier.sweep();
}

/** A market buy of 1 EURUSD lot at 1:100: the provider's trade most tests copy. */
const buyEurusd = (trader: Trader) =>
  d.submit(trader.token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
const holdingsOf = async (trader: Trader) => (await d.myDeal(trader.token, 1)).data.data;
const pendingOf = async (trader: Trader) => (await d.myDeal(trader.token, 0)).data.data;

describe('copy a EURUSD buy scaled by allocation ÷ provider equity', () => {
  it('opens 0.25 lots for 2,500 allocated against 10,000, follows the SL/TP change and the close', async () => {
    const { provider, follower, copyId } = await copying('2500');
    const buy = await buyEurusd(provider);
    expect(buy.code).toBe(1);
    await copied();
    const [copy] = await holdingsOf(follower);
    // Equity after the provider's fee and spread is just under 10,000: 0.2500… rounds down to 0.25.
    expect(copy).toMatchObject({ Quantity: '0.25', OrderType: 1, Multiple: 100, Copied: true });
    expect((await holdingsOf(provider))[0].Copied).toBe(false);

    expect((await d.setStops(provider.token, buy.data.Id, '1.09000', '1.12000')).code).toBe(1);
    await copied();
    expect((await holdingsOf(follower))[0]).toMatchObject({
      TargetLossPrice: '1.09000',
      TargetProfitPrice: '1.12000',
    });

    d.tick('EURUSD', '1.10500');
    expect((await d.close(provider.token, buy.data.Id)).code).toBe(1);
    await copied();
    expect(await holdingsOf(follower)).toEqual([]);
    const closed = await d.order(copy.Id);
    expect(closed).toMatchObject({ status: OrderStatus.closed, closeReason: 'provider_closed' });
    // The copy's own ledger rows: margin and fee when it opened, the settlement when it closed.
    const rows = (await d.ledger(follower.id)).filter((r) => r.refId === copy.Id);
    expect(rows.map((r) => r.type)).toEqual(['trade_margin', 'trade_fee', 'trade_settle']);
    await d.expectBalanced(follower.id);

    const detail = await get(follower.token, api.copyDetail.path, { id: copyId });
    expect(detail.data.events.map((e: { action: string; ok: boolean }) => [e.action, e.ok])).toEqual([
      ['close', true],
      ['stops', true],
      ['open', true],
    ]);
    expect(detail.data).toMatchObject({ copied_trades: 1, failed_trades: 0, open_positions: 0 });
    // Realised P&L less the fee: exactly what the copy's ledger rows moved the balance by.
    const moved = rows.reduce((sum, r) => sum.plus(r.amount), dec(0));
    expect(detail.data.result).toBe(toFixed(moved, 2));
  });

  it('closes the same share of the copy when the provider closes part of the position, and follows a trailing stop', async () => {
    const { provider, follower, copyId } = await copying('2500');
    const buy = await buyEurusd(provider);
    await copied();
    const [copy] = await holdingsOf(follower);
    expect(copy.Quantity).toBe('0.25');

    // The provider closes 0.4 of their 1 lot: the follower closes 0.4 of 0.25, rounded down to 0.1.
    const part = await get(provider.token, api.closeOrder.path, { id: buy.data.Id, lots: '0.4' });
    expect(part).toMatchObject({ code: 1, data: { Quantity: '0.4', PartOf: buy.data.Id } });
    await copied();
    await copied();
    expect((await holdingsOf(follower)).map((o: { Quantity: string }) => o.Quantity)).toEqual(['0.15']);
    const [closedPart] = (await d.myDeal(follower.token, 3)).data.data;
    expect(closedPart).toMatchObject({ Quantity: '0.1', PartOf: copy.Id, CloseReason: 'provider_closed' });
    await d.expectBalanced(follower.id);

    // A trailing stop is copied as a distance: the follower's engine moves its own stop.
    const trailing = await get(provider.token, api.setStopPrice.path, {
      id: buy.data.Id,
      stop_loss_price: 0,
      target_profit_price: 0,
      trailing_distance: '0.00300',
    });
    expect(trailing.code).toBe(1);
    await copied();
    expect((await holdingsOf(follower))[0]).toMatchObject({ TrailingDistance: '0.00300' });
    const higher = dec(t.market.lastPrice(d.id('EURUSD'))!).plus('0.00400');
    // A provider's bid and ask both there: a buy's trailing stop follows the bid.
    d.tick('EURUSD', { bid: higher.toFixed(5), ask: higher.toFixed(5) });
    await d.settled();
    await copied();
    const [mine] = await holdingsOf(follower);
    const [theirs] = await holdingsOf(provider);
    expect(mine.TargetLossPrice).toBe(theirs.TargetLossPrice);
    expect(mine.TargetLossPrice).toBe(higher.minus('0.00300').toFixed(5));

    const detail = await get(follower.token, api.copyDetail.path, { id: copyId });
    expect(detail.data.events.map((e: { action: string; ok: boolean }) => [e.action, e.ok])).toEqual([
      ['stops', true],
      ['reduce', true],
      ['open', true],
    ]);
    d.tick('EURUSD', '1.10000');
  });

  it('copies a pending order at the same price and cancels it when the provider does', async () => {
    const { provider, follower } = await copying('5000');
    const limit = await d.submit(provider.token, {
      type: 1,
      status: 0,
      target_price: '1.09000',
      cont: '0.5',
      forex_id: d.id('EURUSD'),
      multiple: 100,
    });
    await copied();
    const [pending] = await pendingOf(follower);
    expect(pending).toMatchObject({ Quantity: '0.25', OriginPrice: '1.09000', Status: OrderStatus.pending });
    await d.cancel(provider.token, limit.data.Id);
    await copied();
    expect(await pendingOf(follower)).toEqual([]);
    expect(await d.order(pending.Id)).toMatchObject({ status: OrderStatus.cancelled });
    await d.expectBalanced(follower.id);
  });
});

describe('a copy that cannot be made', () => {
  it('records a trade too small to copy, in the follower’s language, and places nothing', async () => {
    const { provider, follower, copyId } = await copying('10');
    await d.submit(provider.token, { type: 2, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    await copied();
    expect(await holdingsOf(follower)).toEqual([]);
    const detail = (
      await t.call('GET', api.copyDetail.path, { token: follower.token, lang: 'de', query: { id: copyId } })
    ).body.data;
    expect(detail.failed_trades).toBe(1);
    expect(detail.events[0]).toMatchObject({
      action: 'open',
      ok: false,
      lots: '',
      order_id: 0,
      reason: 'Zu klein zum Kopieren: die umgerechnete Größe liegt unter dem Minimum von 0,01 Lots',
    });
  });

  it('records a refusal for want of margin', async () => {
    const { provider, follower, copyId } = await copying('500', '50', { provider: '1000', follower: '500' });
    // The follower's own gold position takes most of the margin the allocation counted on.
    await d.submit(follower.token, { type: 1, cont: '0.22', forex_id: d.id('XAUUSD'), multiple: 100 });
    await d.submit(provider.token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    await copied();
    const { events } = (await get(follower.token, api.copyDetail.path, { id: copyId })).data;
    expect(events[0]).toMatchObject({ action: 'open', ok: false });
    expect(events[0].reason).not.toBe('');
    expect(await holdingsOf(follower)).toHaveLength(1);
  });
});

describe('each provider event is copied exactly once', () => {
  it('whatever the duplicate bus messages, sweeps and a restarted copier do', async () => {
    const { provider, follower, copyId } = await copying('2500');
    const buy = await buyEurusd(provider);
    const row = await d.order(buy.data.Id);
    for (let i = 0; i < 3; i++) t.bus.publish(ORDER_CHANNEL, { order: row });
    await copied();
    await copied();
    // A new leader starts with nothing in memory: it finds the copy made and does not make another.
    const restarted = new Copier(t.database.db, t.trading, t.clock.now, errorLog(t.log));
    await restarted.sweep();
    expect(await holdingsOf(follower)).toHaveLength(1);
    const events = await t.database.db.select().from(copyEvents).where(eq(copyEvents.copyId, copyId));
    expect(events).toHaveLength(1);
    await d.close(provider.token, buy.data.Id);
    t.bus.publish(ORDER_CHANNEL, { order: await d.order(buy.data.Id) });
    await copied();
    await restarted.sweep();
    expect((await t.database.db.select().from(copyEvents).where(eq(copyEvents.copyId, copyId))).length).toBe(
      2,
    );
    await d.expectBalanced(follower.id);
  });

  it('copies at once from the bus, without waiting for a sweep, once a sweep has seen the copy', async () => {
    const { provider, follower } = await copying('2500');
    await t.copier.sweep();
    await buyEurusd(provider);
    await t.copier.settled();
    expect(await holdingsOf(follower)).toHaveLength(1);
  });

  it('copies at once an order another node announced: its row crossed Redis as JSON, its times as text', async () => {
    const { provider, follower } = await copying('2500');
    await t.copier.sweep();
    await t.copier.stop();
    const buy = await buyEurusd(provider);
    t.copier.start(t.bus);
    const row = await d.order(buy.data.Id);
    t.bus.publish(ORDER_CHANNEL, JSON.parse(JSON.stringify({ order: row })));
    await t.copier.settled();
    expect(await holdingsOf(follower)).toHaveLength(1);
  });

  it('copies what the provider opened while no copier ran, once one does', async () => {
    const { provider, follower } = await copying('2500');
    await t.copier.stop();
    await buyEurusd(provider);
    expect(await holdingsOf(follower)).toEqual([]);
    t.copier.start(t.bus);
    await t.copier.sweep();
    expect(await holdingsOf(follower)).toHaveLength(1);
  });
});

describe('stop copying', () => {
  it('closing the copied positions', async () => {
    const { provider, follower, copyId } = await copying('2500');
    await buyEurusd(provider);
    await copied();
    const stopped = await post(follower.token, api.copyStop.path, { id: copyId, close: 1 });
    expect(stopped).toMatchObject({
      code: 1,
      msg: 'Copying stopped',
      data: { status: 2, stop_reason: 'user' },
    });
    expect(await holdingsOf(follower)).toEqual([]);
    const [closed] = (await d.myDeal(follower.token, 3)).data.data;
    expect(closed).toMatchObject({ CloseReason: 'copy_stopped', Copied: true });
    // Nothing more is copied.
    await buyEurusd(provider);
    await copied();
    expect(await holdingsOf(follower)).toEqual([]);
    expect((await post(follower.token, api.copyStop.path, { id: copyId, close: 1 })).code).toBe(Code.REFUSED);
    await d.expectBalanced(follower.id);
  });

  it('while the copier is placing a copy: the copy is not placed', async () => {
    const { provider, follower, copyId } = await copying('2500');
    // The stop lands after the copier read the copy as active, just before it places (the 3-second sweep
    // read every copy once, then worked through them while the follower stopped this one: it happened in CI).
    const place = t.trading.place.bind(t.trading);
    t.trading.place = async (...args) => {
      if (args[1].copyId === copyId) await post(follower.token, api.copyStop.path, { id: copyId, close: 1 });
      return place(...args);
    };
    try {
      await buyEurusd(provider);
      await copied();
    } finally {
      t.trading.place = place;
    }
    expect(await holdingsOf(follower)).toEqual([]);
    expect((await d.myDeal(follower.token, 3)).data.data).toEqual([]);
    // Not a failed copy either: nothing is shown or sent to the follower for it.
    const events = await t.database.db.select().from(copyEvents).where(eq(copyEvents.copyId, copyId));
    expect(events).toEqual([]);
    await d.expectBalanced(follower.id);
  });

  it('keeping them, while the copier is closing one after the provider: it stays open', async () => {
    const { provider, follower, copyId } = await copying('2500');
    const buy = await buyEurusd(provider);
    await copied();
    const [mine] = await holdingsOf(follower);
    // The follower keeps their copies just before the copier closes this one as the provider closed theirs.
    const close = t.trading.close.bind(t.trading);
    t.trading.close = async (...args) => {
      if (args[0] === mine.Id) await post(follower.token, api.copyStop.path, { id: copyId, close: 0 });
      return close(...args);
    };
    try {
      await d.close(provider.token, buy.data.Id);
      await copied();
    } finally {
      t.trading.close = close;
    }
    expect(await holdingsOf(follower)).toMatchObject([{ Id: mine.Id, Status: 1 }]);
    await d.expectBalanced(follower.id);
  });

  it('keeping them, and the provider’s later close no longer reaches them', async () => {
    const { provider, follower, copyId } = await copying('2500');
    const buy = await buyEurusd(provider);
    await copied();
    await post(follower.token, api.copyStop.path, { id: copyId, close: 0 });
    await d.close(provider.token, buy.data.Id);
    await copied();
    expect(await holdingsOf(follower)).toHaveLength(1);
  });

  it('when the copies have lost the loss limit of the allocation, closing them', async () => {
    d.tick('XAUUSD', '2000.00');
    const { provider, follower, copyId } = await copying('1000', '10');
    await d.submit(provider.token, { type: 1, cont: '1', forex_id: d.id('XAUUSD'), multiple: 100 });
    await copied();
    expect(await holdingsOf(follower)).toHaveLength(1);
    // 0.1 lots of gold falling 20 USD lose 200 USD: more than 10 % of 1,000.
    d.tick('XAUUSD', '1980.00');
    await copied();
    expect((await get(follower.token, api.copyDetail.path, { id: copyId })).data).toMatchObject({
      status: 2,
      stop_reason: 'loss_limit',
      open_positions: 0,
    });
    expect(await holdingsOf(provider)).toHaveLength(1);
    await d.expectBalanced(follower.id);
  });

  it('when the provider leaves the leaderboard, keeping the positions', async () => {
    const { provider, follower, copyId } = await copying('2500');
    await buyEurusd(provider);
    await copied();
    await post(provider.token, api.followOptIn.path, { on: 0 });
    expect((await get(follower.token, api.copyDetail.path, { id: copyId })).data).toMatchObject({
      status: 2,
      stop_reason: 'provider_left',
      open_positions: 1,
    });
  });
});

describe('who may copy whom', () => {
  it('refuses copying oneself, a real provider from a demo account, twice, and bad amounts, changing nothing', async () => {
    const provider = await d.trader('10000');
    const follower = await d.trader('1000');
    await post(provider.token, api.followOptIn.path, { on: 1 });
    const start = (token: string, form: Record<string, string | number>) =>
      post(token, api.copyStart.path, {
        provider_id: provider.id,
        allocation: '100',
        stop_percent: '20',
        ...form,
      });
    expect((await start(provider.token, {})).msg).toBe('You cannot copy yourself');
    const demo = await d.trader('1000');
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, demo.id));
    expect((await start(demo.token, {})).msg).toBe(
      'Demo accounts can only copy demo providers, and real accounts real providers',
    );
    for (const allocation of ['0', '-5', 'abc', '1e3', '10.001', '']) {
      expect((await start(follower.token, { allocation })).code, allocation).not.toBe(1);
    }
    expect((await start(follower.token, { allocation: '1000.01' })).msg).toBe(
      'You can allocate at most 1,000.00 USD, your free margin now',
    );
    for (const stop_percent of ['0', '100.5', 'x', '-1']) {
      expect((await start(follower.token, { stop_percent })).code, stop_percent).not.toBe(1);
    }
    expect((await get(follower.token, api.copyList.path)).data).toEqual([]);
    expect((await start(follower.token, {})).code).toBe(1);
    expect((await start(follower.token, {})).msg).toBe('You are already copying this provider');
    const parallel = await Promise.all([1, 2, 3].map(() => start(demo.token, {})));
    expect(parallel.every((r) => r.code !== 1)).toBe(true);
  });

  it('finds no provider page for a trader who did not opt in, and no copy of someone else', async () => {
    const stranger = await d.trader('100');
    expect((await get(stranger.token, api.copyProvider.path, { id: stranger.id })).code).toBe(Code.NOT_FOUND);
    const { copyId } = await copying('100');
    expect((await get(stranger.token, api.copyDetail.path, { id: copyId })).code).toBe(Code.NOT_FOUND);
    expect((await post(stranger.token, api.copyStop.path, { id: copyId, close: 1 })).code).toBe(
      Code.NOT_FOUND,
    );
  });

  it('counts followers on the provider page and the leaderboard', async () => {
    const { provider, follower } = await copying('100');
    const page = await get(follower.token, api.copyProvider.path, { id: provider.id });
    expect(page.data).toMatchObject({ provider_id: provider.id, demo: false, followers: 1 });
    expect(page.data.copying_id).toBeGreaterThan(0);
    expect(page.data.days).toHaveLength(30);
  });
});
