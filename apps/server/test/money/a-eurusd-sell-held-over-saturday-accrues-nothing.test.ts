import { Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/operators/schema';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  // Friday 20 November 2026, noon UTC.
  t = await startTestApp({}, { at: Date.parse('2026-11-20T12:00:00Z') });
  d = desk(t);
  // A sell pays 2 points a lot and night: 1 lot × −2 × 0.00001 × 100,000 = −2 USD.
  await d.setSwaps('EURUSD', '0.5', '-2');
});
afterAll(() => t?.close());

describe('a EURUSD sell held from Friday over the weekend', () => {
  it("accrues Friday's night, nothing at Saturday's and Sunday's rollovers, and Monday's night", async () => {
    const { token } = await d.trader('10000');
    d.tick('EURUSD', '1.16000');
    const sell = await d.submit(token, { type: 2, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    expect(sell.code).toBe(Code.OK);

    expect(await d.rolloverAt('2026-11-20T22:00:05Z')).toBe(1);
    expect(await d.rolloverAt('2026-11-21T22:00:05Z')).toBe(0);
    expect(await d.rolloverAt('2026-11-22T22:00:05Z')).toBe(0);
    expect(await d.rolloverAt('2026-11-23T22:00:05Z')).toBe(1);
    expect(await d.swapNights(sell.data.Id)).toEqual([
      { night: '2026-11-20', nights: 1, amount: '-2.00000000' },
      { night: '2026-11-23', nights: 1, amount: '-2.00000000' },
    ]);
    expect(dec((await d.order(sell.data.Id)).swap).toFixed()).toBe('-4');
  });

  it('earns a positive swap_long: a buy held over Wednesday receives three nights', async () => {
    const { token } = await d.trader('10000');
    t.clock.set(Date.parse('2026-11-25T12:00:00Z'));
    d.tick('EURUSD', '1.16000');
    const buy = await d.submit(token, { type: 1, cont: '2', forex_id: d.id('EURUSD'), multiple: 100 });
    await d.rolloverAt('2026-11-25T22:00:05Z');
    // 2 lots × 0.5 points × 0.00001 × 100,000 × 3 nights = +3 USD.
    expect(await d.swapNights(buy.data.Id)).toEqual([
      { night: '2026-11-25', nights: 3, amount: '3.00000000' },
    ]);
  });
});

describe("an operator changing EURUSD's swap rates", () => {
  it('sets them with the instrument terms, audited before and after; a malformed rate changes nothing', async () => {
    const edit = (input: Record<string, unknown>) =>
      d.operatorCall('POST', '/admin/api/instruments/edit', { id: d.id('EURUSD'), ...input });
    expect(await edit({ swap_long: '-8.25', swap_short: '1.5' })).toMatchObject({
      code: Code.OK,
      data: { swap_long: '-8.25', swap_short: '1.5' },
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'instrument.edit'), eq(auditLog.targetId, String(d.id('EURUSD')))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ swap_long: '0.5', swap_short: '-2' });
    expect(entry?.after).toMatchObject({ swap_long: '-8.25', swap_short: '1.5' });
    for (const bad of ['1e3', '--1', '0.123456789', '']) {
      expect((await edit({ swap_long: bad })).code, bad).toBe(Code.INVALID_INPUT);
    }
    expect(t.market.instrumentByCode('EURUSD')).toMatchObject({ swapLong: '-8.25000000' });
  });
});
