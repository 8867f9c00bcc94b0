import { Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  // Bitcoin: 1 coin a lot, a point is 0.01 USD; a buy pays 2,500 points (25 USD) a lot and night.
  await d.setSwaps('BTCUSD', '-2500', '-1000');
});
afterAll(() => t?.close());

// The test app starts on Wednesday 18 November 2026 at noon UTC.
describe('a Bitcoin buy held for a week', () => {
  it('accrues one night at every rollover, Wednesday and the weekend alike: 0.1 lots × −25 USD a night', async () => {
    const { token } = await d.trader('50000');
    d.tick('BTCUSD', '96000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('BTCUSD'), multiple: 10 });
    expect(buy.code).toBe(Code.OK);
    const days = ['18', '19', '20', '21', '22', '23', '24'];
    for (const day of days) expect(await d.rolloverAt(`2026-11-${day}T22:00:01Z`)).toBe(1);
    expect(await d.swapNights(buy.data.Id)).toEqual(
      days.map((day) => ({ night: `2026-11-${day}`, nights: 1, amount: '-2.50000000' })),
    );
    expect(dec((await d.order(buy.data.Id)).swap).toFixed()).toBe('-17.5');
  });
});
