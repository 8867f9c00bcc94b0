import { Code } from '@meridian/contract';
import { accountFigures, availableText, dec, withdrawable } from '@meridian/core';
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

// Defect 2 of issue 18: a withdrawal checked only the cash, so the margin a losing position needed
// could be taken out from under it.
describe('buy gold, it falls 10 USD, then ask to withdraw', () => {
  it('allows min(cash, free margin) = 695.38, refuses a cent more, and nothing once at margin call', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    // Cash 799.38; at 1990.00 the buy marks at 1989.80: −104, so free margin is 695.38.
    d.tick('XAUUSD', '1990.00');
    expect((await d.accountDetail(token)).data).toEqual({
      balance: '799.38',
      lock_balance: '0.00',
      withdrawable: '695.38',
    });
    const tooMuch = await d.withdraw(token, '695.39');
    expect(tooMuch).toMatchObject({ code: Code.REFUSED, msg: 'You can withdraw at most 695.38 USD now' });
    expect((await d.account(userId)).lock.toFixed()).toBe('0');

    expect(await d.withdraw(token, '695.38')).toMatchObject({ code: 1 });
    // Equity is now exactly the used margin: a risk rate of 100 %, the margin call level.
    expect((await d.accountDetail(token)).data.withdrawable).toBe('0.00');
    const inCall = await d.withdraw(token, '10');
    expect(inCall).toMatchObject({
      msg: 'Your account is in margin call: withdrawals are blocked until it recovers',
    });
    await d.expectBalanced(userId);
  });

  it('shows the available amount rounded down, never up', async () => {
    const { token } = await d.trader('1000');
    d.tick('USDJPY', '150.000');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('USDJPY'), multiple: 100 });
    // A yen loss converted at 150.123 has more decimals than a cent.
    d.tick('USDJPY', '150.123');
    const balance = dec('1000').minus(buy.data.CautionMoney).minus(buy.data.TradeFee);
    const pnl = (await d.myDeal(token, 1)).data.data[0].FactProfits;
    const exact = withdrawable(accountFigures(balance, [{ margin: buy.data.CautionMoney, pnl }]));
    expect(exact.decimalPlaces()).toBeGreaterThan(2);
    expect((await d.accountDetail(token)).data.withdrawable).toBe(availableText(exact));
  });
});
