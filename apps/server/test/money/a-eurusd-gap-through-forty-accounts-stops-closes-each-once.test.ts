import { dec } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

// Issue 50: executions run in parallel across accounts; every stop a gap crosses settles once, at the gap's bid.
describe('EURUSD gaps from 1.10000 to 1.08000 through forty accounts’ stop losses at 1.09000', () => {
  it('closes every position once, by its stop, and every account’s balance is its ledger', async () => {
    d.tick('EURUSD', '1.10000');
    const held: { userId: number; orderId: number }[] = [];
    const traders = await Promise.all(Array.from({ length: 40 }, () => d.trader('1000')));
    for (const [n, { id: userId, token }] of traders.entries()) {
      // One account in ten holds three buys: its closes run one after another.
      for (let k = 0; k < (n % 10 === 0 ? 3 : 1); k++) {
        const placed = await d.submit(token, {
          type: 1,
          cont: '0.01',
          forex_id: d.id('EURUSD'),
          multiple: 100,
          stop_loss_price: '1.09000',
        });
        expect(placed.code, placed.msg).toBe(1);
        held.push({ userId, orderId: placed.data.Id });
      }
    }
    d.tick('EURUSD', '1.08000');
    await d.settled();

    for (const { orderId } of held) {
      const order = await d.order(orderId);
      // Closed at the bid the platform quotes at 1.08000 (a buy exits on the bid), not at the stop's level.
      expect(order).toMatchObject({ status: 3, closeReason: 'stop_loss' });
      expect(dec(order.closePrice!).toFixed()).toBe('1.07994');
    }
    for (const { id } of traders) {
      const closes = (await d.ledger(id)).filter((r) => r.type === 'trade_settle');
      expect(closes).toHaveLength(held.filter((h) => h.userId === id).length);
      await d.expectBalanced(id);
    }
  });
});
