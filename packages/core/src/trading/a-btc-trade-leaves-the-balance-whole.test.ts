import { describe, expect, it } from 'vitest';
import { riskRateOf } from './account';
import { traderView } from './traderView';

// Issue 51: a 500 deposit and one 0.01 BTC position (margin 480.88, fee 0.20) left "Balance 18.92".
const afterTheTrade = { cash: '18.92', usedMargin: '480.88', floatingPnl: '-1.50', pendingReserve: '0' };

describe('the account in MetaTrader words', () => {
  it('keeps the margin of an open position in the balance: only the fee left it', () => {
    const view = traderView(afterTheTrade);
    expect(view.balance.toFixed(2)).toBe('499.80');
    expect(view.equity.toFixed(2)).toBe('498.30');
    expect(view.margin.toFixed(2)).toBe('480.88');
    expect(view.freeMargin.toFixed(2)).toBe('17.42');
    expect(view.marginLevel?.toFixed(2)).toBe('103.62');
  });

  it('leaves balance and equity where they were when two pending orders reserve 850', () => {
    const withMore = { ...afterTheTrade, cash: '1518.92' };
    const before = traderView(withMore);
    const after = traderView({ ...withMore, cash: '668.92', pendingReserve: '850' });
    expect(after.balance.toFixed(2)).toBe(before.balance.toFixed(2));
    expect(after.equity.toFixed(2)).toBe(before.equity.toFixed(2));
    expect(after.margin.toFixed(2)).toBe('1330.88');
    // Free margin is what the server lets new orders use: cash + floating P&L.
    expect(after.freeMargin.toFixed(2)).toBe('667.42');
  });

  it('judges the margin level as stop-out does, on holding positions only', () => {
    const figures = { cash: '1000', usedMargin: '500', floatingPnl: '-100', pendingReserve: '300' };
    expect(traderView(figures).marginLevel?.toFixed()).toBe(riskRateOf('1400', '500')?.toFixed());
  });

  it('has no margin level without a position, a pending order aside', () => {
    const view = traderView({ cash: '700', usedMargin: '0', floatingPnl: '0', pendingReserve: '300' });
    expect(view.balance.toFixed(2)).toBe('1000.00');
    expect(view.marginLevel).toBeNull();
  });

  it('counts the fee as charged, not the margin', () => {
    const deposited = traderView({ cash: '500', usedMargin: '0', floatingPnl: '0', pendingReserve: '0' });
    const opened = traderView({ ...afterTheTrade, floatingPnl: '0' });
    expect(deposited.balance.minus(opened.balance).toFixed(2)).toBe('0.20');
  });
});
