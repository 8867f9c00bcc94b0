import { useTranslation } from 'react-i18next';
import { formatFigure } from '../../ui/format';
import { type IndicatorSeries, legendEntries } from './chartSeries';

/** Above the chart: each indicator drawn, its settings, and each of its lines' latest value beside its colour. */
export function ChartLegend({ studies, precision }: { studies: IndicatorSeries[]; precision: number }) {
  const { t } = useTranslation();
  const legend = legendEntries(studies, precision);
  if (legend.length === 0) return null;
  // Names, settings and figures in no language, laid out as the chart below them: left to right.
  return (
    <ul className="chart-legend" aria-label={t('chart.indicators')} dir="ltr">
      {legend.map((entry) => (
        <li key={entry.indicator} data-indicator={entry.indicator}>
          {entry.label}
          {entry.values.map((v) => (
            <span key={v.id} className="chart-legend__value num">
              {' '}
              <span className="chart-legend__swatch" style={{ background: v.color }} aria-hidden="true" />
              {v.value === null ? '--' : formatFigure(v.value)}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
