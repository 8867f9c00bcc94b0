import { api, Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  // A buy pays 7 points a lot and night: 1 lot × −7 × 0.00001 × 100,000 = −7 USD.
  await d.setSwaps('EURUSD', '-7', '1');
});
afterAll(() => t?.close());

const swapRows = async (userId: number) =>
  (await d.ledger(userId)).filter((r) => r.type === 'swap').map((r) => [r.refId, dec(r.amount).toFixed()]);

// The test app starts on Wednesday 18 November 2026 at noon UTC.
describe('a 1-lot EURUSD buy held over Wednesday, then 0.4 lots closed', () => {
  it('settles 40 % of the swap with the part and keeps 60 % accruing on the rest', async () => {
    const { id: userId, token } = await d.trader('10000');
    d.tick('EURUSD', '1.16000');
    const buy = await d.submit(token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    expect(buy.code).toBe(Code.OK);
    await d.rolloverAt('2026-11-18T22:00:01Z');
    expect(dec((await d.order(buy.data.Id)).swap).toFixed()).toBe('-21');

    d.tick('EURUSD', '1.16100');
    const part = (
      await t.call('GET', api.closeOrder.path, { token, query: { id: buy.data.Id, lots: '0.4' } })
    ).body.data;
    expect(part).toMatchObject({ Quantity: '0.4', PartOf: buy.data.Id, Swap: '-8.400000' });
    expect(dec((await d.order(buy.data.Id)).swap).toFixed()).toBe('-12.6');
    expect(await swapRows(userId)).toEqual([[part.Id, '-8.4']]);

    // Thursday's night on the 0.6 lots left: −4.20 USD.
    await d.rolloverAt('2026-11-19T22:00:01Z');
    expect(dec((await d.order(buy.data.Id)).swap).toFixed()).toBe('-16.8');
    d.tick('EURUSD', '1.16100');
    expect((await d.close(token, buy.data.Id)).data.Swap).toBe('-16.800000');
    expect(await swapRows(userId)).toEqual([
      [part.Id, '-8.4'],
      [buy.data.Id, '-16.8'],
    ]);
    await d.expectBalanced(userId);
    const report = await reconcile(t.database.db);
    expect(report.issues.filter((i) => i.user_id === userId)).toEqual([]);
  });
});
