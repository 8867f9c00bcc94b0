import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { fetchProvider, type Provider } from '../../api/copying';
import { useUser } from '../../stores/user';
import { changeDirection, formatPercent } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { Sparkline } from '../../ui/Sparkline';
import { Figure, Figures } from './Figures';
import { ProviderName } from './ProviderName';
import { StartCopyPopup } from './StartCopyPopup';

/** /rank/provider?id=: a strategy provider's figures and 30 days of profit, and copying them. */
export default function ProviderPage() {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const isLogin = useUser((s) => s.isLogin);
  const [provider, setProvider] = useState<Provider | null>(null);
  const [failure, setFailure] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: signing in asks again, for the caller's copying_id
  useEffect(() => {
    setProvider(null);
    setFailure('');
    if (valid) fetchProvider(id).then(setProvider, (error: Error) => setFailure(error.message));
  }, [id, valid, isLogin]);

  return (
    <Page>
      {!valid || failure ? (
        <ErrorBlock status="empty" title={failure || t('copy.notFound')} description="" />
      ) : !provider ? (
        <div className="copy-panel">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : (
        <ProviderView provider={provider} />
      )}
    </Page>
  );
}

function ProviderView({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const last = provider.days.at(-1)?.cumulative ?? '0';
  return (
    <div className="copy-panel">
      <section className="copy-card">
        <header className="copy-summary__head">
          <ProviderName name={provider.user} demo={provider.demo} />
          <span className="copy-provider__followers">
            {t('rank.followers')} <b className="num">{provider.followers}</b>
          </span>
        </header>
        <div className="copy-provider__chart">
          <span className="muted">{t('copy.chart')}</span>
          <Money value={last} signed className={changeDirection(last)} />
          <Sparkline
            points={provider.days.map((day) => day.cumulative)}
            direction={changeDirection(last)}
            width={320}
            height={96}
          />
        </div>
        <Figures>
          <Figure label={t('rank.threeWeekRate')}>
            <span className={`num ${changeDirection(provider.three_week_rate)}`}>
              {formatPercent(provider.three_week_rate)}
            </span>
          </Figure>
          <Figure label={t('rank.winRate')}>
            <span className="num">{formatPercent(provider.three_week_win, { signed: false })}</span>
          </Figure>
          <Figure label={t('rank.income')}>
            <Money
              value={provider.three_week_profit}
              signed
              className={changeDirection(provider.three_week_profit)}
            />
          </Figure>
          <Figure label={t('rank.totalRate')}>
            <span className={`num ${changeDirection(provider.total_rate)}`}>
              {formatPercent(provider.total_rate)}
            </span>
          </Figure>
          <Figure label={t('rank.trades')}>
            <span className="num">{provider.total_trade_num}</span>
          </Figure>
          <Figure label={t('rank.multiple')}>
            <span className="num">×{provider.multiple}</span>
          </Figure>
          <Figure label={t('rank.variety')}>{name(provider.code)}</Figure>
          <Figure label={t('copy.openPositions')}>
            <span className="num">{provider.open_positions}</span>
          </Figure>
        </Figures>
      </section>
      <CopyAction provider={provider} />
    </div>
  );
}

/** Copy: sign in first; a provider already copied links to that copy; otherwise the allocation form. */
function CopyAction({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useUser((s) => s.isLogin);
  const [open, setOpen] = useState(false);

  if (provider.copying_id !== 0) {
    return (
      <p className="copy-provider__copying">
        {t('copy.youCopy')} <Link to={`/copy/detail?id=${provider.copying_id}`}>{t('copy.viewCopy')}</Link>
      </p>
    );
  }
  const start = () =>
    isLogin
      ? setOpen(true)
      : navigate(`/login?from=${encodeURIComponent(location.pathname + location.search)}`);
  return (
    <>
      <Button block color="primary" size="large" onClick={start}>
        {t('copy.copy')}
      </Button>
      <StartCopyPopup provider={provider} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
