import { describe, expect, it } from 'vitest';
import { checkStops, priceInput } from './orderChecks';

// EURUSD at 1.08500: a buy's SL goes below and TP above, a sell's the other way round.
const market = '1.08500';

describe('SL or TP on the wrong side is refused', () => {
  it('accepts a buy with SL 1.08000 and TP 1.09000, and either unset as 0', () => {
    expect(checkStops('buy', market, { stopLoss: '1.08000', takeProfit: '1.09000' }, 5)).toBeNull();
    expect(checkStops('buy', market, { stopLoss: null, takeProfit: null }, 5)).toBeNull();
    expect(checkStops('buy', market, { stopLoss: '1.08000', takeProfit: null }, 5)).toBeNull();
  });

  it('refuses a buy SL at or above the market and a buy TP at or below it', () => {
    expect(checkStops('buy', market, { stopLoss: '1.09000', takeProfit: null }, 5)).toBe('sl_wrong_side');
    expect(checkStops('buy', market, { stopLoss: '1.085', takeProfit: null }, 5)).toBe('sl_wrong_side');
    expect(checkStops('buy', market, { stopLoss: null, takeProfit: '1.08000' }, 5)).toBe('tp_wrong_side');
    expect(checkStops('buy', market, { stopLoss: null, takeProfit: '1.08500' }, 5)).toBe('tp_wrong_side');
  });

  it('mirrors for a sell: TP 1.08000 < market < SL 1.09000', () => {
    expect(checkStops('sell', market, { stopLoss: '1.09000', takeProfit: '1.08000' }, 5)).toBeNull();
    expect(checkStops('sell', market, { stopLoss: '1.08000', takeProfit: null }, 5)).toBe('sl_wrong_side');
    expect(checkStops('sell', market, { stopLoss: null, takeProfit: '1.09000' }, 5)).toBe('tp_wrong_side');
  });

  it('refuses a negative or non-numeric level', () => {
    expect(checkStops('buy', market, { stopLoss: '-1', takeProfit: null }, 5)).toBe('sl_invalid');
    expect(checkStops('buy', market, { stopLoss: null, takeProfit: '1e3' }, 5)).toBe('tp_invalid');
  });
});

describe('SL and TP are judged at the instrument’s precision, as they will be stored', () => {
  it('refuses a buy SL of 1.084996, which is stored as 1.08500, the market itself', () => {
    expect(checkStops('buy', market, { stopLoss: '1.084996', takeProfit: null }, 5)).toBe('sl_wrong_side');
    expect(checkStops('buy', market, { stopLoss: '1.084994', takeProfit: null }, 5)).toBeNull();
  });

  it('refuses a sell TP of 1.085004, stored as 1.08500', () => {
    expect(checkStops('sell', market, { stopLoss: null, takeProfit: '1.085004' }, 5)).toBe('tp_wrong_side');
  });

  it('refuses a level that rounds to nothing instead of leaving it silently unset', () => {
    expect(checkStops('sell', market, { stopLoss: '0.000001', takeProfit: null }, 5)).toBe('sl_invalid');
    expect(priceInput('0.000004', 5)).toBeNull();
    expect(priceInput('1.234565', 5)?.toFixed()).toBe('1.23457');
  });

  it('refuses a take-profit no price column can hold instead of failing to store it', () => {
    expect(checkStops('buy', market, { stopLoss: null, takeProfit: '9223372036854775808' }, 5)).toBe(
      'tp_invalid',
    );
    expect(priceInput('999999999999999999.999', 2)).toBeNull();
    expect(priceInput('999999999999999999.99', 2)?.toFixed()).toBe('999999999999999999.99');
  });
});
