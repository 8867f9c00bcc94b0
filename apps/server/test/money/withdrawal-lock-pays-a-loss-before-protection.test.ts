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

// Defect 1 of issue 18: with the cash locked by a withdrawal request, protection refilled the balance
// after a loss, and the operator's rejection of the withdrawal then gave the locked cash back as well.
describe('buy gold, ask to withdraw all the cash, gold gaps down through the margin', () => {
  it('returns the withdrawal to pay the loss and protects only the 4.50 that remains', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    // Fill 2000.20: margin 200.02, fee 0.60, cash 799.38.
    expect(buy).toMatchObject({ code: 1, data: { Price: '2000.20', CautionMoney: '200.020000' } });
    d.tick('XAUUSD', '2010.00');
    const asked = await d.withdraw(token, '799.38');
    expect(asked).toMatchObject({ code: 1 });
    expect((await d.account(userId)).lock.toFixed()).toBe('799.38');

    // Gap to 1900.00: the buy closes at 1899.81, losing 1,003.90; equity −803.88. Stop-out closes it.
    d.tick('XAUUSD', '1900.00');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    const after = await d.account(userId);
    expect([after.balance.toFixed(), after.lock.toFixed()]).toEqual(['0', '0']);
    const types = (await d.ledger(userId)).map((r) => `${r.account}:${r.type}:${r.amount}`);
    expect(types.slice(-4)).toEqual([
      'balance:trade_settle:-803.88000000',
      'balance:withdraw_unlock:799.38000000',
      'lock:withdraw_unlock:-799.38000000',
      'balance:negative_balance_protection:4.50000000',
    ]);

    // The request was returned, not left for the operator: a rejection now changes nothing.
    const records = (await t.call('GET', '/api/account/draw_list', { token, query: { type: 1, page: 1 } }))
      .body.data.data;
    expect(records[0]).toMatchObject({ status: 2, status_name: 'Rejected' });
    await expect(d.rejectWithdrawal(records[0].id)).rejects.toMatchObject({ key: 'review_done' });
    expect((await d.account(userId)).balance.toFixed()).toBe('0');
    await d.expectBalanced(userId);
  });
});
