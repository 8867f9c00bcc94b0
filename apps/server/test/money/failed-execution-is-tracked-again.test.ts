import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '../../src/bus/channels';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp, WATCHED } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

// Defect 3 of issue 18: the index dropped a trigger when it fired, and the engine swallowed a failed
// execution, so one database error left a stop-loss dead until the next restart.
describe('buy EURUSD with a stop-loss whose first execution fails', () => {
  it('keeps the stop-loss and closes the position at the next tick that crosses it', async () => {
    const { token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const buy = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      stop_loss_price: '1.09500',
    });
    const close = t.trading.close.bind(t.trading);
    const failOnce = vi
      .spyOn(t.trading, 'close')
      .mockImplementationOnce(async () => {
        throw new Error('Connection terminated unexpectedly');
      })
      .mockImplementation(close);
    d.tick('EURUSD', '1.09400');
    await d.settled();
    expect(failOnce).toHaveBeenCalledTimes(1);
    expect((await d.order(buy.data.Id)).status).toBe(1);

    d.tick('EURUSD', '1.09380');
    await d.settled();
    const closed = await d.order(buy.data.Id);
    // Closed at the bid of the second crossing tick: 1.09380 × (1 − 0.00005) = 1.093745 → 1.09374.
    expect(closed).toMatchObject({ status: 3, closeReason: 'stop_loss' });
    expect(closed.closePrice).toBe('1.0937400000');
    failOnce.mockRestore();
  });

  it('keeps a pending order whose fill fails, and fills it at the next tick that reaches it', async () => {
    const { token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const limit = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      status: 0,
      target_price: '1.09000',
    });
    const fill = t.trading.fill.bind(t.trading);
    const failOnce = vi
      .spyOn(t.trading, 'fill')
      .mockImplementationOnce(async () => {
        throw new Error('Connection terminated unexpectedly');
      })
      .mockImplementation(fill);
    d.tick('EURUSD', '1.08990');
    await d.settled();
    expect((await d.order(limit.data.Id)).status).toBe(0);
    d.tick('EURUSD', '1.08980');
    await d.settled();
    // At the ask of the second tick: 1.08980 × (1 + 0.00005) = 1.089854 → 1.08986.
    expect(await d.order(limit.data.Id)).toMatchObject({ status: 1, originPrice: '1.0898600000' });
    failOnce.mockRestore();
  });
});

describe('an account sweep that fails', () => {
  it('is caught and the account is swept again', async () => {
    const { id: userId, token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('EURUSD'), multiple: 100 });
    const pushed: unknown[] = [];
    t.watch(userId);
    const off = t.bus.subscribe(WATCHED, (e) => {
      const event = e as UserEvent;
      if (event.userId === userId && event.message.type === 'FOREX_TRADE') pushed.push(event.message);
    });
    const mark = t.trading.mark.bind(t.trading);
    let failed = false;
    const failOnce = vi.spyOn(t.trading, 'mark').mockImplementation((order) => {
      if (!failed && 'userId' in order && order.userId === userId) {
        failed = true;
        throw new Error('no USD rate');
      }
      return mark(order);
    });
    d.tick('EURUSD', '1.10010');
    await expect(t.engine.sweep()).resolves.toBeUndefined();
    expect(pushed).toHaveLength(0);
    await t.engine.sweep();
    expect(pushed).toHaveLength(1);
    failOnce.mockRestore();
    off();
  });
});
