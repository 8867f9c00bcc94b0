import type { ChartType, Indicator } from '@meridian/contract';
import {
  AreaSeries,
  CandlestickSeries,
  createChart,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  LineSeries,
  LineStyle,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatPrice } from '../../ui/format';
import {
  type IndicatorSeries,
  indicatorSeries,
  type LineKind,
  lowerPanes,
  type Pane,
  type PositionLine,
  paneDecimals,
  RSI_LEVELS,
} from './chartSeries';

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** A position line as drawn: its label in the trader's language. */
export interface DrawnLine extends PositionLine {
  title: string;
}

/** The entry line and the line and area charts' price, readable on both themes. */
const BLUE = '#2563eb';
/** The price pane's share of the height against each lower pane's (300 px to 110 px). */
const PRICE_STRETCH = 300;
const PANE_STRETCH = 110;

const pad = (n: number) => String(n).padStart(2, '0');

/** Charts are in UTC (SPEC.md §9), whatever the phone's time zone. */
function utcLabel(time: Time, withDate: boolean): string {
  const d = new Date((time as number) * 1000);
  const clock = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return withDate
    ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${clock}`
    : clock;
}

function utcTick(time: Time, tickType: number): string {
  const d = new Date((time as number) * 1000);
  // 0 year, 1 month, 2 day of month, 3 time, 4 time with seconds (lightweight-charts TickMarkType).
  if (tickType === 0) return String(d.getUTCFullYear());
  if (tickType === 1) return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
  if (tickType === 2) return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return utcLabel(time, false);
}

const at = (time: number) => time as UTCTimestamp;

interface ChartColours {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
}

/** The light or dark theme's colours (styles.css), as the chart's element inherits them. */
function themeColours(element: HTMLElement): ChartColours {
  const css = getComputedStyle(element);
  const colour = (name: string) => css.getPropertyValue(name).trim();
  return {
    background: colour('--card'),
    text: colour('--muted'),
    grid: colour('--divider'),
    up: colour('--up'),
    down: colour('--down'),
  };
}

const layoutOptions = (c: ChartColours) => ({
  layout: { background: { color: c.background }, textColor: c.text },
  grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
});

/**
 * The trade screen's chart: the price as candles, line or area, indicator overlays and panes, and the
 * position lines. Keeps the bars so that a change of type or indicators redraws without a new request.
 */
export class PriceChart {
  readonly chart: IChartApi;
  private price!: ISeriesApi<SeriesType>;
  private type: ChartType = 'candles';
  private precision = 2;
  private bars: Bar[] = [];
  private chosen: readonly Indicator[] = [];
  private studies = new Map<string, { series: ISeriesApi<'Line' | 'Histogram'>; pane: Pane }>();
  private guides: IPriceLine[] = [];
  private lines: { spec: DrawnLine; line: IPriceLine }[] = [];
  private redrawPending = 0;
  private colours: ChartColours;

  /** `drawn` is told the indicator series each time they are drawn (for their legend). */
  constructor(
    private readonly element: HTMLElement,
    private readonly drawn: (series: IndicatorSeries[]) => void,
  ) {
    this.colours = themeColours(element);
    const themed = layoutOptions(this.colours);
    this.chart = createChart(element, {
      autoSize: true,
      ...themed,
      layout: { ...themed.layout, attributionLogo: true },
      rightPriceScale: { borderVisible: false },
      timeScale: {
        borderVisible: false,
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: utcTick,
      },
      localization: { timeFormatter: (time: Time) => utcLabel(time, true) },
      // A vertical swipe over the chart scrolls the page, as on any phone screen.
      handleScroll: { vertTouchDrag: false },
    });
    this.addPrice();
  }

  setType(type: ChartType): void {
    if (type === this.type) return;
    const previous = this.price;
    const specs = this.lines.map((l) => l.spec);
    // The lines go with the series they were drawn on.
    this.lines = [];
    this.type = type;
    // The new series comes first: a price pane left empty for a moment would be dropped with its place.
    this.addPrice();
    this.chart.removeSeries(previous);
    this.price.setData(this.bars.map((b) => this.point(b)));
    this.setLines(specs);
  }

  /** Takes the page's colours again once the theme has changed. */
  recolour(): void {
    this.colours = themeColours(this.element);
    this.chart.applyOptions(layoutOptions(this.colours));
    if (this.type === 'candles') this.price.applyOptions(this.candleColours());
    for (const { spec, line } of this.lines) line.applyOptions({ color: this.lineColour(spec.kind) });
    for (const guide of this.guides) guide.applyOptions({ color: this.colours.text });
  }

  setPrecision(precision: number): void {
    this.precision = precision;
    this.price.applyOptions({ priceFormat: this.priceFormat() });
    for (const { series, pane } of this.studies.values())
      series.applyOptions({ priceFormat: this.priceFormat(paneDecimals(pane, precision)) });
  }

  /** All bars of a new instrument or period, time order, one per time. */
  setBars(bars: Bar[]): void {
    this.bars = bars;
    this.price.setData(bars.map((b) => this.point(b)));
    this.drawStudies();
  }

  get lastTime(): number {
    return this.bars.at(-1)?.time ?? 0;
  }

  /** The bar in progress or the next one; an older bar (out of order) is dropped. */
  update(bar: Bar): void {
    const last = this.bars.at(-1);
    if (last && bar.time < last.time) return;
    if (last?.time === bar.time) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    this.price.update(this.point(bar));
    // Indicators follow once a frame: a burst of ticks recomputes them once.
    if (this.chosen.length && !this.redrawPending)
      this.redrawPending = requestAnimationFrame(() => {
        this.redrawPending = 0;
        this.drawStudies();
      });
  }

  setIndicators(chosen: readonly Indicator[]): void {
    this.chosen = chosen;
    for (const { series } of this.studies.values()) this.chart.removeSeries(series);
    this.studies.clear();
    this.guides = [];
    const panes = lowerPanes(chosen);
    for (const s of indicatorSeries([], chosen)) {
      const pane = s.pane === 'price' ? 0 : panes.indexOf(s.pane) + 1;
      const options = {
        color: s.color,
        priceLineVisible: false,
        lastValueVisible: s.pane !== 'price',
        priceFormat: this.priceFormat(paneDecimals(s.pane, this.precision)),
      };
      const series =
        s.kind === 'histogram'
          ? this.chart.addSeries(HistogramSeries, options, pane)
          : this.chart.addSeries(
              LineSeries,
              { ...options, lineWidth: 1, crosshairMarkerVisible: false },
              pane,
            );
      if (s.pane === 'rsi') this.drawRsiScale(series);
      this.studies.set(s.id, { series, pane: s.pane });
    }
    for (const [i, pane] of this.chart.panes().entries())
      pane.setStretchFactor(i === 0 ? PRICE_STRETCH : PANE_STRETCH);
    this.drawStudies();
  }

  /** Draws the position lines anew (after a refresh, a change of type, or a move given up), or retitles them. */
  setLines(specs: DrawnLine[]): void {
    const drawn = this.lines;
    const sameLines =
      specs.length === drawn.length &&
      specs.every(
        (s, i) =>
          s.orderId === drawn[i]!.spec.orderId &&
          s.kind === drawn[i]!.spec.kind &&
          s.price === drawn[i]!.spec.price,
      );
    if (sameLines) {
      // A new P&L retitles the lines where they stand: a line being dragged keeps its place (and its spec).
      for (const [i, spec] of specs.entries())
        if (spec.title !== drawn[i]!.spec.title) {
          drawn[i]!.line.applyOptions({ title: spec.title });
          drawn[i]!.spec = spec;
        }
      return;
    }
    for (const { line } of drawn) this.price.removePriceLine(line);
    this.lines = specs.map((spec) => ({
      spec,
      line: this.price.createPriceLine({
        price: Number(spec.price),
        color: this.lineColour(spec.kind),
        lineWidth: spec.kind === 'entry' ? 1 : 2,
        lineStyle: spec.kind === 'entry' ? LineStyle.Dotted : LineStyle.Dashed,
        axisLabelVisible: true,
        title: spec.title,
      }),
    }));
  }

  /** The SL or TP line within `tolerance` pixels of `y` (price pane coordinates), the nearest first. */
  movableLineAt(y: number, tolerance: number): DrawnLine | undefined {
    let best: { spec: DrawnLine; distance: number } | undefined;
    for (const { spec } of this.lines) {
      if (spec.kind === 'entry') continue;
      const lineY = this.price.priceToCoordinate(Number(spec.price));
      if (lineY === null) continue;
      const distance = Math.abs(lineY - y);
      if (distance <= tolerance && (!best || distance < best.distance)) best = { spec, distance };
    }
    return best?.spec;
  }

  /** Shows a line being dragged at `price`, without changing what it stands for. */
  showLineAt(spec: DrawnLine, price: string): void {
    const drawn = this.lines.find((l) => l.spec === spec);
    drawn?.line.applyOptions({ price: Number(price) });
  }

  priceAt(y: number): number | null {
    return this.price.coordinateToPrice(y);
  }

  /** Freezes panning and zooming while a line is dragged. */
  setDragging(dragging: boolean): void {
    this.chart.applyOptions({
      handleScroll: dragging ? false : { vertTouchDrag: false },
      handleScale: !dragging,
    });
  }

  remove(): void {
    cancelAnimationFrame(this.redrawPending);
    this.chart.remove();
  }

  private drawStudies(): void {
    const series = indicatorSeries(this.bars, this.chosen);
    for (const s of series) {
      this.studies.get(s.id)?.series.setData(s.points.map((p) => ({ ...p, time: at(p.time) })));
    }
    this.drawn(series);
  }

  /** RSI on its whole 0 to 100 scale, whatever the bars shown, with its 30 and 70 levels across. */
  private drawRsiScale(series: ISeriesApi<'Line' | 'Histogram'>): void {
    series.applyOptions({ autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }) });
    for (const level of RSI_LEVELS)
      this.guides.push(
        series.createPriceLine({
          price: level,
          color: this.colours.text,
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: false,
        }),
      );
  }

  private lineColour(kind: LineKind): string {
    return kind === 'entry' ? BLUE : kind === 'sl' ? this.colours.down : this.colours.up;
  }

  /** A scale and its labels in the language's way, at `decimals` (the instrument's precision by default). */
  private priceFormat(decimals = this.precision) {
    return {
      type: 'custom' as const,
      minMove: 1 / 10 ** decimals,
      formatter: (price: number) => formatPrice(price.toFixed(decimals), decimals),
    };
  }

  private point(b: Bar) {
    return this.type === 'candles' ? { ...b, time: at(b.time) } : { time: at(b.time), value: b.close };
  }

  private candleColours() {
    const { up, down } = this.colours;
    return { upColor: up, downColor: down, wickUpColor: up, wickDownColor: down };
  }

  private addPrice(): void {
    const priceFormat = this.priceFormat();
    if (this.type === 'candles')
      this.price = this.chart.addSeries(CandlestickSeries, {
        ...this.candleColours(),
        borderVisible: false,
        priceFormat,
      });
    else if (this.type === 'line')
      this.price = this.chart.addSeries(LineSeries, { color: BLUE, lineWidth: 2, priceFormat });
    else
      this.price = this.chart.addSeries(AreaSeries, {
        lineColor: BLUE,
        topColor: 'rgba(37, 99, 235, 0.35)',
        bottomColor: 'rgba(37, 99, 235, 0.02)',
        lineWidth: 2,
        priceFormat,
      });
  }
}
