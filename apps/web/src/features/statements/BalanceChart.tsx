import { ACCOUNT_HISTORY_DAYS } from '@meridian/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountDay, fetchAccountHistory } from '../../api/statements';
import { Money } from '../../ui/Money';
import './statements.css';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 4;

/** SVG path segments through the points that have a value: a day without one breaks the line. */
function paths(values: (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let d = '';
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null) {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    drawing = true;
  });
  return d;
}

/**
 * The user centre's balance and equity over the last 90 days: balance at each day's end from the ledger,
 * equity from the daily snapshots (days without one show the balance only). One small SVG, as Sparkline.
 */
export function BalanceChart() {
  const { t } = useTranslation();
  const [days, setDays] = useState<AccountDay[] | null>(null);

  useEffect(() => {
    fetchAccountHistory().then(setDays, () => setDays([]));
  }, []);

  if (!days || days.length === 0) return null;
  const balances = days.map((d) => Number(d.balance));
  const equities = days.map((d) => (d.equity === '' ? null : Number(d.equity)));
  const all = [...balances, ...equities.filter((v): v is number => v !== null)];
  const min = Math.min(...all);
  const span = Math.max(...all) - min || 1;
  const x = (i: number) => (days.length === 1 ? WIDTH / 2 : (i * WIDTH) / (days.length - 1));
  const y = (v: number) => HEIGHT - PAD - ((v - min) / span) * (HEIGHT - 2 * PAD);
  const last = days.at(-1)!;
  const single = days.length === 1;

  return (
    <section
      className="balance-chart"
      aria-label={t('statements.chartTitle', { days: ACCOUNT_HISTORY_DAYS })}
    >
      <header className="balance-chart__head">
        <span>{t('statements.chartTitle', { days: ACCOUNT_HISTORY_DAYS })}</span>
        <span className="balance-chart__legend">
          <i className="balance-chart__key balance-chart__key--balance" /> {t('statements.balance')}{' '}
          <Money value={last.balance} />
          {last.equity !== '' && (
            <>
              {' '}
              <i className="balance-chart__key balance-chart__key--equity" /> {t('statements.equity')}{' '}
              <Money value={last.equity} />
            </>
          )}
        </span>
      </header>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        className="balance-chart__svg"
      >
        {single ? (
          <circle cx={x(0)} cy={y(balances[0]!)} r="3" className="balance-chart__balance" />
        ) : (
          <>
            <path d={paths(balances, x, y)} className="balance-chart__balance" />
            <path d={paths(equities, x, y)} className="balance-chart__equity" />
          </>
        )}
      </svg>
      <div className="balance-chart__axis num">
        <span>{days[0]!.day}</span>
        <span>{last.day}</span>
      </div>
    </section>
  );
}
