import { describe, expect, it } from 'vitest';
import { withdrawalQuote } from './withdrawal';

describe('withdrawal receivable', () => {
  it('charges a fixed fee when fee_type is 1', () => {
    expect(withdrawalQuote('100', { drawRate: '1', feeType: 1, usdPrice: '1' })).toEqual({
      fee: '1.000000',
      received: '99.00',
    });
  });

  it('charges draw_rate × amount otherwise and converts at usd_price', () => {
    expect(withdrawalQuote('0.01', { drawRate: '0.02', feeType: 2, usdPrice: '65000' })).toEqual({
      fee: '0.000200',
      received: '649.99',
    });
  });

  it('floors the received amount at zero', () => {
    expect(withdrawalQuote('2', { drawRate: '5', feeType: 1, usdPrice: '1' }).received).toBe('0.00');
  });

  it('rounds the received amount down to 2 decimals, never up', () => {
    expect(withdrawalQuote('10.019', { drawRate: '0', feeType: 1, usdPrice: '1' }).received).toBe('10.01');
  });
});
