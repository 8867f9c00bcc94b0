import { describe, expect, it } from 'vitest';
import { isTriggered } from './direction';
import { openPrice } from './fill';
import { orderCost } from './margin';
import { checkOrder } from './orderChecks';
import { classifyPending, pendingDirection } from './pending';
import { EURUSD, pricesOf } from './test/fixtures';
import { TriggerIndex } from './triggers';

// Buy 1 lot EURUSD at 1.09000 while the ask is 1.08511: above it, a buy stop.
const eurusd = EURUSD;
const quote = { bid: '1.08489', ask: '1.08511' };
const order = {
  side: 'buy',
  lots: '1',
  leverage: 100,
  stopLoss: '1.08800',
  takeProfit: null,
  pendingTarget: '1.09000',
} as const;

describe('buy stop pending order fills', () => {
  it('is a buy stop that fires when the price rises to 1.09000', () => {
    // The SL sits between market and target: valid, since it is checked against the target.
    expect(checkOrder(eurusd, order, quote)).toBeNull();
    const kind = classifyPending('buy', order.pendingTarget, quote.ask);
    expect(kind).toBe('buy_stop');
    expect(pendingDirection(kind)).toBe('rise');
  });

  it('reserves margin and fee at the target 1.09000 when placed', () => {
    const cost = orderCost(eurusd, order, order.pendingTarget, 2, pricesOf({}));
    expect(cost.price.toFixed()).toBe('1.09');
    expect(cost.margin.toFixed()).toBe('1090');
    expect(cost.fee.toFixed()).toBe('1.09');
  });

  it('fills when the ask reaches the target, at that ask', () => {
    const index = new TriggerIndex();
    index.add({ orderId: 11, kind: 'pending', instrumentId: eurusd.id, direction: 'rise', level: '1.09000' });
    expect(index.crossed(eurusd.id, '1.08900')).toEqual([]);
    expect(index.crossed(eurusd.id, '1.08999')).toEqual([]);
    expect(index.crossed(eurusd.id, '1.09000').map((t) => t.kind)).toEqual(['pending']);
    expect(isTriggered('rise', '1.09000', '1.09000')).toBe(true);
    expect(openPrice('buy', { bid: '1.08978', ask: '1.09000' }).toFixed()).toBe('1.09');
  });
});
