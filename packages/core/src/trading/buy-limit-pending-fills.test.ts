import { describe, expect, it } from 'vitest';
import { openPrice, triggerSide } from './fill';
import { orderCost, orderMargin } from './margin';
import { checkPendingPrice } from './orderChecks';
import { classifyPending, pendingDirection } from './pending';
import { EURUSD, pricesOf } from './test/fixtures';
import { TriggerIndex } from './triggers';

// Buy 0.5 lot EURUSD at 1.08000 with 1:200 while the ask is 1.08500: below it, a buy limit.
const usdOnly = pricesOf({});

describe('buy limit pending order fills', () => {
  it('refuses a target that is not a positive number or is the ask', () => {
    expect(checkPendingPrice('1.08000', '1.08500', 5)).toBeNull();
    expect(checkPendingPrice('1.085', '1.08500', 5)).toBe('pending_price_at_market');
    expect(checkPendingPrice('abc', '1.08500', 5)).toBe('pending_price_invalid');
    expect(checkPendingPrice('0', '1.08500', 5)).toBe('pending_price_invalid');
    expect(checkPendingPrice('-1.08', '1.08500', 5)).toBe('pending_price_invalid');
  });

  it('is a buy limit that fires when the price falls to 1.08000', () => {
    const kind = classifyPending('buy', '1.08000', '1.08500');
    expect(kind).toBe('buy_limit');
    expect(pendingDirection(kind)).toBe('fall');
  });

  it('takes 50,000 × 1.08 ÷ 200 = 270 margin and 0.27 fee when placed', () => {
    const cost = orderCost(EURUSD, { lots: '0.5', leverage: 200 }, '1.08000', 2, usdOnly);
    expect(cost.margin.toFixed()).toBe('270');
    expect(cost.fee.toFixed()).toBe('0.27');
  });

  it('fills when the ask gaps through the target, at that ask: 1.07950', () => {
    const index = new TriggerIndex();
    expect(triggerSide('pending', 'buy')).toBe('ask');
    index.add({ orderId: 12, kind: 'pending', instrumentId: EURUSD.id, direction: 'fall', level: '1.08000' });
    expect(index.crossed(EURUSD.id, '1.08100')).toEqual([]);
    const quote = { bid: '1.07930', ask: '1.07950' };
    expect(index.crossed(EURUSD.id, quote.ask).map((t) => t.orderId)).toEqual([12]);
    const price = openPrice('buy', quote);
    expect(price.toFixed()).toBe('1.0795');
    expect(orderMargin(EURUSD, { lots: '0.5', price, leverage: 200 }, usdOnly).toFixed()).toBe('269.875');
  });
});

describe('a pending target is judged at the instrument’s precision', () => {
  it('refuses 1.084996, which is the ask 1.08500 once rounded', () => {
    expect(checkPendingPrice('1.084996', '1.08500', 5)).toBe('pending_price_at_market');
  });
});
