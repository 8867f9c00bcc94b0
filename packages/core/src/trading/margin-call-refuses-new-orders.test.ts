import { describe, expect, it } from 'vitest';
import { accountFigures, isMarginCall, isStopOut, riskRateText } from './account';
import { checkFunds } from './orderChecks';

// Balance 5,000 with one position holding 1,000 of margin; a new order would cost 0.5005.
const smallOrder = { margin: '0.5', fee: '0.0005' };

describe('margin call refuses new orders', () => {
  it('allows orders at a risk rate above 100 %: (5000 + 1000 − 4999) ÷ 1000 = 100.1 %, free margin 1', () => {
    const figures = accountFigures('5000', [{ margin: '1000', pnl: '-4999' }]);
    expect(riskRateText(figures.riskRate)).toBe('100.10');
    expect(checkFunds(figures, smallOrder)).toBeNull();
  });

  it('refuses them at exactly 100 % with margin_call, the reason the trader is warned of', () => {
    const figures = accountFigures('5000', [{ margin: '1000', pnl: '-5000' }]);
    expect(riskRateText(figures.riskRate)).toBe('100.00');
    expect(isMarginCall(figures.riskRate)).toBe(true);
    expect(isStopOut(figures.riskRate)).toBe(false);
    expect(checkFunds(figures, smallOrder)).toBe('margin_call');
  });

  it('honours a configured margin_call_level of 120 %: at 110 % free margin 100 would cover it', () => {
    const figures = accountFigures('5000', [{ margin: '1000', pnl: '-4900' }]);
    expect(checkFunds(figures, smallOrder)).toBeNull();
    expect(checkFunds(figures, smallOrder, '120')).toBe('margin_call');
  });

  it('shows "--" and never calls with no holding orders', () => {
    const figures = accountFigures('5000', []);
    expect(riskRateText(figures.riskRate)).toBe('--');
    expect(isMarginCall(figures.riskRate)).toBe(false);
  });
});
