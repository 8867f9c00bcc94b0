import { describe, expect, it } from 'vitest';
import { moneyText } from './format';
import { orderCost, orderFee } from './margin';
import { EURUSD, pricesOf } from './test/fixtures';

// Buy 0.37 lot EURUSD at 1.12345 with 1:200 and ForexFeeRate 0.0003.
const eurusd = { ...EURUSD, feeRate: '0.0003' };
const order = { lots: '0.37', leverage: 200 } as const;

describe('fee by margin rate', () => {
  it('charges margin × rate when trade_fee_type is not 1: 207.83825 × 0.0003 = 0.062351475 → 0.062351', () => {
    const cost = orderCost(eurusd, order, '1.12345', 2, pricesOf({}));
    expect(moneyText(cost.margin)).toBe('207.838250');
    expect(moneyText(cost.fee)).toBe('0.062351');
    expect(orderFee(eurusd, { lots: order.lots, margin: '207.83825' }, 2).toFixed()).toBe('0.062351475');
  });

  it('charges lots × rate when trade_fee_type is 1: 0.37 × 0.0003 = 0.000111', () => {
    const cost = orderCost(eurusd, order, '1.12345', 1, pricesOf({}));
    expect(moneyText(cost.fee)).toBe('0.000111');
  });
});
