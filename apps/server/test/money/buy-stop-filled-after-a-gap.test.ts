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

// Defect 6 of issue 18: a pending order filled past its target kept the margin worked out at the target.
describe('gold buy stop at 2000.00, the market gaps to 2050.00', () => {
  it('fills at the ask 2050.21 and takes the extra 5.021 of margin with its own ledger row', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '1990.00');
    const stop = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '2000.00',
    });
    // Reserved at the target: margin 0.1 × 100 × 2000.00 ÷ 100 = 200.00, fee 0.60.
    expect(stop.data).toMatchObject({ CautionMoney: '200.000000', TradeFee: '0.600000' });
    d.tick('XAUUSD', '2050.00');
    await d.settled();
    const filled = await d.order(stop.data.Id);
    // The ask: 2050.00 × 1.0001 = 2050.205 → 2050.21, where a buy opens; margin 0.1 × 100 × 2050.21 ÷ 100.
    expect(filled).toMatchObject({ status: 1, price: '2050.2100000000', originPrice: '2050.2100000000' });
    expect(dec(filled.margin).toFixed()).toBe('205.021');
    const rows = (await d.ledger(userId)).filter((r) => r.refId === stop.data.Id);
    expect(rows.map((r) => `${r.type}:${dec(r.amount).toFixed()}`)).toEqual([
      'trade_margin:-200',
      'trade_fee:-0.6',
      'trade_margin:-5.021',
    ]);
    expect((await d.account(userId)).balance.toFixed()).toBe('794.379');
    await d.expectBalanced(userId);
  });

  it('gives margin back when a buy limit fills below its target', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2010.00');
    const limit = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '2000.00',
    });
    d.tick('XAUUSD', '1950.00');
    await d.settled();
    const filled = await d.order(limit.data.Id);
    // The ask 1950.00 × 1.0001 = 1950.195 → 1950.20; margin 195.02, 4.98 less than reserved at 2000.00.
    expect(dec(filled.margin).toFixed()).toBe('195.02');
    const rows = (await d.ledger(userId)).filter((r) => r.refId === limit.data.Id);
    expect(rows.map((r) => `${r.type}:${dec(r.amount).toFixed()}`).at(-1)).toBe('trade_margin:4.98');
    await d.expectBalanced(userId);
  });

  it('cancels the order with its reserve refunded when the account cannot pay the margin at the gap', async () => {
    const { id: userId, token } = await d.trader('200.70');
    d.tick('XAUUSD', '1990.00');
    const stop = await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '2000.00',
    });
    expect(stop.code).toBe(1);
    expect((await d.account(userId)).balance.toFixed()).toBe('0.1');
    d.tick('XAUUSD', '2050.00');
    await d.settled();
    expect(await d.order(stop.data.Id)).toMatchObject({ status: 4, closeReason: 'insufficient_margin' });
    expect((await d.account(userId)).balance.toFixed()).toBe('200.7');
    await d.expectBalanced(userId);
  });
});
