import { describe, expect, it } from 'vitest';
import { breaksExposureLimit, exposureUsd } from './exposure';
import { pricesOf, USDJPY, XAUUSD } from './test/fixtures';

const buy = (lots: string) => ({ side: 'buy' as const, lots });
const sell = (lots: string) => ({ side: 'sell' as const, lots });

describe('gold with a 5-lot exposure limit', () => {
  it('refuses a buy that takes the book from 4 lots long past 5, and takes one that lands on 5', () => {
    expect(breaksExposureLimit('4', buy('2'), '5')).toBe(true);
    expect(breaksExposureLimit('4', buy('1'), '5')).toBe(false);
  });

  it('refuses a sell that takes a 4-lot short past 5 the other way', () => {
    expect(breaksExposureLimit('-4', sell('1.5'), '5')).toBe(true);
  });

  it('always takes an order that brings the net closer to zero, even crossing to the other side', () => {
    expect(breaksExposureLimit('4', sell('3'), '5')).toBe(false);
    expect(breaksExposureLimit('4', sell('8'), '5')).toBe(false);
  });

  it('refuses a sell that crosses past the limit further from zero than it started', () => {
    expect(breaksExposureLimit('4', sell('10'), '5')).toBe(true);
  });

  it('takes a reducing order while the net stands above a limit lowered since, and refuses any that adds', () => {
    expect(breaksExposureLimit('8', sell('1'), '5')).toBe(false);
    expect(breaksExposureLimit('8', sell('14'), '5')).toBe(false);
    expect(breaksExposureLimit('8', buy('0.01'), '5')).toBe(true);
  });

  it('limits nothing without a limit', () => {
    expect(breaksExposureLimit('1000', buy('1000'), null)).toBe(false);
  });
});

describe('net exposure in USD', () => {
  it('values 3 lots of gold net short at 2000.00 as −600,000 USD', () => {
    expect(exposureUsd(XAUUSD, '-3', '2000.00', pricesOf({})).toFixed()).toBe('-600000');
  });

  it('converts a USDJPY book from yen: 2 lots long at 150.000 is 200,000 USD', () => {
    expect(exposureUsd(USDJPY, '2', '150.000', pricesOf({ USDJPY: '150.000' })).toFixed()).toBe('200000');
  });
});
