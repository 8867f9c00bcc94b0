import { describe, expect, it } from 'vitest';
import { accountFigures } from '../trading/account';
import { availableText, withdrawable } from './withdrawal';

// 1,000 cash with one position holding 600 margin.
describe('a withdrawal is limited by open positions', () => {
  it('allows the whole cash when the position is in profit: free margin is above it', () => {
    const figures = accountFigures('1000', [{ margin: '600', pnl: '50' }]);
    expect(withdrawable(figures).toFixed()).toBe('1000');
  });

  it('allows only the free margin, 970.002, when the position loses 29.998', () => {
    const figures = accountFigures('1000', [{ margin: '600', pnl: '-29.998' }]);
    expect(withdrawable(figures).toFixed()).toBe('970.002');
    expect(availableText(withdrawable(figures))).toBe('970.00');
  });

  it('shows 29.99 for 29.998: never a cent more than may be taken', () => {
    expect(availableText('29.998')).toBe('29.99');
  });

  it('allows nothing during a margin call (risk rate 95 %), nor from a negative balance', () => {
    expect(withdrawable(accountFigures('1000', [{ margin: '1100', pnl: '-1055' }])).toFixed()).toBe('0');
    expect(withdrawable(accountFigures('-50', [{ margin: '100', pnl: '900' }])).toFixed()).toBe('0');
  });
});
