import { describe, expect, it } from 'vitest';
import { checkLeverage, checkLots } from './orderChecks';
import { EURUSD } from './test/fixtures';

// EURUSD: min 0.01 lot, step 0.01, max 50; a gold-like step of 0.5 with min 1 and no maximum.
const halfLots = { ...EURUSD, minLots: '1', lotStep: '0.5', maxLots: null };

describe('lots off the step and out of range are refused', () => {
  it('accepts multiples of the step within range', () => {
    expect(checkLots(EURUSD, '0.03')).toBeNull();
    expect(checkLots(EURUSD, '50')).toBeNull();
    expect(checkLots(halfLots, '1.5')).toBeNull();
    expect(checkLots(halfLots, '1000000')).toBeNull();
  });

  it('refuses 0.015 lots on a 0.01 step and 1.25 on a 0.5 step', () => {
    expect(checkLots(EURUSD, '0.015')).toBe('lots_off_step');
    expect(checkLots(halfLots, '1.25')).toBe('lots_off_step');
  });

  it('refuses zero, negative, below minimum, above maximum and non-numeric lots', () => {
    expect(checkLots(EURUSD, '0')).toBe('lots_not_positive');
    expect(checkLots(EURUSD, '-0.01')).toBe('lots_not_positive');
    expect(checkLots(halfLots, '0.5')).toBe('lots_below_min');
    expect(checkLots(EURUSD, '50.01')).toBe('lots_above_max');
    expect(checkLots(EURUSD, '')).toBe('lots_invalid');
  });

  it('refuses a leverage the instrument does not offer', () => {
    expect(checkLeverage(EURUSD, 100)).toBeNull();
    expect(checkLeverage(EURUSD, 500)).toBe('leverage_not_offered');
  });
});
