import { describe, expect, it } from 'vitest';
import { checkOrderPrices } from './orderChecks';

// EURUSD at bid 1.10000 / ask 1.10020, 5 decimals: what the order form checks before it sends anything.
const quote = { bid: '1.10000', ask: '1.10020' };
const check = (
  side: 'buy' | 'sell',
  pendingTarget: string | null,
  stopLoss: string | null,
  takeProfit: string | null,
) => checkOrderPrices({ side, pendingTarget, stopLoss, takeProfit }, quote, 5);

describe('a market order’s SL and TP are judged against the price its position closes at', () => {
  it('accepts a buy with SL below and TP above, and a sell the other way round', () => {
    expect(check('buy', null, '1.09000', '1.11000')).toBeNull();
    expect(check('sell', null, '1.11000', '1.09000')).toBeNull();
    expect(check('buy', null, null, null)).toBeNull();
  });

  it('refuses a buy SL above the price and a sell TP above it', () => {
    expect(check('buy', null, '1.10500', null)).toBe('sl_wrong_side');
    expect(check('sell', null, null, '1.10500')).toBe('tp_wrong_side');
  });

  it('judges a buy’s stops on the bid and a sell’s on the ask: a level between the two is on one side of each', () => {
    expect(check('buy', null, '1.10010', null)).toBe('sl_wrong_side');
    expect(check('buy', null, null, '1.10010')).toBeNull();
    expect(check('sell', null, '1.10010', null)).toBe('sl_wrong_side');
    expect(check('sell', null, null, '1.10010')).toBeNull();
  });

  it('refuses a level that is not a number, or negative', () => {
    expect(check('buy', null, 'abc', null)).toBe('sl_invalid');
    expect(check('buy', null, null, '-1.2')).toBe('tp_invalid');
  });
});

describe('a pending order’s SL and TP are judged against its target, not the market', () => {
  it('refuses a buy limit at 1.09000 with SL 1.09500: below the market, yet above the entry', () => {
    expect(check('buy', '1.09000', '1.09500', null)).toBe('sl_wrong_side');
    expect(check('buy', '1.09000', '1.08500', '1.09500')).toBeNull();
  });

  it('refuses a sell stop at 1.09000 with TP 1.09500: below the market, yet above the entry', () => {
    expect(check('sell', '1.09000', null, '1.09500')).toBe('tp_wrong_side');
    expect(check('sell', '1.09000', '1.09500', '1.08500')).toBeNull();
  });

  it('checks the target first: a number, not negative, not the price its side opens at', () => {
    expect(check('buy', '', '1.08000', null)).toBe('pending_price_invalid');
    expect(check('buy', 'abc', null, null)).toBe('pending_price_invalid');
    expect(check('buy', '-1.09', null, null)).toBe('pending_price_invalid');
    expect(check('buy', '1.100204', null, null)).toBe('pending_price_at_market');
    expect(check('buy', '1.10000', null, null)).toBeNull();
    expect(check('sell', '1.100004', null, null)).toBe('pending_price_at_market');
  });
});
