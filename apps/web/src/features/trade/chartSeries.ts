import { type Indicator, type Order, OrderStatus } from '@meridian/contract';
import { bollinger, ema, type Line, macd, rsi, type Side, sma } from '@meridian/core';

/** Each indicator's name as trading screens write it, in no language. */
export const INDICATOR_NAMES: Record<Indicator, string> = {
  ma: 'MA',
  ema: 'EMA',
  bb: 'BOLL',
  rsi: 'RSI',
  macd: 'MACD',
};

/** The standard settings each indicator is drawn with, and its legend says: MA(20), EMA(20), BB(20,2), RSI(14), MACD(12,26,9). */
const PARAMETERS = { ma: [20], ema: [20], bb: [20, 2], rsi: [14], macd: [12, 26, 9] } as const;

/** The RSI's overbought and oversold levels, drawn across its pane. */
export const RSI_LEVELS = [30, 70] as const;

export interface ChartPoint {
  time: number;
  value: number;
  color?: string;
}

/** Where an indicator is drawn: over the price, or in a pane of its own below it. */
export type Pane = 'price' | 'rsi' | 'macd';

export interface IndicatorSeries {
  id: string;
  indicator: Indicator;
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
    out.push({
      id,
      indicator: id.split('.')[0] as Indicator,
      pane,
      kind: 'line',
      color,
      points: pointsOf(times, values),
    });
  if (on.has('ma')) line('ma', 'price', '#f59e0b', sma(closes, ...PARAMETERS.ma));
  if (on.has('ema')) line('ema', 'price', '#8b5cf6', ema(closes, ...PARAMETERS.ema));
  if (on.has('bb')) {
    const bands = bollinger(closes, ...PARAMETERS.bb);
    line('bb.upper', 'price', '#0ea5e9', bands.upper);
    line('bb.middle', 'price', '#94a3b8', bands.middle);
    line('bb.lower', 'price', '#0ea5e9', bands.lower);
  }
  if (on.has('rsi')) line('rsi', 'rsi', '#7c3aed', rsi(closes, ...PARAMETERS.rsi));
  if (on.has('macd')) {
    const m = macd(closes, ...PARAMETERS.macd);
    out.push({
      id: 'macd.histogram',
      indicator: 'macd',
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

/**
 * The decimals a pane's values are written with: the instrument's in the price pane; RSI's tenths (0 to 100);
 * one more than the price for MACD, a difference of averages far smaller than the price (0.00012 on EURUSD).
 */
export function paneDecimals(pane: Pane, pricePrecision: number): number {
  return pane === 'rsi' ? 1 : pane === 'macd' ? pricePrecision + 1 : pricePrecision;
}

/** One indicator in the chart's legend: its name and settings ("RSI 14"), and each of its lines' latest value. */
export interface LegendEntry {
  indicator: Indicator;
  label: string;
  /** Decimal text at the pane's decimals; none before the indicator has its first value. */
  values: { id: string; color: string; value: string | null }[];
}

/** The legend of the series drawn: an entry per indicator, in the series' order. */
export function legendEntries(series: IndicatorSeries[], pricePrecision: number): LegendEntry[] {
  const entries = new Map<Indicator, LegendEntry>();
  for (const s of series) {
    let entry = entries.get(s.indicator);
    if (!entry) {
      entry = {
        indicator: s.indicator,
        label: [INDICATOR_NAMES[s.indicator], ...PARAMETERS[s.indicator]].join(' '),
        values: [],
      };
      entries.set(s.indicator, entry);
    }
    const last = s.points.at(-1);
    entry.values.push({
      id: s.id,
      color: last?.color ?? s.color,
      value: last ? priceText(last.value, paneDecimals(s.pane, pricePrecision)) : null,
    });
  }
  return [...entries.values()];
}

export type LineKind = 'entry' | 'sl' | 'tp';

/** A horizontal line of one open position: where it was entered, its stop loss, its take profit. */
export interface PositionLine {
  orderId: number;
  kind: LineKind;
  /** Decimal text at the instrument's precision. */
  price: string;
  /** The position's side, lots and floating P&L (decimal text), which its entry line is titled with. */
  side: Side;
  lots: string;
  pnl: string;
}

const isSet = (price: string) => price !== '' && Number(price) !== 0;

/** The lines of the held positions on one instrument; SL and TP only where set ('0' is none). */
export function positionLines(orders: Order[], instrumentId: number): PositionLine[] {
  return orders
    .filter((o) => o.ForexId === instrumentId && o.Status === OrderStatus.holding)
    .flatMap((o) => {
      const position = {
        orderId: o.Id,
        side: o.OrderType === 1 ? ('buy' as const) : ('sell' as const),
        lots: o.Quantity,
        pnl: o.FactProfits,
      };
      const lines: PositionLine[] = [];
      if (isSet(o.Price)) lines.push({ ...position, kind: 'entry', price: o.Price });
      if (isSet(o.TargetLossPrice)) lines.push({ ...position, kind: 'sl', price: o.TargetLossPrice });
      if (isSet(o.TargetProfitPrice)) lines.push({ ...position, kind: 'tp', price: o.TargetProfitPrice });
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
