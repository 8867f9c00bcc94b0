import { describe, expect, it } from 'vitest';
import { checkStops } from './orderChecks';

// EURUSD at 1.08500: a buy's SL goes below and TP above, a sell's the other way round.
const market = '1.08500';

describe('SL or TP on the wrong side is refused', () => {
  it('accepts a buy with SL 1.08000 and TP 1.09000, and either unset as 0', () => {
    expect(checkStops('buy', market, { stopLoss: '1.08000', takeProfit: '1.09000' })).toBeNull();
    expect(checkStops('buy', market, { stopLoss: '0', takeProfit: '0' })).toBeNull();
    expect(checkStops('buy', market, { stopLoss: '1.08000', takeProfit: '0' })).toBeNull();
  });

  it('refuses a buy SL at or above the market and a buy TP at or below it', () => {
    expect(checkStops('buy', market, { stopLoss: '1.09000', takeProfit: '0' })).toBe('sl_wrong_side');
    expect(checkStops('buy', market, { stopLoss: '1.085', takeProfit: '0' })).toBe('sl_wrong_side');
    expect(checkStops('buy', market, { stopLoss: '0', takeProfit: '1.08000' })).toBe('tp_wrong_side');
    expect(checkStops('buy', market, { stopLoss: '0', takeProfit: '1.08500' })).toBe('tp_wrong_side');
  });

  it('mirrors for a sell: TP 1.08000 < market < SL 1.09000', () => {
    expect(checkStops('sell', market, { stopLoss: '1.09000', takeProfit: '1.08000' })).toBeNull();
    expect(checkStops('sell', market, { stopLoss: '1.08000', takeProfit: '0' })).toBe('sl_wrong_side');
    expect(checkStops('sell', market, { stopLoss: '0', takeProfit: '1.09000' })).toBe('tp_wrong_side');
  });

  it('refuses a negative or non-numeric level', () => {
    expect(checkStops('buy', market, { stopLoss: '-1', takeProfit: '0' })).toBe('sl_invalid');
    expect(checkStops('buy', market, { stopLoss: '0', takeProfit: '1e3' })).toBe('tp_invalid');
  });
});
