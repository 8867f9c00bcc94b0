import { type AccountPush, Code } from '@meridian/contract';
import { dec } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../src/bus/channels';
import { reconcile } from '../../src/ledger/reconcile';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp, WATCHED } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  // Gold: 100 oz a lot, 2-digit prices (a point is 0.01); a buy pays 12.5 points a lot and night.
  await d.setSwaps('XAUUSD', '-12.5', '3');
});
afterAll(() => t?.close());

// The test app starts on Wednesday 18 November 2026 at noon UTC.
describe("a gold buy held over Wednesday's rollover", () => {
  it('is charged three nights: 0.5 lots × −12.5 points × 0.01 × 100 oz × 3 = −18.75 USD, shown on the position', async () => {
    const { id: userId, token } = await d.trader('10000');
    d.tick('XAUUSD', '4000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.5', forex_id: d.id('XAUUSD'), multiple: 100 });
    expect(buy.code).toBe(Code.OK);
    expect(buy.data.Swap).toBe('0.000000');

    // Not before 22:00 UTC.
    expect(await d.rolloverAt('2026-11-18T21:59:59Z')).toBe(0);
    const pushed: AccountPush[] = [];
    t.watch(userId);
    const off = t.bus.subscribe(WATCHED, (e) => {
      const event = e as UserEvent;
      if (event.userId === userId && event.message.type === 'FOREX_TRADE')
        pushed.push(event.message.quotation);
    });
    expect(await d.rolloverAt('2026-11-18T22:00:00Z')).toBe(1);
    off();
    // The live push marks the position with its swap at once, and the account's floating P&L with it.
    const push = pushed.at(-1)!;
    const [row] = push.TransOrder;
    const moved = dec(row!.UpdatePrice).minus(buy.data.Price).times(50);
    expect(dec(row!.FactProfits).toFixed()).toBe(moved.minus('18.75').toFixed());
    expect(push.ProfitsTotal).toBe(row!.FactProfits);
    expect(await d.swapNights(buy.data.Id)).toEqual([
      { night: '2026-11-18', nights: 3, amount: '-18.75000000' },
    ]);
    expect(dec((await d.order(buy.data.Id)).swap).toFixed()).toBe('-18.75');

    // The position's P&L counts its swap, and so does the account's floating P&L (gold reopens at 23:00).
    t.clock.set(Date.parse('2026-11-18T23:00:00Z'));
    d.tick('XAUUSD', '4000.00');
    const held = (await d.myDeal(token, 1)).data;
    const [position] = held.data;
    expect(position.Swap).toBe('-18.750000');
    const move = dec(position.UpdatePrice).minus(position.Price).times(50);
    expect(dec(position.FactProfits).toFixed()).toBe(move.minus('18.75').toFixed());
    expect(held.all_fact_profits).toBe(position.FactProfits);
  });

  it('settles the swap at the close with its own ledger row, between the fee and the settlement', async () => {
    const { id: userId, token } = await d.trader('10000');
    t.clock.set(Date.parse('2026-11-19T10:00:00Z'));
    d.tick('XAUUSD', '4000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.2', forex_id: d.id('XAUUSD'), multiple: 100 });
    await d.rolloverAt('2026-11-19T22:00:00Z');
    // Thursday's rollover: one night, −2.50 USD.
    expect(await d.swapNights(buy.data.Id)).toEqual([
      { night: '2026-11-19', nights: 1, amount: '-2.50000000' },
    ]);
    t.clock.set(Date.parse('2026-11-20T09:00:00Z'));
    d.tick('XAUUSD', '4010.00');
    const before = await d.account(userId);
    const closed = await d.close(token, buy.data.Id);
    expect(closed.code).toBe(Code.OK);
    expect(closed.data.Swap).toBe('-2.500000');
    const order = await d.order(buy.data.Id);
    const rows = (await d.ledger(userId)).filter((r) => r.refId === buy.data.Id);
    expect(rows.map((r) => [r.type, dec(r.amount).toFixed()])).toEqual([
      ['trade_margin', dec(order.margin).neg().toFixed()],
      ['trade_fee', dec(order.fee).neg().toFixed()],
      ['swap', '-2.5'],
      ['trade_settle', dec(order.margin).plus(order.profit!).toFixed()],
    ]);
    const after = await d.account(userId);
    expect(after.balance.minus(before.balance).toFixed()).toBe(
      dec(order.margin).plus(order.profit!).minus('2.5').toFixed(),
    );
    await d.expectBalanced(userId);
    const report = await reconcile(t.database.db);
    expect(report.issues.filter((i) => i.user_id === userId)).toEqual([]);
  });
});

describe("a platinum buy on a thin account, charged its weekend's swap at Wednesday's rollover", () => {
  it('is stopped out by the swap when the charge takes the risk rate to the stop-out level', async () => {
    // Platinum: 50 oz a lot; a buy pays 450 points (4.50 USD) an ounce and night: 10 oz × 3 nights = −135 USD.
    await d.setSwaps('XPTUSD', '-450', '0');
    const { id: userId, token } = await d.trader('200');
    t.clock.set(Date.parse('2026-11-25T12:00:00Z'));
    d.tick('XPTUSD', '1500.00');
    // 150 USD of margin at 1:100: a risk rate near 130 % before the rollover.
    const buy = await d.submit(token, { type: 1, cont: '0.2', forex_id: d.id('XPTUSD'), multiple: 100 });
    expect(buy.code).toBe(Code.OK);
    await d.settled();
    const margin = dec(buy.data.CautionMoney);
    await d.rolloverAt('2026-11-25T22:00:00Z');
    expect(dec((await d.order(buy.data.Id)).swap).toFixed()).toBe('-135');
    // The figures count the swap: equity = balance + margin + P&L with its swap.
    const held = (await d.myDeal(token, 1)).data;
    expect(dec(held.net_value).lte(margin.div(2))).toBe(true);
    // Platinum reopens at 23:00: the stop-out closes it at the live price, and settles its swap.
    t.clock.set(Date.parse('2026-11-25T23:00:00Z'));
    d.tick('XPTUSD', '1500.00');
    await d.settled();
    await d.settled();
    const order = await d.order(buy.data.Id);
    expect(order).toMatchObject({ status: 3, closeReason: 'stop_out' });
    const swapRows = (await d.ledger(userId)).filter((r) => r.type === 'swap');
    expect(swapRows.map((r) => dec(r.amount).toFixed())).toEqual(['-135']);
    await d.expectBalanced(userId);
  });
});
