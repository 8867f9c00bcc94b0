import { describe, expect, it } from 'vitest';
import { NO_STOP, type StopField } from '../trade/stopFields';
import { type StopEditForm, savedForm, stopBasis, stopEditFor } from './stopEdit';

/** Bitcoin as seeded: 1 BTC a lot, prices in cents. */
const BTC = { contractSize: '1', quoteCurrency: 'USD', pricePrecision: 2 };
const noRates = () => undefined;

/** A held 0.01-lot buy filled at the ask 96,048.00, marked at the bid 95,952.00. */
const BUY = {
  OrderType: 1 as const,
  Status: 1 as const,
  Quantity: '0.01',
  Price: '96048.00',
  OriginPrice: '96048.00',
  UpdatePrice: '95952.00',
};
const SELL = { ...BUY, OrderType: 2 as const, Price: '95952.00', UpdatePrice: '96048.00' };

const off = { stopLoss: NO_STOP, takeProfit: NO_STOP, trailing: { on: false, value: '' } };
const typed = (mode: StopField['mode'], value: string): StopField => ({ on: true, mode, value });
const edit = (order: Parameters<typeof stopBasis>[0], form: Partial<StopEditForm>) =>
  stopEditFor(stopBasis(order), { ...off, ...form }, BTC, noRates);

describe("a position's SL/TP editor", () => {
  it('puts a buy’s 10 USD stop loss 1,000.00 under its fill, and a 50,000-point take profit 500.00 over it', () => {
    const stops = edit(BUY, { stopLoss: typed('money', '10'), takeProfit: typed('points', '50000') });
    expect(stops.stopLoss).toEqual({ level: '95048.00', pnl: '-10.000000' });
    expect(stops.takeProfit).toEqual({ level: '96548.00', pnl: '5.000000' });
    expect(stops.refusals).toEqual([]);
  });

  it('judges a buy’s stops at the bid it closes at: a stop loss between bid and ask is on the wrong side', () => {
    const stops = edit(BUY, { stopLoss: typed('price', '96000'), takeProfit: typed('price', '95900') });
    expect(stops.refusals).toEqual(['sl_wrong_side', 'tp_wrong_side']);
    expect(stops.stopLoss).toEqual({ level: null, pnl: null });
  });

  it('keeps a profit with a buy’s stop loss above its fill once the bid has risen past it', () => {
    const risen = { ...BUY, UpdatePrice: '97000.00' };
    expect(edit(risen, { stopLoss: typed('price', '96500') })).toMatchObject({
      stopLoss: { level: '96500', pnl: '4.520000' },
      refusals: [],
    });
  });

  it('judges a sell’s stops at the ask: its stop loss above it, its take profit below', () => {
    expect(edit(SELL, { stopLoss: typed('price', '96000') }).refusals).toEqual(['sl_wrong_side']);
    expect(edit(SELL, { takeProfit: typed('price', '96100') }).refusals).toEqual(['tp_wrong_side']);
    expect(edit(SELL, { takeProfit: typed('price', '96000') }).refusals).toEqual([]);
    expect(edit(SELL, { stopLoss: typed('money', '10') }).stopLoss).toEqual({
      level: '96952.00',
      pnl: '-10.000000',
    });
  });

  it('refuses what names no price, a stop switched on and left empty, and a trailing stop that is no distance', () => {
    expect(edit(BUY, { stopLoss: typed('price', 'abc') }).refusals).toEqual(['sl_invalid']);
    expect(edit(BUY, { takeProfit: typed('points', '2.5') }).refusals).toEqual(['tp_invalid']);
    expect(edit(BUY, { stopLoss: typed('money', ' ') }).refusals).toEqual(['sl_required']);
    expect(edit(BUY, { trailing: { on: true, value: 'x' } }).refusals).toEqual(['trailing_invalid']);
    expect(edit(BUY, { trailing: { on: true, value: '50000' } }).trailingDistance).toBe('500.00');
  });

  it('saves a stop switched off as none', () => {
    expect(edit(BUY, {})).toEqual({
      stopLoss: { level: null, pnl: null },
      takeProfit: { level: null, pnl: null },
      trailingDistance: null,
      refusals: [],
    });
  });

  it('opens on the levels saved, as prices, and the trailing distance in points', () => {
    const order = { TargetLossPrice: '95000.00', TargetProfitPrice: '0', TrailingDistance: '500.00' };
    expect(savedForm(order, 2)).toEqual({
      stopLoss: typed('price', '95000.00'),
      takeProfit: { on: false, mode: 'price', value: '' },
      trailing: { on: true, value: '50000' },
    });
  });

  it('reckons a pending order’s stops from its target, and judges them there', () => {
    const pending = {
      ...BUY,
      Status: 0 as const,
      Price: '',
      OriginPrice: '94000.00',
      UpdatePrice: '94000.00',
    };
    expect(stopBasis(pending)).toEqual({
      entry: { side: 'buy', lots: '0.01', price: '94000.00' },
      reference: '94000.00',
    });
    expect(edit(pending, { stopLoss: typed('points', '100000') }).stopLoss.level).toBe('93000.00');
    expect(edit(pending, { stopLoss: typed('price', '94500') }).refusals).toEqual(['sl_wrong_side']);
  });
});
