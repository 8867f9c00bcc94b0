import { describe, expect, it } from 'vitest';
import { moneyText } from './format';
import { floatingPnl } from './pnl';
import { priceForPnl, stopAtDistance } from './stopTargets';
import { EURUSD, pricesOf, USDJPY, XAUUSD } from './test/fixtures';

const prices = pricesOf({ USDJPY: '150.000' });
const pnlAt = (instrument: typeof EURUSD, side: 'buy' | 'sell', lots: string, entry: string, level: string) =>
  moneyText(floatingPnl(instrument, { side, lots, price: entry }, level, prices));

describe('a stop loss or take profit asked as an amount of money', () => {
  it('puts a 1-lot EURUSD buy’s 50 USD stop loss 50 points below 1.10000', () => {
    const level = priceForPnl(EURUSD, 'buy', '1', '1.10000', '-50', prices);
    expect(level?.toFixed()).toBe('1.0995');
    expect(pnlAt(EURUSD, 'buy', '1', '1.10000', '1.09950')).toBe('-50.000000');
  });

  it('rounds a 0.03-lot EURUSD buy’s stop loss up, so it loses 49.98 rather than more than 50', () => {
    const level = priceForPnl(EURUSD, 'buy', '0.03', '1.10000', '-50', prices);
    expect(level?.toFixed()).toBe('1.08334');
    expect(pnlAt(EURUSD, 'buy', '0.03', '1.10000', '1.08334')).toBe('-49.980000');
  });

  it('rounds a 0.03-lot EURUSD sell’s stop loss down and its take profit up, both towards the entry', () => {
    expect(priceForPnl(EURUSD, 'sell', '0.03', '1.10000', '-50', prices)?.toFixed()).toBe('1.11666');
    expect(priceForPnl(EURUSD, 'sell', '0.03', '1.10000', '50', prices)?.toFixed()).toBe('1.08334');
  });

  it('converts USDJPY’s amount to yen at the USDJPY price: 50 USD is 7,500 JPY, 0.075 on 1 lot', () => {
    const level = priceForPnl(USDJPY, 'buy', '1', '150.000', '-50', prices);
    expect(level?.toFixed()).toBe('149.925');
    expect(pnlAt(USDJPY, 'buy', '1', '150.000', '149.925')).toBe('-50.000000');
    expect(priceForPnl(USDJPY, 'sell', '1', '150.000', '100', prices)?.toFixed()).toBe('149.85');
  });

  it('puts gold’s 333 USD take profit of half a lot (50 oz) 6.66 above 2000.00', () => {
    expect(priceForPnl(XAUUSD, 'buy', '0.5', '2000.00', '333', prices)?.toFixed()).toBe('2006.66');
    expect(priceForPnl(XAUUSD, 'sell', '0.3', '2000.00', '-100', prices)?.toFixed()).toBe('2003.33');
    expect(pnlAt(XAUUSD, 'sell', '0.3', '2000.00', '2003.33')).toBe('-99.900000');
  });

  it('finds no price for a loss larger than a buy is worth, nor for less than one tick', () => {
    expect(priceForPnl(XAUUSD, 'buy', '0.01', '2000.00', '-2000', prices)).toBeNull();
    expect(priceForPnl(EURUSD, 'buy', '0.01', '1.10000', '-0.001', prices)).toBeNull();
  });
});

describe('a stop loss or take profit asked in points', () => {
  it('puts a buy’s stop below and take profit above its entry, a sell’s the other way', () => {
    expect(stopAtDistance('stopLoss', 'buy', '1.10000', '0.00200')?.toFixed()).toBe('1.098');
    expect(stopAtDistance('takeProfit', 'buy', '1.10000', '0.00200')?.toFixed()).toBe('1.102');
    expect(stopAtDistance('stopLoss', 'sell', '150.000', '0.500')?.toFixed()).toBe('150.5');
    expect(stopAtDistance('takeProfit', 'sell', '150.000', '0.500')?.toFixed()).toBe('149.5');
  });

  it('finds no stop at or below zero', () => {
    expect(stopAtDistance('stopLoss', 'buy', '1.00', '1.00')).toBeNull();
  });
});
