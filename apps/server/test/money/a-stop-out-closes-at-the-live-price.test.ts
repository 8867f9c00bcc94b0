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

// Defect 3 of issue 47: a stop-out closed at the price its sweep had read, not at the price when the close ran.
describe('a gold buy stopped out at 1985.00, with gold at 1984.00 by the time its close runs', () => {
  it('closes at the live 1984.00, not at the 1985.00 the sweep saw', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.4', forex_id: d.id('XAUUSD'), multiple: 100 });
    expect(buy.code).toBe(1);
    d.tick('XAUUSD', '1985.00');
    await t.engine.idle();
    // The sweep decides the stop-out at 1985.00 and queues its close; the next tick arrives before it runs.
    await t.engine.sweep();
    d.tick('XAUUSD', '1984.00');
    await d.settled();
    // 1984.00 × (1 − 0.0001) = 1983.8016, the bid at the close.
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'stop_out',
      closePrice: '1983.8000000000',
    });
    await d.expectBalanced(userId);
  });
});

// Defect 3 of issue 47: P&L in another currency converted at the last rate, however old.
describe('a EUR/GBP buy whose GBP/USD rate has gone stale', () => {
  it('is neither opened nor closed until GBP/USD quotes again, and then closes at the live rate', async () => {
    const { id: userId, token } = await d.trader('10000');
    d.tick('GBPUSD', '1.30000');
    d.tick('EURGBP', '0.88000');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('EURGBP'), multiple: 100 });
    expect(buy.code).toBe(1);
    // EUR/GBP keeps quoting; GBP/USD, which converts its P&L and margin to USD, says nothing for 11 s.
    for (let i = 0; i < 11; i++) d.tick('EURGBP', '0.88100');
    const unavailable = 'The price is unavailable right now, please try again shortly';
    expect((await d.close(token, buy.data.Id)).msg).toBe(unavailable);
    expect(
      (await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('EURGBP'), multiple: 100 })).msg,
    ).toBe(unavailable);
    expect((await d.order(buy.data.Id)).status).toBe(1);

    d.tick('GBPUSD', '1.31000');
    const closed = await d.close(token, buy.data.Id);
    expect(closed.code).toBe(1);
    const order = await d.order(buy.data.Id);
    // Bought at the ask 0.88000 × (1 + 0.0001) = 0.880088 → 0.88009, sold at the bid 0.88100 × (1 − 0.0001)
    // = 0.8809119 → 0.88091: 0.00082 × 10,000 = 8.20 GBP, at the live rate, GBP/USD's bid
    // 1.31000 × (1 − 0.00005) = 1.3099345 → 1.30993: 10.741426 USD.
    expect(order).toMatchObject({ status: 3, price: '0.8800900000', closePrice: '0.8809100000' });
    expect(dec(order.profit!).toFixed()).toBe('10.741426');
    await d.expectBalanced(userId);
  });
});
