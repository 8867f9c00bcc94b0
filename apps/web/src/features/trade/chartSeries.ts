import { type Indicator, type Order, OrderStatus } from '@meridian/contract';
import { bollinger, ema, type Line, macd, rsi, sma } from '@meridian/core';

/** Standard settings: MA(20), EMA(20), BB(20,2), RSI(14), MACD(12,26,9). */
export const MA_PERIOD = 20;
export const EMA_PERIOD = 20;

export interface ChartPoint {
  time: number;
  value: number;
  color?: string;
}

/** Where an indicator is drawn: over the price, or in a pane of its own below it. */
export type Pane = 'price' | 'rsi' | 'macd';

export interface IndicatorSeries {
  id: string;
  pane: Pane;
  kind: 'line' | 'histogram';
  color: string;
  points: ChartPoint[];
}

const UP = '#16a34a';
const DOWN = '#dc2626';

const pointsOf = (times: number[], line: Line, color?: (v: number) => string): ChartPoint[] =>
  line.flatMap((value, i) =>
    value === null ? [] : [{ time: times[i]!, value, ...(color && { color: color(value) }) }],
  );

/** The series the chosen indicators draw over `bars` (closes in time order), in a fixed order. */
export function indicatorSeries(
  bars: { time: number; close: number }[],
  chosen: readonly Indicator[],
): IndicatorSeries[] {
  const times = bars.map((b) => b.time);
  const closes = bars.map((b) => b.close);
  const on = new Set(chosen);
  const out: IndicatorSeries[] = [];
  const line = (id: string, pane: Pane, color: string, values: Line) =>
    out.push({ id, pane, kind: 'line', color, points: pointsOf(times, values) });
  if (on.has('ma')) line('ma', 'price', '#f59e0b', sma(closes, MA_PERIOD));
  if (on.has('ema')) line('ema', 'price', '#8b5cf6', ema(closes, EMA_PERIOD));
  if (on.has('bb')) {
    const bands = bollinger(closes);
    line('bb.upper', 'price', '#0ea5e9', bands.upper);
    line('bb.middle', 'price', '#94a3b8', bands.middle);
    line('bb.lower', 'price', '#0ea5e9', bands.lower);
  }
  if (on.has('rsi')) line('rsi', 'rsi', '#7c3aed', rsi(closes));
  if (on.has('macd')) {
    const m = macd(closes);
    out.push({
      id: 'macd.histogram',
      pane: 'macd',
      kind: 'histogram',
      color: UP,
      points: pointsOf(times, m.histogram, (v) => (v >= 0 ? UP : DOWN)),
    });
    line('macd.macd', 'macd', '#2563eb', m.macd);
    line('macd.signal', 'macd', '#f97316', m.signal);
  }
  return out;
}

/** The lower panes in use, top to bottom: RSI above MACD. Pane 0 is the price. */
export function lowerPanes(chosen: readonly Indicator[]): Pane[] {
  return (['rsi', 'macd'] as const).filter((p) => chosen.includes(p));
}

export type LineKind = 'entry' | 'sl' | 'tp';

/** A horizontal line of one open position: where it was entered, its stop loss, its take profit. */
export interface PositionLine {
  orderId: number;
  kind: LineKind;
  /** Decimal text at the instrument's precision. */
  price: string;
}

const isSet = (price: string) => price !== '' && Number(price) !== 0;

/** The lines of the held positions on one instrument; SL and TP only where set ('0' is none). */
export function positionLines(orders: Order[], instrumentId: number): PositionLine[] {
  return orders
    .filter((o) => o.ForexId === instrumentId && o.Status === OrderStatus.holding)
    .flatMap((o) => {
      const lines: PositionLine[] = [];
      if (isSet(o.Price)) lines.push({ orderId: o.Id, kind: 'entry', price: o.Price });
      if (isSet(o.TargetLossPrice)) lines.push({ orderId: o.Id, kind: 'sl', price: o.TargetLossPrice });
      if (isSet(o.TargetProfitPrice)) lines.push({ orderId: o.Id, kind: 'tp', price: o.TargetProfitPrice });
      return lines;
    });
}

/**
 * What set_stop_price gets when one of SL or TP moves: it replaces SL, TP and the trailing distance together,
 * so the other two go again as they are.
 */
export function movedStops(order: Order, kind: 'sl' | 'tp', price: string) {
  return {
    stopLoss: kind === 'sl' ? price : order.TargetLossPrice,
    takeProfit: kind === 'tp' ? price : order.TargetProfitPrice,
    trailingDistance: order.TrailingDistance,
  };
}

/** A price the pointer points at, as text at the instrument's precision. Display-only rounding of a float. */
export const priceText = (value: number, precision: number) => value.toFixed(precision);
