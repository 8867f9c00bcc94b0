import { describe, expect, it } from 'vitest';
import { accountFigures } from './account';
import { orderCost } from './margin';
import { checkFunds } from './orderChecks';
import { EURUSD, pricesOf } from './test/fixtures';

// A buy of 1 lot EURUSD at 1.10000 with 1:100 costs 1,100 margin + 1.1 fee = 1,101.1.
const cost = orderCost(EURUSD, { lots: '1', leverage: 100 }, '1.10000', 2, pricesOf({}));

describe('insufficient free margin is refused', () => {
  it('places it from a flat balance of exactly 1,101.10 and refuses it from 1,101.09', () => {
    expect(checkFunds(accountFigures('1101.10', []), cost)).toBeNull();
    expect(checkFunds(accountFigures('1101.09', []), cost)).toBe('insufficient_margin');
  });

  it('refuses it when a floating loss eats the free margin: 5,000 − 4,000 < 1,101.1', () => {
    const figures = accountFigures('5000', [{ margin: '500', pnl: '-4000' }]);
    expect(figures.freeMargin.toFixed()).toBe('1000');
    expect(checkFunds(figures, cost)).toBe('insufficient_margin');
  });

  it('refuses it when only a floating profit would pay: cash 100 + profit 5,000 is not 1,101.1 of cash', () => {
    const figures = accountFigures('100', [{ margin: '500', pnl: '5000' }]);
    expect(figures.freeMargin.toFixed()).toBe('5100');
    expect(checkFunds(figures, cost)).toBe('insufficient_margin');
  });
});
