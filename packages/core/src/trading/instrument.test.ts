import { describe, expect, it } from 'vitest';
import { instrumentFromWire, unitsOf } from './instrument';
import { sideOfOrderType } from './side';

const wire = {
  Id: 9,
  ForexContNum: '100000',
  ForexMinCont: '0.01',
  Pip: '0.01',
  MaxCont: '',
  HasForexMultiple: [{ Value: 50 }, { Value: 100 }],
  ForexFeeRate: '0.001',
  MarginMode: 1,
  PricePrecision: 5,
  QuoteCurrency: 'USD',
};

describe('instrument terms from the wire', () => {
  it('reads leverages, fixed margin mode, and an empty MaxCont as none', () => {
    const instrument = instrumentFromWire(wire);
    expect(instrument.leverages).toEqual([50, 100]);
    expect(instrument.fixedMargin).toBe(true);
    expect(instrument.maxLots).toBeNull();
    expect(instrumentFromWire({ ...wire, MarginMode: 2 }).fixedMargin).toBe(false);
  });

  it('counts units as lots × ForexContNum', () => {
    expect(unitsOf(instrumentFromWire(wire), '0.25').toFixed()).toBe('25000');
  });

  it('reads OrderType 1 as a buy and anything else as a sell', () => {
    expect(sideOfOrderType(1)).toBe('buy');
    expect(sideOfOrderType(2)).toBe('sell');
  });
});
