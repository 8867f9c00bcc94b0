import { Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingMarket } from '../../src/trading/market';
import { Rollovers } from '../../src/trading/swaps';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  // 1 lot: EURUSD −5 USD a night; USDJPY −600 JPY a night (−6 points × 0.001 × 100,000).
  await d.setSwaps('EURUSD', '-5', '0');
  await d.setSwaps('USDJPY', '0', '-6');
});
afterAll(() => t?.close());

/** The rollover job of a node that has just become the leader: it knows nothing of the runs before it. */
const newLeader = () => new Rollovers(t.database.db, t.market, tradingMarket(t.market), t.bus, t.clock.now);

// The test app starts on Wednesday 18 November 2026 at noon UTC.
describe('a rollover missed while the server was down', () => {
  it('is charged once when it comes back, a stale conversion rate waiting for a live one', async () => {
    const { token } = await d.trader('20000');
    d.tick('EURUSD', '1.16000');
    d.tick('USDJPY', '150.000');
    const eurusd = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    const usdjpy = await d.submit(token, { type: 2, cont: '1', forex_id: d.id('USDJPY'), multiple: 100 });
    expect([eurusd.code, usdjpy.code]).toEqual([Code.OK, Code.OK]);

    // Down from Wednesday noon to Friday 10:00: Wednesday's and Thursday's rollovers never ran.
    t.clock.set(Date.parse('2026-11-20T10:00:00Z'));
    // A position opened after both rollovers, before the job runs, is charged for neither.
    d.tick('EURUSD', '1.16000');
    const late = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    const leader = newLeader();
    expect(await leader.run()).toBe(2);
    expect(await d.swapNights(eurusd.data.Id)).toEqual([
      { night: '2026-11-18', nights: 3, amount: '-15.00000000' },
      { night: '2026-11-19', nights: 1, amount: '-5.00000000' },
    ]);
    expect(await d.swapNights(late.data.Id)).toEqual([]);
    // USDJPY's last quote is stale: its yen cannot be converted yet, so its nights wait.
    expect(await d.swapNights(usdjpy.data.Id)).toEqual([]);

    // The provider's bid and ask: yen convert at the bid, the quote's Close.
    d.tick('USDJPY', { bid: '150.000', ask: '150.016' });
    expect(await leader.run()).toBe(2);
    // −600 JPY × 3 and × 1 at 150.000: −12 USD and −4 USD.
    expect(await d.swapNights(usdjpy.data.Id)).toEqual([
      { night: '2026-11-18', nights: 3, amount: '-12.00000000' },
      { night: '2026-11-19', nights: 1, amount: '-4.00000000' },
    ]);
    // Once done, neither this leader nor the next charges them again.
    expect(await leader.run()).toBe(0);
    expect(await newLeader().run()).toBe(0);
    expect(dec((await d.order(eurusd.data.Id)).swap).toFixed()).toBe('-20');
    expect(dec((await d.order(usdjpy.data.Id)).swap).toFixed()).toBe('-16');
  });
});

describe('two rollover runs at once, as two nodes would', () => {
  it('charge a night once', async () => {
    const { token } = await d.trader('20000');
    t.clock.set(Date.parse('2026-11-23T12:00:00Z'));
    d.tick('EURUSD', '1.16000');
    const buys = [];
    for (let i = 0; i < 3; i++) {
      buys.push(
        (await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 })).data,
      );
    }
    t.clock.set(Date.parse('2026-11-23T22:00:01Z'));
    await Promise.all([newLeader().run(), newLeader().run(), t.rollovers.run()]);
    for (const buy of buys) {
      expect(await d.swapNights(buy.Id)).toEqual([{ night: '2026-11-23', nights: 1, amount: '-5.00000000' }]);
      expect(dec((await d.order(buy.Id)).swap).toFixed()).toBe('-5');
    }
  });
});
