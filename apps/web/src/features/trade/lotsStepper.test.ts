import { describe, expect, it } from 'vitest';
import { canStepLots, steppedLots } from './lotsStepper';

const terms = { lotStep: '0.01', minLots: '0.01', maxLots: '100' };

describe('the lots stepper', () => {
  it('moves one step, and brings lots typed off the step onto it', () => {
    expect(steppedLots(terms, '0.05', 1)).toBe('0.06');
    expect(steppedLots(terms, '0.05', -1)).toBe('0.04');
    expect(steppedLots(terms, '0.055', 1)).toBe('0.06');
    expect(steppedLots(terms, '0.055', -1)).toBe('0.05');
  });

  it('stays within the minimum and the maximum, and starts from the minimum after nonsense', () => {
    expect(steppedLots(terms, '0.01', -1)).toBe('0.01');
    expect(canStepLots(terms, '0.01', -1)).toBe(false);
    expect(steppedLots(terms, '-1', 1)).toBe('0.01');
    expect(steppedLots(terms, '99999', -1)).toBe('100');
    expect(steppedLots(terms, '100', 1)).toBe('100');
    expect(canStepLots(terms, '100', 1)).toBe(false);
    expect(steppedLots(terms, 'abc', 1)).toBe('0.01');
    expect(steppedLots(terms, '', -1)).toBe('0.01');
    expect(steppedLots({ ...terms, maxLots: null }, '250', 1)).toBe('250.01');
  });
});
