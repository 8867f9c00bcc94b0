import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { accountFigures, riskRateText } from './account';
import { closePrice, openPrice, triggerSide } from './fill';
import { balanceText, moneyText } from './format';
import { orderCost } from './margin';
import { checkOrder } from './orderChecks';
import { floatingPnl } from './pnl';
import { closingAmount } from './settle';
import { EURUSD, pricesOf } from './test/fixtures';
import { TriggerIndex } from './triggers';

// Buy 0.10 lot EURUSD at the ask 1.08511 (bid 1.08489) with 1:100, fee 0.1 % of margin, TP 1.09000.
const eurusd = EURUSD;
const opening = { bid: '1.08489', ask: '1.08511' };
const usdOnly = pricesOf({});
const order = {
  side: 'buy',
  lots: '0.10',
  leverage: 100,
  stopLoss: null,
  takeProfit: '1.09000',
  pendingTarget: null,
} as const;

describe('buy EURUSD, take profit hit', () => {
  const cost = orderCost(eurusd, order, openPrice('buy', opening), 2, usdOnly);
  const balanceAfterOpen = dec('10000').minus(cost.margin).minus(cost.fee);
  const position = { side: order.side, lots: order.lots, price: cost.price };

  it('opens at the ask 1.08511, margin 10,000 units × 1.08511 ÷ 100', () => {
    expect(checkOrder(eurusd, order, opening)).toBeNull();
    expect(cost.price.toFixed()).toBe('1.08511');
    expect(moneyText(cost.margin)).toBe('108.511000');
    expect(moneyText(cost.fee)).toBe('0.108511');
    expect(balanceAfterOpen.toFixed()).toBe('9891.380489');
  });

  it('floats +46.8 at bid 1.08979 / ask 1.09001: valued at the bid, where it would close', () => {
    const updatePrice = closePrice('buy', { bid: '1.08979', ask: '1.09001' });
    expect(updatePrice.toFixed()).toBe('1.08979');
    const pnl = floatingPnl(eurusd, position, updatePrice, usdOnly);
    expect(pnl.toFixed()).toBe('46.8');
    const figures = accountFigures(balanceAfterOpen, [{ margin: cost.margin, pnl }]);
    expect(figures.equity.toFixed()).toBe('10046.691489');
    expect(figures.freeMargin.toFixed()).toBe('9938.180489');
    expect(riskRateText(figures.riskRate)).toBe('9258.68');
  });

  it('closes at TP when the bid reaches 1.09000, not the ask: at the bid 1.08999 for +48.8', () => {
    const index = new TriggerIndex();
    index.add({
      orderId: 7,
      kind: 'take_profit',
      instrumentId: eurusd.id,
      direction: 'rise',
      level: '1.09000',
    });
    // A buy's TP watches the bid: an ask of 1.09021 above the TP fires nothing.
    expect(triggerSide('take_profit', 'buy')).toBe('bid');
    expect(index.crossed(eurusd.id, '1.08990')).toEqual([]);
    const quote = { bid: '1.08999', ask: '1.09021' };
    expect(index.crossed(eurusd.id, quote.bid)).toEqual([]);
    expect(index.crossed(eurusd.id, '1.09000').map((t) => t.orderId)).toEqual([7]);
    expect(index.size).toBe(0);

    // Executed at the live bid when it runs: 1.08999 again by then.
    const exit = closePrice('buy', quote);
    expect(exit.toFixed()).toBe('1.08999');
    const pnl = floatingPnl(eurusd, position, exit, usdOnly);
    expect(pnl.toFixed()).toBe('48.8');
    const settled = closingAmount(cost.margin, pnl);
    expect(settled.toFixed()).toBe('157.311');
    expect(balanceText(balanceAfterOpen.plus(settled))).toBe('10048.69');
  });
});
