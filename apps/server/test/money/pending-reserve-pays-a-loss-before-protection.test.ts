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

// Defect 1 of issue 18: protection refilled the balance while a pending order's reserve was held, and
// cancelling the order afterwards refunded the reserve on top.
describe('buy gold and leave a sell limit resting, gold gaps down through the margin', () => {
  it('cancels the pending order to pay the loss and protects only what is left', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    const limit = await d.submit(token, {
      type: 2,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '2100.00',
    });
    expect(limit).toMatchObject({ code: 1, data: { Status: 0 } });
    const reserve = dec(limit.data.CautionMoney).plus(limit.data.TradeFee);

    d.tick('XAUUSD', '1900.00');
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    expect(await d.order(limit.data.Id)).toMatchObject({ status: 4, closeReason: 'negative_balance' });
    // 1000 − 0.60 of fee − 1,003.90 of loss: the account's true deficit is 4.50, whatever the reserve was.
    const rows = await d.ledger(userId);
    const protection = rows.filter((r) => r.type === 'negative_balance_protection');
    expect(protection.map((r) => dec(r.amount).toFixed())).toEqual(['4.5']);
    const refund = rows.find((r) => r.type === 'pending_refund');
    expect(dec(refund!.amount).eq(reserve)).toBe(true);
    expect((await d.account(userId)).balance.toFixed()).toBe('0');

    // The order is gone: cancelling it gives nothing back twice.
    expect(await d.cancel(token, limit.data.Id)).toMatchObject({ msg: 'Order already closed' });
    expect((await d.account(userId)).balance.toFixed()).toBe('0');
    await d.expectBalanced(userId);
  });

  it('cancels only as many pending orders as the loss needs, newest first', async () => {
    const { id: userId, token } = await d.trader('3000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    const pending = (target: string) =>
      d.submit(token, {
        type: 2,
        cont: '0.1',
        forex_id: d.id('XAUUSD'),
        multiple: 20,
        status: 0,
        target_price: target,
      });
    // Reserves at the targets (1:20): 1,050.60 and 1,055.60, leaving 3,000 − 200.62 − 2,106.20 = 693.18 of cash.
    const first = await pending('2100.00');
    const second = await pending('2110.00');
    expect((await d.account(userId)).balance.toFixed()).toBe('693.18');
    // The buy closes at 1899.81 (by the trader or by stop-out, whichever comes first): 200.02 − 1,003.90 = −803.88
    // settled leaves −110.70.
    d.tick('XAUUSD', '1900.00');
    await d.close(token, buy.data.Id);
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({ status: 3 });
    // Less than one reserve: the newest order is cancelled, the older one still waits for its price.
    expect((await d.order(second.data.Id)).status).toBe(4);
    expect((await d.order(first.data.Id)).status).toBe(0);
    expect((await d.ledger(userId)).map((r) => r.type)).not.toContain('negative_balance_protection');
    expect((await d.account(userId)).balance.toFixed()).toBe('944.9');
    await d.expectBalanced(userId);
  });
});
