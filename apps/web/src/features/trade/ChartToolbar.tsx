import { CHART_TYPES, INDICATORS, type Indicator, PERIODS } from '@meridian/contract';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../stores/preferences';
import { INDICATOR_NAMES } from './chartSeries';

/** The chart's period bar, type and indicators; the trader's choice is kept in their preferences. */
export function ChartToolbar() {
  const { t } = useTranslation();
  const { preferences, change } = usePreferences();
  const { chart_period: period, chart_type: type, chart_indicators: indicators } = preferences;
  const toggle = (indicator: Indicator) =>
    void change({
      chart_indicators: INDICATORS.filter((i) => (i === indicator) !== indicators.includes(i)),
    });

  return (
    <div className="chart-toolbar">
      <div className="periods" role="tablist" aria-label={t('trade.period')}>
        {PERIODS.map((p) => (
          <button
            key={p.period}
            type="button"
            role="tab"
            aria-selected={p.period === period}
            className={p.period === period ? 'period period--active' : 'period'}
            onClick={() => void change({ chart_period: p.period })}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="chart-toolbar__row">
        <fieldset className="chart-toolbar__group" aria-label={t('chart.type')}>
          {CHART_TYPES.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={kind === type}
              className={kind === type ? 'chart-chip chart-chip--on' : 'chart-chip'}
              onClick={() => void change({ chart_type: kind })}
            >
              {t(`chart.types.${kind}`)}
            </button>
          ))}
        </fieldset>
        <fieldset className="chart-toolbar__group" aria-label={t('chart.indicators')}>
          {INDICATORS.map((indicator) => (
            <button
              key={indicator}
              type="button"
              aria-pressed={indicators.includes(indicator)}
              className={indicators.includes(indicator) ? 'chart-chip chart-chip--on' : 'chart-chip'}
              onClick={() => toggle(indicator)}
            >
              {INDICATOR_NAMES[indicator]}
            </button>
          ))}
        </fieldset>
      </div>
    </div>
  );
}
