import { type Candle, type Instrument, klineTopic, type Period } from '@meridian/contract';
import {
  CandlestickSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchKline } from '../../api/market';
import { socket } from '../../api/ws';

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

const toBar = (c: Candle) => ({
  time: c.Time as UTCTimestamp,
  open: Number(c.Open),
  high: Number(c.High),
  low: Number(c.Low),
  close: Number(c.Close),
});

/** The candlestick chart of one instrument and period, live from its kline topic. */
export function CandleChart({ instrument, period }: { instrument: Instrument; period: Period }) {
  const { t } = useTranslation();
  /** No bar yet for this period (a market closed for longer than the stored history): said, not a blank chart. */
  const [empty, setEmpty] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      layout: { background: { color: '#ffffff' }, textColor: '#6b7280', attributionLogo: true },
      grid: { vertLines: { color: '#f3f4f6' }, horzLines: { color: '#f3f4f6' } },
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
    seriesRef.current = chart.addSeries(CandlestickSeries, {
      upColor: '#16a34a',
      downColor: '#dc2626',
      borderVisible: false,
      wickUpColor: '#16a34a',
      wickDownColor: '#dc2626',
    });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const precision = instrument.PricePrecision;
    series.applyOptions({ priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision } });
    series.setData([]);
    setEmpty(false);
    let lastTime = 0;
    const controller = new AbortController();
    let queued: Candle[] = [];
    let ready = false;
    const apply = (candle: Candle) => {
      // Out-of-order bars are dropped: the chart only moves forward.
      if (candle.Time < lastTime) return;
      lastTime = candle.Time;
      series.update(toBar(candle));
      setEmpty(false);
    };
    fetchKline(instrument.Id, period, controller.signal).then(
      (candles) => {
        const bars = candles.filter((c, i) => i === 0 || c.Time > candles[i - 1]!.Time);
        series.setData(bars.map(toBar));
        lastTime = bars[bars.length - 1]?.Time ?? 0;
        ready = true;
        setEmpty(bars.length === 0 && queued.length === 0);
        for (const c of queued) apply(c);
        queued = [];
        chartRef.current?.timeScale().scrollToRealTime();
      },
      () => {},
    );
    const unsubscribe = socket.subscribe(klineTopic(instrument.Code, period), (message) => {
      const { kline } = message;
      if (ready) apply(kline);
      else queued.push(kline);
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [instrument.Id, instrument.Code, instrument.PricePrecision, period]);

  return (
    <div className="candle-chart" ref={container} dir="ltr">
      {empty && (
        <p className="candle-chart__empty" dir="auto">
          {t('trade.noChartData')}
        </p>
      )}
    </div>
  );
}
