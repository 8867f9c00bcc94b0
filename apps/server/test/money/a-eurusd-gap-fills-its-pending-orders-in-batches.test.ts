import { dec } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

/** A pending EURUSD order of `cont` lots at 1:100: a buy limit below the price, a buy stop above it. */
async function pendingBuy(token: string, target: string, cont = '0.01'): Promise<number> {
  const placed = await d.submit(token, {
    type: 1,
    cont,
    forex_id: d.id('EURUSD'),
    multiple: 100,
    status: 0,
    target_price: target,
  });
  expect(placed.code, placed.msg).toBe(1);
  return placed.data.Id;
}

/** Three traders at 1.10000, each with two EURUSD buy limits at 1.09000. */
async function sixLimits() {
  d.tick('EURUSD', '1.10000');
  const traders = await Promise.all([1, 2, 3].map(() => d.trader('1000')));
  const resting: { userId: number; orderId: number }[] = [];
  for (const { id: userId, token } of traders)
    for (let k = 0; k < 2; k++) resting.push({ userId, orderId: await pendingBuy(token, '1.09000') });
  return { traders, resting };
}

/** Each order holds, filled once at `price` (the ask) with its margin worked out again there, and every account adds up. */
async function expectEachFilledOnceAt(resting: { userId: number; orderId: number }[], price: string) {
  for (const { orderId } of resting) {
    const order = await d.order(orderId);
    expect([order.status, dec(order.price).toFixed()]).toEqual([1, price]);
  }
  for (const userId of new Set(resting.map((r) => r.userId))) {
    const mine = resting.filter((r) => r.userId === userId).map((r) => r.orderId);
    // Each order's margin: taken at its placement, then moved once at its fill by the difference the price made.
    const margins = (await d.ledger(userId)).filter(
      (r) => r.type === 'trade_margin' && mine.includes(r.refId!),
    );
    for (const orderId of mine) expect(margins.filter((r) => r.refId === orderId)).toHaveLength(2);
    await d.expectEachBalanceAfter(userId);
    await d.expectBalanced(userId);
  }
}

// Issue 50: a gap's pending fills settle in batches of whole accounts, one transaction each, as its stops do.
describe('EURUSD gaps from 1.10000 to 1.08000 through three traders’ two buy limits at 1.09000 each', () => {
  it('fills each once at the ask after the gap and tells each trader once of both fills', async () => {
    const { traders, resting } = await sixLimits();
    const stopTelling = d.toldOf('FOREX_FILLED');
    const batch = vi.spyOn(t.trading, 'fillTriggered');
    d.tick('EURUSD', '1.08000');
    await d.settled();
    const told = stopTelling();
    expect(batch).toHaveBeenCalledTimes(1);
    batch.mockRestore();

    await expectEachFilledOnceAt(resting, '1.08006');
    for (const { id } of traders) {
      const mine = resting.filter((r) => r.userId === id).map((r) => r.orderId);
      expect(told.get(id)).toEqual([mine.sort((a, b) => a - b)]);
    }
  });

  it('fills each on its own when their batch fails as a whole', async () => {
    const { resting } = await sixLimits();
    const batch = vi.spyOn(t.trading, 'fillTriggered').mockRejectedValueOnce(new Error('connection lost'));
    d.tick('EURUSD', '1.08000');
    await d.settled();
    expect(batch).toHaveBeenCalledTimes(1);
    batch.mockRestore();
    await expectEachFilledOnceAt(resting, '1.08006');
  });

  it('leaves in the batch an order its trader cancelled while the batch waited, and fills the others', async () => {
    const { traders, resting } = await sixLimits();
    const [first, ...others] = resting as [(typeof resting)[0], ...typeof resting];
    expect((await d.cancel(traders[0]!.token, first.orderId)).code).toBe(1);
    // The batch the engine would have queued had a gap reached the index before the cancel; called here with
    // no tick, so that the engine does not fill the others first: they fill at the live price.
    const outcomes = await t.trading.fillTriggered(resting);
    expect(outcomes.find((o) => o.orderId === first.orderId)).toEqual({ orderId: first.orderId, done: null });
    await d.settled();
    await expectEachFilledOnceAt(others, '1.10006');
    expect(await d.order(first.orderId)).toMatchObject({ status: 4, closeReason: 'cancelled' });
    expect((await d.ledger(first.userId)).filter((r) => r.refId === first.orderId)).toHaveLength(3);
    await d.expectBalanced(first.userId);
  });
});

describe('EURUSD jumps from 1.10000 to 1.30000 through one trader’s two buy stops at 1.11000', () => {
  it('fills the first at the ask after the jump and cancels the second, which the first left unpaid for', async () => {
    d.tick('EURUSD', '1.10000');
    // Enough free margin for either fill's extra margin at 1.30000, not for both.
    const { id: userId, token } = await d.trader('2460');
    const first = await pendingBuy(token, '1.11000', '1');
    const second = await pendingBuy(token, '1.11000', '1');
    d.tick('EURUSD', '1.30000');
    await d.settled();

    const filled = await d.order(first);
    expect([filled.status, dec(filled.price).toFixed()]).toEqual([1, '1.30007']);
    expect(await d.order(second)).toMatchObject({ status: 4, closeReason: 'insufficient_margin' });
    const rows = await d.ledger(userId);
    expect(rows.filter((r) => r.refId === second && r.type === 'pending_refund')).toHaveLength(1);
    await d.expectEachBalanceAfter(userId);
    await d.expectBalanced(userId);
  });
});
