import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../src/notifications/schema';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

/** Two EURUSD buys of `cont` lots at 1:`multiple`, each with a stop loss at 1.09000; their ids. */
async function twoBuysStoppedAt109(token: string, cont: string, multiple: number): Promise<number[]> {
  const ids: number[] = [];
  for (let k = 0; k < 2; k++) {
    const placed = await d.submit(token, {
      type: 1,
      cont,
      forex_id: d.id('EURUSD'),
      multiple,
      stop_loss_price: '1.09000',
    });
    expect(placed.code, placed.msg).toBe(1);
    ids.push(placed.data.Id);
  }
  return ids;
}

/** Three traders, each holding two EURUSD buys with a stop loss at 1.09000, the price at 1.10000. */
async function sixStops() {
  d.tick('EURUSD', '1.10000');
  const traders = await Promise.all([1, 2, 3].map(() => d.trader('1000')));
  const held: { userId: number; token: string; orderId: number }[] = [];
  for (const { id: userId, token } of traders)
    for (const orderId of await twoBuysStoppedAt109(token, '0.01', 100))
      held.push({ userId, token, orderId });
  return { traders, held };
}

async function expectEachClosedOnceByItsStop(held: { userId: number; orderId: number }[]) {
  for (const { orderId, userId } of held) {
    expect(await d.order(orderId)).toMatchObject({ status: 3, closeReason: 'stop_loss' });
    const settles = (await d.ledger(userId)).filter((r) => r.type === 'trade_settle' && r.refId === orderId);
    expect(settles).toHaveLength(1);
  }
  for (const userId of new Set(held.map((h) => h.userId))) await d.expectBalanced(userId);
}

// Issue 50: a gap's stops settle in batches of whole accounts, one transaction each.
describe('EURUSD gaps from 1.10000 to 1.08000 through three traders’ two stops each', () => {
  it('closes each stop once, tells each trader once of both closes and records each stop’s notice', async () => {
    const { traders, held } = await sixStops();
    const stopTelling = d.toldOf('FOREX_CLOSED');
    d.tick('EURUSD', '1.08000');
    await d.settled();
    await t.notices.settled();
    const told = stopTelling();

    await expectEachClosedOnceByItsStop(held);
    for (const { id } of traders) {
      const mine = held.filter((h) => h.userId === id).map((h) => h.orderId);
      expect(told.get(id)).toEqual([mine.sort((a, b) => a - b)]);
      const notices = await t.database.db
        .select({ kind: notifications.kind, ref: notifications.ref })
        .from(notifications)
        .where(eq(notifications.userId, id));
      expect(notices.map((n) => n.ref).sort()).toEqual(
        mine.map((orderId) => `order:${orderId}:closed`).sort(),
      );
      expect(notices.every((n) => n.kind === 'stop_loss_hit')).toBe(true);
    }
  });

  it('closes each stop on its own when their batch fails as a whole', async () => {
    const { held } = await sixStops();
    const batch = vi.spyOn(t.trading, 'closeTriggered').mockRejectedValueOnce(new Error('connection lost'));
    d.tick('EURUSD', '1.08000');
    await d.settled();
    expect(batch).toHaveBeenCalledTimes(1);
    batch.mockRestore();
    await expectEachClosedOnceByItsStop(held);
  });

  it('refuses in the batch a stop its trader closed while the batch waited, and settles the others', async () => {
    const { held } = await sixStops();
    const [first, ...others] = held as [(typeof held)[0], ...typeof held];
    expect((await d.close(first.token, first.orderId)).code).toBe(1);
    // The batch the engine would have queued had a gap fired the index before the trader's close reached
    // it; called here with no tick, so that the engine does not close the others first (it would on a tick).
    const outcomes = await t.trading.closeTriggered(
      held.map(({ orderId, userId }) => ({ orderId, userId, reason: 'stop_loss' as const })),
    );
    expect(outcomes.find((o) => o.orderId === first.orderId)?.refusal?.key).toBe('order_already_closed');
    expect(
      outcomes
        .filter((o) => o.closed)
        .map((o) => o.orderId)
        .sort(),
    ).toEqual(others.map((o) => o.orderId).sort());
    await d.settled();
    expect(await d.order(first.orderId)).toMatchObject({ status: 3, closeReason: 'user' });
    await expectEachClosedOnceByItsStop(others);
    const firstSettles = (await d.ledger(first.userId)).filter(
      (r) => r.refId === first.orderId && r.type === 'trade_settle',
    );
    expect(firstSettles).toHaveLength(1);
    await d.expectBalanced(first.userId);
  });

  it('leaves two traders below zero: one’s resting limit pays first, and protection tops each up once, after both stops', async () => {
    d.tick('EURUSD', '1.10000');
    const [withLimit, without] = await Promise.all([d.trader('1000'), d.trader('1000')]);
    const buys = new Map<number, number[]>();
    for (const { id, token } of [withLimit, without])
      buys.set(id, await twoBuysStoppedAt109(token, '1', 500));
    const limit = await d.submit(withLimit.token, {
      type: 2,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 500,
      status: 0,
      target_price: '1.12000',
    });
    expect(limit.code, limit.msg).toBe(1);

    // Two lots each lose about 2,000 at 1.08000: far more than the 1,000 each trader put in.
    d.tick('EURUSD', '1.08000');
    await d.settled();

    expect(await d.order(limit.data.Id)).toMatchObject({ status: 4, closeReason: 'negative_balance' });
    for (const { id } of [withLimit, without]) {
      for (const orderId of buys.get(id)!)
        expect(await d.order(orderId)).toMatchObject({ status: 3, closeReason: 'stop_loss' });
      const rows = await d.ledger(id);
      const protection = rows.filter((r) => r.type === 'negative_balance_protection');
      expect(protection).toHaveLength(1);
      const settles = rows.filter((r) => r.type === 'trade_settle').map((r) => r.id);
      expect(settles).toHaveLength(2);
      expect(protection[0]!.id).toBeGreaterThan(Math.max(...settles));
      await d.expectEachBalanceAfter(id);
      expect((await d.account(id)).balance.toFixed()).toBe('0');
      await d.expectBalanced(id);
    }
    const refund = (await d.ledger(withLimit.id)).filter((r) => r.type === 'pending_refund');
    expect(refund).toHaveLength(1);
  });
});
