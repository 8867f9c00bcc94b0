import type { Order } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import {
  indicatorSeries,
  legendEntries,
  lowerPanes,
  movedStops,
  paneDecimals,
  positionLines,
  priceText,
} from './chartSeries';

const position = (patch: Partial<Order>): Order => ({
  Id: 1,
  ForexId: 7,
  ForexTradeLists: { ShowCode: 'EUR/USD' },
  OrderType: 1,
  Status: 1,
  Quantity: '0.10',
  Multiple: 100,
  OriginPrice: '1.08000',
  Price: '1.08010',
  UpdatePrice: '1.08100',
  FactProfits: '9.000000',
  CautionMoney: '108.010000',
  TradeFee: '0.100000',
  TargetLossPrice: '0',
  TargetProfitPrice: '0',
  CreateTimeHandler: '2026-11-18 12:00:00',
  CloseTime: '',
  CloseReason: '',
  Copied: false,
  TrailingDistance: '0',
  PartOf: 0,
  Swap: '0.000000',
  PendingKind: '',
  ExpiresAt: '',
  ...patch,
});

describe('position lines', () => {
  it("draws a held EURUSD position's entry, SL and TP, and nothing of other instruments or pending orders", () => {
    const orders = [
      position({ Id: 1, TargetLossPrice: '1.07500', TargetProfitPrice: '1.09000' }),
      position({ Id: 2, ForexId: 8, TargetLossPrice: '150.000' }),
      position({ Id: 3, Status: 0, TargetLossPrice: '1.07000' }),
    ];
    const held = { orderId: 1, side: 'buy', lots: '0.10', pnl: '9.000000' };
    expect(positionLines(orders, 7)).toEqual([
      { ...held, kind: 'entry', price: '1.08010' },
      { ...held, kind: 'sl', price: '1.07500' },
      { ...held, kind: 'tp', price: '1.09000' },
    ]);
  });

  it("carries a sell's side, lots and floating P&L, which its entry line is titled with", () => {
    const [entry] = positionLines(
      [position({ OrderType: 2, Quantity: '0.01', FactProfits: '-0.960000' })],
      7,
    );
    expect(entry).toMatchObject({ kind: 'entry', side: 'sell', lots: '0.01', pnl: '-0.960000' });
  });

  it('has no SL or TP line where none is set', () => {
    expect(positionLines([position({})], 7).map((l) => l.kind)).toEqual(['entry']);
  });
});

describe('moving a stop on the chart', () => {
  it('sends the take profit and trailing distance again, unchanged, when the stop loss moves', () => {
    const order = position({
      TargetLossPrice: '1.07500',
      TargetProfitPrice: '1.09000',
      TrailingDistance: '0.00200',
    });
    expect(movedStops(order, 'sl', '1.07800')).toEqual({
      stopLoss: '1.07800',
      takeProfit: '1.09000',
      trailingDistance: '0.00200',
    });
    expect(movedStops(order, 'tp', '1.09500')).toEqual({
      stopLoss: '1.07500',
      takeProfit: '1.09500',
      trailingDistance: '0.00200',
    });
  });

  it('writes the price pointed at to the instrument precision', () => {
    expect(priceText(1.0849987, 5)).toBe('1.08500');
    expect(priceText(154.3, 3)).toBe('154.300');
  });
});

describe('indicator series', () => {
  const bars = Array.from({ length: 40 }, (_, i) => ({ time: 1000 + 60 * i, close: 100 + i }));

  it('puts MA, EMA and Bollinger bands over the price, RSI and MACD in panes of their own', () => {
    const series = indicatorSeries(bars, ['macd', 'ma', 'rsi', 'bb', 'ema']);
    expect(series.map((s) => [s.id, s.pane])).toEqual([
      ['ma', 'price'],
      ['ema', 'price'],
      ['bb.upper', 'price'],
      ['bb.middle', 'price'],
      ['bb.lower', 'price'],
      ['rsi', 'rsi'],
      ['macd.histogram', 'macd'],
      ['macd.macd', 'macd'],
      ['macd.signal', 'macd'],
    ]);
    expect(lowerPanes(['macd', 'ma', 'rsi'])).toEqual(['rsi', 'macd']);
  });

  it('starts a 20-bar average at the 20th bar, on its time', () => {
    const [ma] = indicatorSeries(bars, ['ma']);
    expect(ma!.points[0]).toEqual({ time: 1000 + 60 * 19, value: 109.5 });
    expect(ma!.points).toHaveLength(21);
  });

  it('colours the MACD histogram by its sign', () => {
    // Up for 45 bars, then down: the histogram turns from positive to negative.
    const turn = Array.from({ length: 70 }, (_, i) => ({
      time: 1000 + 60 * i,
      close: i < 45 ? 100 + i : 190 - i * 1.5,
    }));
    const histogram = indicatorSeries(turn, ['macd']).find((s) => s.id === 'macd.histogram')!;
    expect(new Set(histogram.points.map((p) => p.color))).toEqual(new Set(['#16a34a', '#dc2626']));
    for (const p of histogram.points) expect(p.color).toBe(p.value >= 0 ? '#16a34a' : '#dc2626');
  });
});

describe('indicator values', () => {
  it('writes MACD at one decimal more than the price, RSI in tenths, overlays at the price precision', () => {
    expect(paneDecimals('macd', 5)).toBe(6);
    expect(paneDecimals('macd', 2)).toBe(3);
    expect(paneDecimals('rsi', 5)).toBe(1);
    expect(paneDecimals('price', 5)).toBe(5);
  });

  it('gives each indicator a legend entry: its name, settings, colours and latest values', () => {
    // EURUSD-like closes: up 2 points a bar for 40 bars, then down 1 point a bar.
    const bars = Array.from({ length: 60 }, (_, i) => ({
      time: 1000 + 60 * i,
      close: 1.08 + (i < 40 ? i : 80 - i) * 0.0002,
    }));
    const legend = legendEntries(indicatorSeries(bars, ['ma', 'bb', 'rsi', 'macd']), 5);
    expect(legend.map((e) => e.label)).toEqual(['MA 20', 'BOLL 20 2', 'RSI 14', 'MACD 12 26 9']);
    expect(legend[0]!.values).toEqual([
      { id: 'ma', color: '#f59e0b', value: expect.stringMatching(/^1\.\d{5}$/) },
    ]);
    expect(legend[1]!.values.map((v) => v.id)).toEqual(['bb.upper', 'bb.middle', 'bb.lower']);
    expect(legend[2]!.values[0]!.value).toMatch(/^\d{1,2}\.\d$/);
    const [histogram, line, signal] = legend[3]!.values;
    expect([histogram!.id, line!.id, signal!.id]).toEqual(['macd.histogram', 'macd.macd', 'macd.signal']);
    // A forex MACD of a few points, not "0.00": six decimals on a five-decimal price.
    expect(line!.value).toMatch(/^-?0\.\d{6}$/);
    expect(Number(line!.value)).not.toBe(0);
    // Falling at the end: the histogram's colour is its last bar's, below zero.
    expect(histogram!.color).toBe('#dc2626');
  });

  it('has no value yet while an indicator has too few bars', () => {
    const few = Array.from({ length: 5 }, (_, i) => ({ time: 1000 + 60 * i, close: 100 + i }));
    expect(legendEntries(indicatorSeries(few, ['ma']), 2)).toEqual([
      { indicator: 'ma', label: 'MA 20', values: [{ id: 'ma', color: '#f59e0b', value: null }] },
    ]);
  });
});
