import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { accountFigures, isMarginCall, isStopOut, riskRateText } from './account';
import { orderCost } from './margin';
import { floatingPnl } from './pnl';
import { closingAmount } from './settle';
import { stopOutPlan } from './stopOut';
import { pricesOf, XAUUSD } from './test/fixtures';

// Three gold sells at 1:100, fee 5 USD a lot (trade_fee_type 1), from a balance of 5,993.50.
const usdOnly = pricesOf({});
const sells = [
  { id: 'A', lots: '1', open: '2000.00' },
  { id: 'B', lots: '0.5', open: '1950.00' },
  { id: 'C', lots: '0.2', open: '2050.00' },
];

describe('sell gold, stop-out closes the largest loss first', () => {
  const opened = sells.map((sell) => ({
    ...sell,
    ...orderCost(XAUUSD, { lots: sell.lots, leverage: 100 }, sell.open, 1, usdOnly),
  }));
  const balance = opened.reduce((cash, o) => cash.minus(o.margin).minus(o.fee), dec('5993.50'));
  // Gold rallies to 2020.00: A loses 20 × 100, B 70 × 50, C gains 30 × 20.
  const holdings = opened.map((o) => ({
    id: o.id,
    margin: o.margin,
    pnl: floatingPnl(XAUUSD, { side: 'sell', lots: o.lots, price: o.price }, '2020.00', usdOnly),
  }));

  it('takes margins 2000, 975, 410 and fees 5, 2.5, 1, leaving 2600', () => {
    expect(opened.map((o) => o.margin.toFixed())).toEqual(['2000', '975', '410']);
    expect(opened.map((o) => o.fee.toFixed())).toEqual(['5', '2.5', '1']);
    expect(balance.toFixed()).toBe('2600');
  });

  it('sits at 1085 ÷ 3385 = 32.05 %: margin call and stop-out', () => {
    expect(holdings.map((h) => h.pnl.toFixed())).toEqual(['-2000', '-3500', '600']);
    const figures = accountFigures(balance, holdings);
    expect(figures.equity.toFixed()).toBe('1085');
    expect(riskRateText(figures.riskRate)).toBe('32.05');
    expect(isMarginCall(figures.riskRate)).toBe(true);
    expect(isStopOut(figures.riskRate)).toBe(true);
  });

  it('closes B (−3500), still 45.02 %, then A (−2000), then 264.63 % keeps C', () => {
    expect(stopOutPlan(balance, holdings)).toEqual({ close: ['B', 'A'], blocked: false });

    const [a, b, c] = holdings;
    const afterB = balance.plus(closingAmount(b!.margin, b!.pnl));
    expect(afterB.toFixed()).toBe('75');
    expect(riskRateText(accountFigures(afterB, [a!, c!]).riskRate)).toBe('45.02');
    const afterA = afterB.plus(closingAmount(a!.margin, a!.pnl));
    expect(afterA.toFixed()).toBe('75');
    expect(riskRateText(accountFigures(afterA, [c!]).riskRate)).toBe('264.63');
  });

  it('closes nothing at a stop-out level of 30 %', () => {
    expect(stopOutPlan(balance, holdings, { level: '30' }).close).toEqual([]);
  });

  it('leaves B open while its quote is stale and closes A, the largest loss it can close: 78.34 % after', () => {
    const [a, b, c] = holdings;
    expect(stopOutPlan(balance, [a!, { ...b!, closable: false }, c!])).toEqual({
      close: ['A'],
      blocked: false,
    });
    expect(riskRateText(accountFigures(balance, [b!, c!]).riskRate)).toBe('78.34');
  });

  it('closes C alone when A and B have no live price, and reports the account blocked at 36.47 %', () => {
    const [a, b, c] = holdings;
    const stale = [
      { ...a!, closable: false },
      { ...b!, closable: false },
    ];
    expect(stopOutPlan(balance, [...stale, c!])).toEqual({ close: ['C'], blocked: true });
    const afterC = balance.plus(closingAmount(c!.margin, c!.pnl));
    expect(riskRateText(accountFigures(afterC, [a!, b!]).riskRate)).toBe('36.47');
  });
});
