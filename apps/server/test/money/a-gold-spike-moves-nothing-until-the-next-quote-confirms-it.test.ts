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

/** One provider quote of gold, one second after the last: true when the market took it now. */
const quote = (price: string) => {
  t.clock.set(t.clock.now() + 1000);
  return t.market.pushTick({ symbol: 'XAUUSD', price, time: t.clock.now(), volume: 1 });
};

describe('a gold buy with its stop loss at 1990.00, and a provider that prints 1900.00 once', () => {
  it('holds the spike, drops it when the next quote does not confirm it, and never fires the stop', async () => {
    const { id: userId, token } = await d.trader('10000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      stop_loss_price: '1990.00',
    });
    expect(buy.code).toBe(1);
    const before = t.market.spikeCounts();
    // 4.5 % down in one quote: past the threshold (0.3 % of the price at least), held.
    expect(quote('1900.00')).toBe(false);
    // Still the bid of 2000.00: 2000.00 × (1 − 0.0001) = 1999.80.
    expect(t.market.lastPrice(d.id('XAUUSD'))).toBe('1999.80');
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);
    // The next quote is back near 2000.00: the spike is dropped, the quote taken.
    expect(quote('2000.40')).toBe(true);
    await d.settled();
    expect((await d.order(buy.data.Id)).status).toBe(1);
    expect(t.market.spikeCounts()).toEqual({ held: before.held + 1, dropped: before.dropped + 1 });
    await d.expectBalanced(userId);
  });
});

describe('a gold buy with its stop loss at 1990.00, and a real gap to 1950.00', () => {
  it('takes the gap once the next quote confirms it, and closes at the live price', async () => {
    const { id: userId, token } = await d.trader('10000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      stop_loss_price: '1990.00',
    });
    expect(quote('1950.00')).toBe(false);
    // Within half the threshold of the held quote: both are taken, in order.
    expect(quote('1950.30')).toBe(true);
    await d.settled();
    // The bid of the live quote: 1950.30 × (1 − 0.0001) = 1950.10497.
    expect(await d.order(buy.data.Id)).toMatchObject({
      status: 3,
      closeReason: 'stop_loss',
      closePrice: '1950.1000000000',
    });
    await d.expectBalanced(userId);
  });
});

describe('an operator’s own spike threshold for gold', () => {
  it('takes a 4.5 % quote at once under a 5 % threshold, and holds a 2 % one under 1 %, audited', async () => {
    d.tick('XAUUSD', '2000.00');
    const set = (spike_threshold: string | null) =>
      d.operatorCall('POST', '/admin/api/instruments/edit', { id: d.id('XAUUSD'), spike_threshold });
    expect((await set('0.05')).code).toBe(1);
    try {
      expect(quote('1910.00')).toBe(true);
      expect((await set('0.01')).code).toBe(1);
      // 2 % from 1909.80 (the bid of 1910.00): past 1 %, held until the next quote confirms it.
      expect(quote('1871.80')).toBe(false);
      expect(quote('1871.90')).toBe(true);
      // A threshold that is no fraction of a price is refused.
      expect((await set('2')).code).not.toBe(1);
    } finally {
      await set(null);
    }
  });
});
