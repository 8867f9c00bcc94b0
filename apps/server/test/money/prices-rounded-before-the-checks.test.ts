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

// Defect 9 of issue 18: SL and TP were checked and stored as typed, but shown and triggered at the
// instrument's precision.
describe('buy gold at 2000.00 with stops typed to three decimals', () => {
  it('refuses a stop-loss of 1999.996, which is 2000.00 at the instrument’s precision', async () => {
    const { token } = await d.trader();
    d.tick('XAUUSD', '2000.00');
    const res = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      stop_loss_price: '1999.996',
    });
    expect(res.msg).toBe('The stop loss is on the wrong side of the current price');
  });

  it('stores 1990.004 and 2010.006 as 1990.00 and 2010.01, as they are shown and triggered', async () => {
    const { token } = await d.trader();
    d.tick('XAUUSD', '2000.00');
    const res = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      stop_loss_price: '1990.004',
      target_profit_price: '2010.006',
    });
    expect(res.data).toMatchObject({ TargetLossPrice: '1990.00', TargetProfitPrice: '2010.01' });
    const order = await d.order(res.data.Id);
    expect([order.stopLoss, order.takeProfit]).toEqual(['1990.0000000000', '2010.0100000000']);
    const edited = await d.setStops(token, res.data.Id, '1999.996', '0');
    expect(edited.msg).toBe('The stop loss is on the wrong side of the current price');
  });

  it('stores a pending target at the instrument’s precision', async () => {
    const { token } = await d.trader();
    d.tick('XAUUSD', '2000.00');
    const res = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '1990.004',
    });
    expect(res.data.OriginPrice).toBe('1990.00');
    expect((await d.order(res.data.Id)).originPrice).toBe('1990.0000000000');
  });
});

describe('a repeated client_order_id after the market has closed', () => {
  it('returns the first order, as any repeat does, instead of "market closed"', async () => {
    const { id: userId, token } = await d.trader();
    d.tick('EURUSD', '1.10000');
    const query = {
      type: 1,
      cont: '0.1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      client_order_id: 'late-retry',
    };
    const first = await d.submit(token, query);
    expect(first.code).toBe(1);
    // Friday 22:00 UTC has passed: forex is closed for the weekend when the app retries.
    t.clock.set(Date.parse('2026-11-21T12:00:00Z'));
    const repeat = await d.submit(token, query);
    expect(repeat).toMatchObject({ code: 1, data: { Id: first.data.Id } });
    const fresh = await d.submit(token, { ...query, client_order_id: 'new-after-close' });
    expect(fresh.msg).toBe('The market is closed');
    await d.expectBalanced(userId);
  });
});
