import { describe, expect, it } from 'vitest';
import { pricesOf } from './test/fixtures';
import { MissingUsdRateError, toUsd } from './usd';

describe('toUsd', () => {
  it('keeps USD as is', () => {
    expect(toUsd('12.5', 'USD', pricesOf({})).toFixed()).toBe('12.5');
  });

  it('multiplies by the xxxUSD price when there is one, even if USDxxx exists too', () => {
    expect(toUsd('100', 'GBP', pricesOf({ GBPUSD: '1.25', USDGBP: '0.9' })).toFixed()).toBe('125');
  });

  it('divides by the USDxxx price otherwise: 100 CHF ÷ 0.8 = 125 USD', () => {
    expect(toUsd('100', 'CHF', pricesOf({ USDCHF: '0.8' })).toFixed()).toBe('125');
  });

  it('throws when no pair links the currency to USD', () => {
    expect(() => toUsd('1', 'XYZ', pricesOf({ EURUSD: '1.1' }))).toThrow(MissingUsdRateError);
  });
});
