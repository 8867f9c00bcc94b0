import { ErrorBlock } from 'antd-mobile';
import { DownFill, UnorderedListOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInfo } from '../../stores/basicInfo';
import { pricingSymbols } from '../../stores/livePnl';
import { useCurrentInstrument, useFollowQuotes, useMarket } from '../../stores/market';
import { ConnectionState } from '../../ui/ConnectionState';
import { changeDirection, formatPercent, formatPrice } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { PageLoading } from '../../ui/PageLoading';
import AccountSummary from '../account/AccountSummary';
import { AlertButton } from '../alerts/AlertButton';
import { SimulatedBadge } from '../market/SimulatedBadge';
import { NotificationBell } from '../notifications/NotificationBell';
import { WatchStar } from '../watchlist/WatchStar';
import { CandleChart } from './CandleChart';
import { ChartToolbar } from './ChartToolbar';
import { InstrumentDrawer } from './InstrumentDrawer';
import { OrderForm } from './OrderForm';

/** SPEC.md §2 /trade: picker drawer, price header, high/open/low, the chart with its period bar and tools. */
export default function TradePage() {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const { instruments, loaded, load, select } = useMarket();
  const instrument = useCurrentInstrument();
  const [drawer, setDrawer] = useState(false);
  const loadBasicInfo = useBasicInfo((s) => s.load);

  // The instrument's own quotes, every tick, and the pair its costs convert to USD at (issue 50).
  useFollowQuotes(instrument ? pricingSymbols(instruments, [instrument]) : []);

  useEffect(() => {
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
        <WatchStar id={instrument.Id} name={name(instrument.ShowCode)} />
        <AlertButton id={instrument.Id} />
        <span className="trade__badges">
          {instrument.MarketStatus !== 1 && <span className="badge-closed">{t('market.closed')}</span>}
          <SimulatedBadge />
        </span>
        <NotificationBell />
      </header>

      {/* Not a live region: the price changes several times a second, which a screen reader would read out each
          time; the connection state beside it is announced when it changes. */}
      <section className="trade__quote">
        <span className={`trade__price num ${direction}`}>{formatPrice(q.Close, precision)}</span>
        <span className={`num ${direction}`}>{formatPercent(q.Change)}</span>
        <ConnectionState instrument={instrument} />
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

      <ChartToolbar />

      <CandleChart instrument={instrument} />

      <OrderForm instrument={instrument} />

      <AccountSummary />

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
