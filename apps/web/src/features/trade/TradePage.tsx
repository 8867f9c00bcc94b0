import { PERIODS, type Period } from '@meridian/contract';
import { ErrorBlock } from 'antd-mobile';
import { DownFill, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfo } from '../../stores/basicInfo';
import { startMarketListener, useCurrentInstrument, useMarket } from '../../stores/market';
import { changeDirection, formatChange, formatPrice } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { PageLoading } from '../../ui/PageLoading';
import { SimulatedBadge } from '../market/SimulatedBadge';
import { CandleChart } from './CandleChart';
import { InstrumentDrawer } from './InstrumentDrawer';
import { OrderForm } from './OrderForm';

/** SPEC.md §2 /trade: picker drawer, price header, period bar, high/open/low, the candlestick chart. */
export default function TradePage() {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const { instruments, loaded, load, select } = useMarket();
  const instrument = useCurrentInstrument();
  const [period, setPeriod] = useState<Period>('1min');
  const [drawer, setDrawer] = useState(false);
  const loadBasicInfo = useBasicInfo((s) => s.load);

  useEffect(() => {
    startMarketListener();
    void load().catch(() => {});
    void loadBasicInfo().catch(() => {});
  }, [load, loadBasicInfo]);

  if (!instrument)
    return loaded ? <ErrorBlock status="empty" title={t('market.empty')} description="" /> : <PageLoading />;

  const q = instrument.ForexQuotations;
  const direction = changeDirection(q.Change);
  const precision = instrument.PricePrecision;
  return (
    <div className="trade">
      <header className="trade__header">
        <button
          type="button"
          className="trade__picker"
          onClick={() => setDrawer(true)}
          aria-haspopup="dialog"
        >
          <UnorderedListOutline />
          <strong>{name(instrument.ShowCode)}</strong>
          <DownFill fontSize={10} />
        </button>
        <span className="trade__badges">
          {instrument.MarketStatus !== 1 && <span className="badge-closed">{t('market.closed')}</span>}
          <SimulatedBadge />
        </span>
      </header>

      <section className="trade__quote" aria-live="polite">
        <span className={`trade__price num ${direction}`}>{formatPrice(q.Close, precision)}</span>
        <span className={`num ${direction}`}>{formatChange(q.Change)}</span>
      </section>

      <dl className="trade__hol">
        <div>
          <dt>{t('trade.high')}</dt>
          <dd className="num">{formatPrice(q.High, precision)}</dd>
        </div>
        <div>
          <dt>{t('trade.open')}</dt>
          <dd className="num">{formatPrice(q.Open, precision)}</dd>
        </div>
        <div>
          <dt>{t('trade.low')}</dt>
          <dd className="num">{formatPrice(q.Low, precision)}</dd>
        </div>
      </dl>

      <div className="periods" role="tablist" aria-label={t('trade.period')}>
        {PERIODS.map((p) => (
          <button
            key={p.period}
            type="button"
            role="tab"
            aria-selected={p.period === period}
            className={p.period === period ? 'period period--active' : 'period'}
            onClick={() => setPeriod(p.period)}
          >
            {p.label}
          </button>
        ))}
      </div>

      <CandleChart instrument={instrument} period={period} />

      <OrderForm instrument={instrument} />

      <InstrumentDrawer
        visible={drawer}
        instruments={instruments}
        currentId={instrument.Id}
        onPick={(id) => {
          select(id);
          setDrawer(false);
        }}
        onClose={() => setDrawer(false)}
      />
    </div>
  );
}
