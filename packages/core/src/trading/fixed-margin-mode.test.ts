import { describe, expect, it } from 'vitest';
import type { Instrument } from './instrument';
import { orderCost, orderMargin } from './margin';
import { EURUSD, pricesOf } from './test/fixtures';

// An index CFD in fixed margin mode (MarginMode 1): ForexContNum 50, fee 0.2 % of margin.
const us30: Instrument = { ...EURUSD, id: 30, contractSize: '50', feeRate: '0.002', pricePrecision: 1 };
const fixedUs30: Instrument = { ...us30, fixedMargin: true };
const usdOnly = pricesOf({});

describe('fixed margin mode', () => {
  it('takes 2 lots × 50 = 100 whatever the price and leverage', () => {
    for (const [price, leverage] of [
      ['39000.0', 100],
      ['41000.0', 50],
    ] as const) {
      const cost = orderCost(fixedUs30, { lots: '2', leverage }, price, 2, usdOnly);
      expect(cost.margin.toFixed()).toBe('100');
      expect(cost.fee.toFixed()).toBe('0.2');
    }
  });

  it('differs from leveraged mode: 100 units × 39000 ÷ 100 = 39,000', () => {
    const cost = orderCost(us30, { lots: '2', leverage: 100 }, '39000.0', 2, usdOnly);
    expect(cost.margin.toFixed()).toBe('39000');
  });

  it('needs no conversion for a JPY-quoted instrument: the fixed amount holds no price', () => {
    const jp225: Instrument = { ...fixedUs30, quoteCurrency: 'JPY' };
    const margin = orderMargin(jp225, { lots: '3', price: '38000', leverage: 100 }, usdOnly);
    expect(margin.toFixed()).toBe('150');
  });
});
