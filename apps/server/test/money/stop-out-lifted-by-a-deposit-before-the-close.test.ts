import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { post } from '../../src/ledger/post';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

// The sweep decides a stop-out on the balance it read; the close locks the account later. Money that lands
// between the two must count.
describe('buy gold at 100:1, it falls to the stop-out level, and a deposit lands as the stop-out is queued', () => {
  it('keeps the position open: the stop-out is checked again at the locked balance', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.4', forex_id: d.id('XAUUSD'), multiple: 100 });
    expect(buy.code).toBe(1);
    const close = t.trading.close.bind(t.trading);
    const stopOuts: number[] = [];
    const spy = vi.spyOn(t.trading, 'close').mockImplementation(async (orderId, reason, options) => {
      if (reason === 'stop_out') {
        stopOuts.push(orderId);
        await t.database.db.transaction((tx) =>
          post(tx, { userId, account: 'balance', type: 'deposit', amount: '5000' }),
        );
      }
      return close(orderId, reason, options);
    });
    try {
      // 15 × 0.4 lots × 100 oz = 600 lost of 1,000: at the stop-out level (stop-out-waits-for-a-live-quote.test.ts).
      d.tick('XAUUSD', '1985.00');
      await d.settled();
      expect(stopOuts).toEqual([buy.data.Id]);
    } finally {
      spy.mockRestore();
    }
    expect((await d.order(buy.data.Id)).status).toBe(1);
    // Swept again at the new balance: nothing to stop out, nothing closes.
    d.tick('XAUUSD', '1985.00');
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);
    await d.expectBalanced(userId);
  });

  it('stops out as before when nothing arrived', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.4', forex_id: d.id('XAUUSD'), multiple: 100 });
    d.tick('XAUUSD', '1985.00');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    await d.expectBalanced(userId);
  });
});
