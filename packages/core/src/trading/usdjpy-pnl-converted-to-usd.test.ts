import { describe, expect, it } from 'vitest';
import { moneyText } from './format';
import { orderCost } from './margin';
import { floatingPnl } from './pnl';
import { pricesOf, USDJPY } from './test/fixtures';

// Buy 1 lot USDJPY at 150.000 with 1:100; the dollar rises to 151.500.
describe('USDJPY P&L converted to USD', () => {
  it('takes 150,000 JPY of margin, 1,000 USD at 150.000', () => {
    const cost = orderCost(
      USDJPY,
      { lots: '1', leverage: 100 },
      '150.000',
      2,
      pricesOf({ USDJPY: '150.000' }),
    );
    expect(cost.margin.toFixed()).toBe('1000');
    expect(cost.fee.toFixed()).toBe('1');
  });

  it('makes 1.5 × 100,000 = 150,000 JPY, ÷ 151.500 = 990.099010 USD', () => {
    const position = { side: 'buy', lots: '1', price: '150.000' } as const;
    const pnl = floatingPnl(USDJPY, position, '151.500', pricesOf({ USDJPY: '151.500' }));
    expect(moneyText(pnl)).toBe('990.099010');
    expect(pnl.times('151.500').toDecimalPlaces(20).toFixed()).toBe('150000');
  });
});
