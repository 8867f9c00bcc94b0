import { describe, expect, it } from 'vitest';
import { copyAllocation, copyLossLimitReached, copyLots, copyReduction, copyStopPercent } from './copy';

const EURUSD = { lotStep: '0.01', minLots: '0.01', maxLots: '100' };

describe('a follower copying a EURUSD trade', () => {
  it('takes the share of allocation ÷ provider equity: 1 lot of a 10,000 equity with 2,500 allocated is 0.25 lots', () => {
    expect(copyLots(EURUSD, '1', '2500', '10000')).toEqual({ lots: '0.25' });
  });

  it('rounds down to the lot step, never up: 0.3 lots × 1,000 ÷ 7,000 = 0.0428… copies as 0.04', () => {
    expect(copyLots(EURUSD, '0.3', '1000', '7000')).toEqual({ lots: '0.04' });
  });

  it('cannot copy a trade whose share is under the minimum lots', () => {
    expect(copyLots(EURUSD, '0.01', '500', '10000')).toEqual({ refused: 'copy_too_small' });
  });

  it('is capped at the maximum lots when the allocation is larger than the provider', () => {
    expect(copyLots(EURUSD, '80', '50000', '10000')).toEqual({ lots: '100' });
  });

  it('keeps a coarse step exact: 3 lots × 1,500 ÷ 4,000 with step 0.5 and minimum 1 is 1 lot', () => {
    expect(copyLots({ lotStep: '0.5', minLots: '1', maxLots: null }, '3', '1500', '4000')).toEqual({
      lots: '1',
    });
  });

  it('copies nothing from a provider with no equity left', () => {
    expect(copyLots(EURUSD, '1', '1000', '0')).toEqual({ refused: 'copy_no_equity' });
    expect(copyLots(EURUSD, '1', '1000', '-5')).toEqual({ refused: 'copy_no_equity' });
  });
});

describe('a copy loss limit of 30 % on 1,000 allocated', () => {
  it('is not reached at −299.99 and is at −300.00', () => {
    expect(copyLossLimitReached('-299.99', '1000', '30')).toBe(false);
    expect(copyLossLimitReached('-300.00', '1000', '30')).toBe(true);
  });
  it('is never reached by a profit', () => {
    expect(copyLossLimitReached('50', '1000', '30')).toBe(false);
  });
});

describe('what a follower types to start copying', () => {
  it('takes an allocation above zero in USD with cents at most', () => {
    expect(copyAllocation(' 2500.50 ')?.toFixed()).toBe('2500.5');
    for (const bad of ['0', '0.00', '-1', '1e3', '10.001', 'abc', ''])
      expect(copyAllocation(bad), bad).toBeNull();
  });
  it('takes a loss limit from 1 to 100 %, 2 decimals at most', () => {
    expect(copyStopPercent('1')?.toFixed()).toBe('1');
    expect(copyStopPercent('100.00')?.toFixed()).toBe('100');
    for (const bad of ['0.99', '100.01', '12.345', 'x', '']) expect(copyStopPercent(bad), bad).toBeNull();
  });
});

describe('a provider closing part of a copied EURUSD position', () => {
  it('closes the same share of the follower’s lots, rounded down: 0.4 of 1 lot closes 0.1 of 0.25', () => {
    expect(copyReduction(EURUSD, '0.25', '1', '0.6')).toEqual({ lots: '0.1' });
  });

  it('closes all of the copy when less than the minimum would stay open', () => {
    expect(copyReduction({ lotStep: '0.01', minLots: '0.1' }, '0.15', '1', '0.6')).toEqual({ lots: '0.15' });
  });

  it('closes nothing when the share rounds to no lot at all', () => {
    expect(copyReduction(EURUSD, '0.05', '1', '0.9')).toEqual({ refused: 'copy_too_small' });
  });
});
