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
});
afterAll(() => t?.close());

const closePart = async (token: string, id: number, lots?: string) =>
  (await t.call('GET', api.closeOrder.path, { token, query: { id, ...(lots !== undefined && { lots }) } }))
    .body;
const issuesOf = async (userId: number) =>
  (await reconcile(t.database.db)).issues.filter((i) => i.user_id === userId);

/** A 1-lot EURUSD buy with SL 1.09000 and TP 1.12000, then EURUSD at 1.10500. */
async function buyOneLot() {
  const trader = await d.trader('10000');
  d.tick('EURUSD', '1.10000');
  const placed = await d.submit(trader.token, {
    type: 1,
    cont: '1',
    forex_id: d.id('EURUSD'),
    multiple: 100,
    stop_loss_price: '1.09000',
    target_profit_price: '1.12000',
  });
  expect(placed.code).toBe(Code.OK);
  d.tick('EURUSD', '1.10500');
  return { trader, position: placed.data };
}

describe('close 0.4 lots of a 1-lot EURUSD buy in profit', () => {
  it('realises the profit of 0.4 lots and leaves 0.6 lots open with its stops and the rest of its margin', async () => {
    const { trader, position } = await buyOneLot();
    const before = await d.account(trader.id);
    const closed = await closePart(trader.token, position.Id, '0.4');
    expect(closed).toMatchObject({
      code: Code.OK,
      data: { Status: 3, Quantity: '0.4', PartOf: position.Id },
    });
    const part = closed.data;
    expect(part.Id).not.toBe(position.Id);
    // (close − open) × 0.4 lots × 100,000, exactly.
    const profit = dec(part.UpdatePrice).minus(part.Price).times(40_000);
    expect(dec(part.FactProfits).eq(profit)).toBe(true);
    expect(profit.gt(0)).toBe(true);

    const rest = await d.order(position.Id);
    expect(rest).toMatchObject({ status: 1, partOf: null });
    expect([rest.lots, rest.stopLoss, rest.takeProfit].map((v) => dec(v!).toFixed())).toEqual([
      '0.6',
      '1.09',
      '1.12',
    ]);
    expect(dec(rest.margin).plus(part.CautionMoney).eq(position.CautionMoney)).toBe(true);
    expect(dec(rest.fee).plus(part.TradeFee).eq(position.TradeFee)).toBe(true);

    // One settlement row for the part: its margin back with its profit; the position has none yet.
    const settles = (await d.ledger(trader.id)).filter((r) => r.type === 'trade_settle');
    expect(settles.map((r) => [r.refId, dec(r.amount).toFixed()])).toEqual([
      [part.Id, dec(part.CautionMoney).plus(profit).toFixed()],
    ]);
    const after = await d.account(trader.id);
    expect(after.balance.minus(before.balance).eq(dec(part.CautionMoney).plus(profit))).toBe(true);
    await d.expectBalanced(trader.id);
    expect(await issuesOf(trader.id)).toEqual([]);

    // Holding shows the 0.6 lots; history shows the part.
    expect((await d.myDeal(trader.token, 1)).data.data.map((o: { Quantity: string }) => o.Quantity)).toEqual([
      '0.6',
    ]);
    expect((await d.myDeal(trader.token, 3)).data.data.map((o: { Id: number }) => o.Id)).toEqual([part.Id]);
  });

  it('closes the rest later by its stop loss, and the two settlements add up to the whole position', async () => {
    const { trader, position } = await buyOneLot();
    const part = (await closePart(trader.token, position.Id, '0.25')).data;
    d.tick('EURUSD', '1.08900');
    await d.settled();
    const rest = await d.order(position.Id);
    expect(rest).toMatchObject({ status: 3, closeReason: 'stop_loss' });
    expect(dec(rest.lots).toFixed()).toBe('0.75');
    expect(dec(rest.margin).plus(part.CautionMoney).eq(position.CautionMoney)).toBe(true);
    await d.expectBalanced(trader.id);
    expect(await issuesOf(trader.id)).toEqual([]);
  });

  it('closes the whole position when asked for all its lots, with no part', async () => {
    const { trader, position } = await buyOneLot();
    const closed = await closePart(trader.token, position.Id, '1');
    expect(closed.data).toMatchObject({ Id: position.Id, Status: 3, Quantity: '1', PartOf: 0 });
  });

  it('refuses more than held, a rest under the minimum, or lots off the step, and changes nothing', async () => {
    const { trader, position } = await buyOneLot();
    const ledgerBefore = (await d.ledger(trader.id)).length;
    for (const [lots, msg] of [
      ['1.5', 'You cannot close more than the position size'],
      ['0.999', undefined],
      ['0', undefined],
      ['-0.1', undefined],
    ] as const) {
      const refused = await closePart(trader.token, position.Id, lots);
      expect(refused.code, lots).not.toBe(Code.OK);
      if (msg) expect(refused.msg).toBe(msg);
    }
    expect(await d.order(position.Id)).toMatchObject({ status: 1, lots: '1.00000000' });
    expect((await d.ledger(trader.id)).length).toBe(ledgerBefore);
  });

  it('closes each lot once when two partial closes race: 0.5 and 0.5 leave nothing open', async () => {
    const { trader, position } = await buyOneLot();
    const [a, b] = await Promise.all([
      closePart(trader.token, position.Id, '0.5'),
      closePart(trader.token, position.Id, '0.5'),
    ]);
    expect([a.code, b.code]).toEqual([Code.OK, Code.OK]);
    expect([a.data.Quantity, b.data.Quantity]).toEqual(['0.5', '0.5']);
    expect(await d.order(position.Id)).toMatchObject({ status: 3 });
    expect((await d.myDeal(trader.token, 1)).data.data).toEqual([]);
    await d.expectBalanced(trader.id);
    expect(await issuesOf(trader.id)).toEqual([]);
  });

  it("cannot close part of another trader's position", async () => {
    const { position } = await buyOneLot();
    const other = await d.trader('1000');
    const refused = await closePart(other.token, position.Id, '0.1');
    expect(refused.code).not.toBe(Code.OK);
    expect(await d.order(position.Id)).toMatchObject({ status: 1, lots: '1.00000000' });
  });
});
