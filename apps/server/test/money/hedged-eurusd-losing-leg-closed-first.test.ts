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

// Defect 1 of issue 18: protection topped up a single leg of a hedge, and the other leg's profit then
// left the account far above where it started.
describe('hedged EURUSD at 1:500, the losing leg closed first', () => {
  it('gets no protection: the balance dips below zero while the winning leg is held, and ends at what the hedge cost', async () => {
    const { id: userId, token } = await d.trader('500');
    d.tick('EURUSD', '1.10000');
    const query = { cont: '1', forex_id: d.id('EURUSD'), multiple: 500 };
    const buy = await d.submit(token, { ...query, type: 1 });
    const sell = await d.submit(token, { ...query, type: 2 });
    // Buy at the ask 1.10006 (margin 220.012), sell at the bid 1.09994 (margin 219.988), 5 USD fee each.
    expect([buy.data.CautionMoney, sell.data.CautionMoney]).toEqual(['220.012000', '219.988000']);
    expect((await d.account(userId)).balance.toFixed()).toBe('50');

    // Euro falls 5 % (bid 1.04994, ask 1.05006): the buy loses 5,012, the sell gains 4,988; equity 466 on 440 of margin.
    d.tick('EURUSD', '1.05000');
    await d.settled();
    const losing = await d.close(token, buy.data.Id);
    expect(losing).toMatchObject({ code: 1, data: { FactProfits: '-5012.000000' } });
    // 50 + 220.012 − 5012: below zero, but the account still holds the sell leg's 4,988.
    expect((await d.account(userId)).balance.toFixed()).toBe('-4741.988');
    const rows = await d.ledger(userId);
    expect(rows.map((r) => r.type)).not.toContain('negative_balance_protection');

    const winning = await d.close(token, sell.data.Id);
    expect(winning).toMatchObject({ code: 1, data: { FactProfits: '4988.000000' } });
    // 500 deposited − 10 of fees − 24 of spread (12 points in, 12 out): what the hedge cost, not a cent more or less.
    expect((await d.account(userId)).balance.toFixed()).toBe('466');
    expect((await d.ledger(userId)).map((r) => r.type)).not.toContain('negative_balance_protection');
    await d.expectBalanced(userId);
  });

  it('refuses a new order and a withdrawal while the balance is below zero, whatever the open profit', async () => {
    const { id: userId, token } = await d.trader('500');
    d.tick('EURUSD', '1.10000');
    const query = { cont: '1', forex_id: d.id('EURUSD'), multiple: 500 };
    const buy = await d.submit(token, { ...query, type: 1 });
    await d.submit(token, { ...query, type: 2 });
    d.tick('EURUSD', '1.05000');
    await d.close(token, buy.data.Id);
    expect((await d.account(userId)).balance.lt(0)).toBe(true);
    expect(await d.submit(token, { ...query, cont: '0.01', type: 1 })).toMatchObject({
      msg: 'Not enough free margin for this order',
    });
    const refused = await d.withdraw(token, '10');
    expect(refused.code).not.toBe(1);
    expect(dec((await d.account(userId)).lock).isZero()).toBe(true);
  });
});
