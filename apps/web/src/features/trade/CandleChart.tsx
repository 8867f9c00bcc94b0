import { type Candle, type Instrument, isPeriod, isRtlLanguage, klineTopic } from '@meridian/contract';
import { Dialog } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchKline } from '../../api/market';
import { setStopPrice } from '../../api/trading';
import { socket } from '../../api/ws';
import { useApp } from '../../stores/app';
import { usePreferences } from '../../stores/preferences';
import { useTheme } from '../../stores/theme';
import { useUser } from '../../stores/user';
import { formatFigure, formatMoneyWithCurrency, formatPrice } from '../../ui/format';
import { ChartLegend } from './ChartLegend';
import { type IndicatorSeries, lowerPanes, movedStops, positionLines } from './chartSeries';
import { type DrawnLine, PriceChart } from './priceChart';
import { useHeldPositions } from './useHeldPositions';
import { useLineDrag } from './useLineDrag';
import './chart.css';

const toBar = (c: Candle) => ({
  time: c.Time,
  open: Number(c.Open),
  high: Number(c.High),
  low: Number(c.Low),
  close: Number(c.Close),
});

/**
 * The chart of one instrument, live from its kline topic, drawn as the trader's preferences say (type,
 * period, indicators, whose legend heads it), with their open positions' entry, SL and TP lines; SL and TP can
 * be dragged.
 */
export function CandleChart({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const { preferences, load } = usePreferences();
  const userId = useUser((s) => s.user?.id ?? 0);
  const { chart_type: type, chart_indicators: indicators } = preferences;
  const period = isPeriod(preferences.chart_period) ? preferences.chart_period : '15min';
  const precision = instrument.PricePrecision;
  /** No bar yet for this period (a market closed for longer than the stored history): said, not a blank chart. */
  const [empty, setEmpty] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<PriceChart | null>(null);
  const [studies, setStudies] = useState<IndicatorSeries[]>([]);
  const { positions, reload } = useHeldPositions();

  useEffect(() => {
    if (userId) void load();
  }, [load, userId]);

  useEffect(() => {
    const created = new PriceChart(container.current!, setStudies);
    setChart(created);
    return () => {
      created.remove();
      setChart(null);
    };
  }, []);

  // The theme switching (in settings, or the system's at dusk) recolours the chart where it stands.
  useEffect(
    () =>
      chart
        ? useTheme.subscribe((now, before) => {
            if (now.theme !== before.theme) chart.recolour();
          })
        : undefined,
    [chart],
  );

  useEffect(() => chart?.setType(type), [chart, type]);
  useEffect(() => chart?.setIndicators(indicators), [chart, indicators]);

  useEffect(() => {
    if (!chart) return;
    chart.setPrecision(precision);
    chart.setBars([]);
    setEmpty(false);
    const controller = new AbortController();
    let queued: Candle[] = [];
    let ready = false;
    const apply = (candle: Candle) => {
      chart.update(toBar(candle));
      setEmpty(false);
    };
    fetchKline(instrument.Id, period, controller.signal).then(
      (candles) => {
        // Out-of-order bars are dropped: the chart only moves forward.
        const bars = candles.filter((c, i) => i === 0 || c.Time > candles[i - 1]!.Time);
        chart.setBars(bars.map(toBar));
        ready = true;
        setEmpty(bars.length === 0 && queued.length === 0);
        for (const c of queued) apply(c);
        queued = [];
        chart.chart.timeScale().scrollToRealTime();
      },
      () => {},
    );
    const unsubscribe = socket.subscribe(klineTopic(instrument.Code, period), (message) => {
      if (ready) apply(message.kline);
      else queued.push(message.kline);
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [chart, instrument.Id, instrument.Code, precision, period]);

  // The entry line says which position it is and how it stands ("Buy 0.01 · -$0.96"); SL and TP say what they are.
  // The chart's canvas is left to right: an Arabic title is isolated right to left (RLI … PDI) to read in its order.
  const rtl = isRtlLanguage(useApp((s) => s.lang));
  const lines = useMemo(
    () =>
      positionLines(positions, instrument.Id).map((line) => {
        const title =
          line.kind === 'entry'
            ? t('chart.line.position', {
                side: t(`order.${line.side}`),
                lots: formatFigure(line.lots),
                pnl: formatMoneyWithCurrency(line.pnl, { signed: true }),
              })
            : t(`chart.line.${line.kind}`);
        return { ...line, title: rtl ? `\u2067${title}\u2069` : title };
      }),
    [positions, instrument.Id, t, rtl],
  );
  useEffect(() => chart?.setLines(lines), [chart, lines]);

  const moveStop = async (line: DrawnLine, price: string) => {
    const putBack = () => chart?.showLineAt(line, line.price);
    const order = positions.find((o) => o.Id === line.orderId);
    if (!order || line.kind === 'entry') return putBack();
    const confirmed = await Dialog.confirm({
      content: t(line.kind === 'sl' ? 'chart.moveStopLoss' : 'chart.moveTakeProfit', {
        price: formatPrice(price, precision),
      }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return putBack();
    const stops = movedStops(order, line.kind, price);
    // A refusal has shown the server's message already; the line goes back to where the position has it.
    await setStopPrice(order.Id, stops.stopLoss, stops.takeProfit, stops.trailingDistance).catch(putBack);
    await reload();
  };
  useLineDrag(container, chart, precision, (line, price) => void moveStop(line, price));

  return (
    <>
      <ChartLegend studies={studies} precision={precision} />
      <div
        className={`candle-chart candle-chart--panes-${lowerPanes(indicators).length}`}
        ref={container}
        dir="ltr"
      >
        {empty && (
          <p className="candle-chart__empty" dir="auto">
            {t('trade.noChartData')}
          </p>
        )}
      </div>
      {/* The lines are drawn on a canvas, which a screen reader cannot read: they are said here too. */}
      {lines.length > 0 && (
        <ul className="visually-hidden chart-lines" aria-label={t('chart.lines')}>
          {lines.map((line) => (
            <li key={`${line.orderId} ${line.kind}`}>
              {line.title} <span className="num">{formatPrice(line.price, precision)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
