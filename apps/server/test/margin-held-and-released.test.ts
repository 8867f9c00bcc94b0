/**
 * Issue 51: opening a trade must not read as losing money. The account history says which part of each row
 * is margin held or given back, and the orders page the reserves of pending orders, so that the screens can
 * show the account as MetaTrader does while every row still adds up to the cash.
 */
import { api, Code, type LedgerRow, type OrderPage } from '@meridian/contract';
import { dec, traderView } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from './desk';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const ledger = async (token: string, lang = 'en'): Promise<LedgerRow[]> =>
  (await t.call('GET', api.ledger.path, { token, query: { page: 1 }, lang })).body.data.data;

describe('margin held and released', () => {
  it('shows a trade as margin held and given back with its P&L, the rows adding up to the cash', async () => {
    const who = await d.trader('10000');
    d.tick('EURUSD', '1.10000');
    const placed = await d.submit(who.token, { type: 1, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    expect(placed.code, placed.msg).toBe(Code.OK);
    const opened = await ledger(who.token);
    const held = opened.find((row) => row.Type === 'trade_margin')!;
    expect(held).toMatchObject({ MemoTran: 'Margin held', Margin: held.Value });
    expect(dec(held.Value).neg().toFixed(2)).toBe(dec(placed.data.CautionMoney).toFixed(2));

    d.tick('EURUSD', '1.09900');
    const closed = await d.close(who.token, placed.data.Id);
    expect(closed.code, closed.msg).toBe(Code.OK);
    const rows = await ledger(who.token);
    const settle = rows.find((row) => row.Type === 'trade_settle')!;
    expect(dec(settle.Margin).toFixed(2)).toBe(dec(placed.data.CautionMoney).toFixed(2));
    // The rest of the settlement is the position's loss.
    expect(dec(settle.Value).minus(settle.Margin).toFixed(2)).toBe(dec(closed.data.FactProfits).toFixed(2));
    const fee = rows.find((row) => row.Type === 'trade_fee')!;
    expect(fee.Margin).toBe('0.00');
    const cash = (await d.accountDetail(who.token)).data.balance;
    expect(rows.reduce((sum, row) => sum.plus(row.Value), dec(0)).toFixed(2)).toBe(cash);

    expect((await ledger(who.token, 'ar')).find((row) => row.Type === 'trade_margin')?.MemoTran).toBe(
      'هامش محجوز',
    );
  });

  it("sends pending orders' reserves, which keep the trader's balance and equity whole", async () => {
    const who = await d.trader('10000');
    d.tick('EURUSD', '1.10000');
    const before = (await d.myDeal(who.token, 1)).data as OrderPage;
    expect(before.pending_reserve).toBe('0.000000');
    const pending = await d.submit(who.token, {
      type: 1,
      cont: '1',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      status: 0,
      target_price: '1.09000',
    });
    expect(pending.code, pending.msg).toBe(Code.OK);
    const after = (await d.myDeal(who.token, 0)).data as OrderPage;
    const reserve = dec(pending.data.CautionMoney).plus(pending.data.TradeFee);
    expect(after.pending_reserve).toBe(reserve.toFixed(6));
    const view = (page: OrderPage) =>
      traderView({
        cash: page.balance,
        usedMargin: page.caution_money_all,
        floatingPnl: page.all_fact_profits,
        pendingReserve: page.pending_reserve,
      });
    expect(view(after).balance.toFixed(2)).toBe('10000.00');
    expect(view(after).equity.toFixed(2)).toBe(view(before).equity.toFixed(2));
    expect(view(after).freeMargin.toFixed(2)).toBe(after.free_margin);

    expect((await d.cancel(who.token, pending.data.Id)).code).toBe(Code.OK);
    const refund = (await ledger(who.token)).find((row) => row.Type === 'pending_refund')!;
    expect(refund.Margin).toBe(refund.Value);
    expect(((await d.myDeal(who.token, 0)).data as OrderPage).pending_reserve).toBe('0.000000');
  });
});
