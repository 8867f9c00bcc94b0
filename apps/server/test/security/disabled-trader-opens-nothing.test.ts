/**
 * Issue 46, finding 7: a disabled trader kept trading through copy trading. No path opens a position for a
 * disabled account (their session, the copier, a pending order's fill); what closes one still does; and
 * disabling ends the trader's copy trading, as follower and as provider, audited with it.
 */
import { api, Code, OrderStatus } from '@meridian/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copies, copyEvents } from '../../src/copying/schema';
import { users } from '../../src/db/schema';
import { auditLog } from '../../src/operators/schema';
import { orders } from '../../src/trading/schema';
import { adminCall, operatorToken } from '../admin-helpers';
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

const post = async (token: string, path: string, form: Record<string, string | number>) =>
  (await t.call('POST', path, { token, form })).body;

/** A provider who opted in, and a follower copying them. */
async function copying() {
  const provider = await d.trader('10000');
  const follower = await d.trader('5000');
  expect((await post(provider.token, api.followOptIn.path, { on: 1 })).code).toBe(1);
  const started = await post(follower.token, api.copyStart.path, {
    provider_id: provider.id,
    allocation: '2500',
    stop_percent: '50',
  });
  expect(started.code).toBe(1);
  return { provider, follower, copyId: started.data.id as number };
}

/** The copier takes what the bus gave it, then sweeps. */
async function copied() {
  await t.copier.settled();
  await t.copier.sweep();
}

const buyEurusd = (trader: Trader, more: Record<string, string | number> = {}) =>
  d.submit(trader.token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100, ...more });

async function disable(userId: number) {
  const support = await operatorToken(t, 'support');
  const res = await adminCall(t, 'POST', '/admin/api/users/disable', support.token, {
    id: userId,
    disabled: true,
    reason: 'fraud review',
  });
  expect(res.code).toBe(Code.OK);
}

const ordersOf = (userId: number) => t.database.db.select().from(orders).where(eq(orders.userId, userId));
const copyRow = async (copyId: number) =>
  (await t.database.db.select().from(copies).where(eq(copies.id, copyId)))[0]!;
const lastDisable = async (userId: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.targetId, String(userId))))
  ).at(-1)!;

describe('a disabled trader opens nothing (issue 46, finding 7)', () => {
  it('a disabled follower gets no copy of the trade the provider makes next', async () => {
    const { provider, follower, copyId } = await copying();
    await disable(follower.id);
    expect((await buyEurusd(provider)).code).toBe(1);
    await copied();
    expect(await ordersOf(follower.id)).toEqual([]);
    expect(await copyRow(copyId)).toMatchObject({ status: 2, stopReason: 'account_disabled' });
    expect((await lastDisable(follower.id)).after).toEqual({
      disabled: true,
      left_leaderboard: false,
      copies_stopped: [copyId],
    });
  });

  it('the copier places nothing for a follower disabled after it read the copy as active', async () => {
    const { provider, follower, copyId } = await copying();
    // The disabled flag alone, as if the copier had read the copy just before the disabling committed.
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, follower.id));
    await buyEurusd(provider);
    await copied();
    expect(await ordersOf(follower.id)).toEqual([]);
    const events = await t.database.db.select().from(copyEvents).where(eq(copyEvents.copyId, copyId));
    expect(events).toMatchObject([{ action: 'open', ok: false, reason: 'account_disabled' }]);
    await expect(
      t.trading.place(follower.id, {
        side: 'buy',
        instrumentId: d.id('EURUSD'),
        lots: '0.1',
        leverage: 100,
        pendingTarget: null,
        stopLoss: null,
        takeProfit: null,
      }),
    ).rejects.toMatchObject({ code: Code.REFUSED, key: 'account_disabled' });
    await d.expectBalanced(follower.id);
  });

  it('a pending order of a disabled trader is cancelled when its price comes, not filled, and its reserve paid back', async () => {
    d.tick('EURUSD', '1.10000');
    const who = await d.trader('1000');
    const limit = await buyEurusd(who, { status: 0, target_price: '1.09000', cont: '0.1' });
    expect(limit.code).toBe(1);
    await disable(who.id);
    // The ask reaches the target: 1.08990 × (1 + 0.00005) → 1.08996.
    d.tick('EURUSD', '1.08990');
    await d.settled();
    expect(await d.order(limit.data.Id)).toMatchObject({
      status: OrderStatus.cancelled,
      closeReason: 'account_disabled',
    });
    expect((await d.account(who.id)).balance.toFixed()).toBe('1000');
    await d.expectBalanced(who.id);
  });

  it("a disabled trader's stop loss still closes their position", async () => {
    d.tick('EURUSD', '1.10000');
    const who = await d.trader('1000');
    const buy = await buyEurusd(who, { cont: '0.1', stop_loss_price: '1.09500' });
    expect(buy.code).toBe(1);
    await disable(who.id);
    d.tick('EURUSD', '1.09400');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: OrderStatus.closed,
      closeReason: 'stop_loss',
    });
    await d.expectBalanced(who.id);
  });

  it('a disabled provider can no longer be copied: off the leaderboard, and their followers’ copies end', async () => {
    d.tick('EURUSD', '1.10000');
    const { provider, follower, copyId } = await copying();
    await buyEurusd(provider);
    await copied();
    await disable(provider.id);
    const detail = await t.call('GET', api.copyDetail.path, { token: follower.token, query: { id: copyId } });
    // As when a provider leaves the leaderboard: the follower keeps the copied position.
    expect(detail.body.data).toMatchObject({ status: 2, stop_reason: 'provider_left', open_positions: 1 });
    const page = await t.call('GET', api.copyProvider.path, {
      token: follower.token,
      query: { id: provider.id },
    });
    expect(page.body.code).toBe(Code.NOT_FOUND);
    const again = await post(follower.token, api.copyStart.path, {
      provider_id: provider.id,
      allocation: '100',
      stop_percent: '50',
    });
    expect(again.code).toBe(Code.NOT_FOUND);
    expect((await lastDisable(provider.id)).after).toEqual({
      disabled: true,
      left_leaderboard: true,
      copies_stopped: [copyId],
    });
  });
});
