import type { Instrument, SparkSeries } from '@meridian/contract';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { lazy, memo, Suspense, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchSparks } from '../../api/market';
import { sharedFor } from '../../api/shared';
import { useFollowMarketList, useMarket } from '../../stores/market';
import { useUser } from '../../stores/user';
import { ConnectionState, StaleAge } from '../../ui/ConnectionState';
import { changeDirection, formatPercent, formatPrice } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { whenNearViewport } from '../../ui/nearViewport';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { Sparkline } from '../../ui/Sparkline';
import { NotificationBell } from '../notifications/NotificationBell';
import { useWatchedInstruments } from '../watchlist/store';
import { WatchlistSection } from '../watchlist/WatchlistSection';
import { WatchStar } from '../watchlist/WatchStar';
import { NewsLink } from './NewsLink';
import { SimulatedBadge } from './SimulatedBadge';

/** How often market status (open/closed) and the small charts are refreshed while the list is shown. */
const REFRESH_MS = 60_000;
const SKELETON_ROWS = 10;
const NO_POINTS: string[] = [];
/** Rows drawn at once: a phone's screenful and the next few. */
const FIRST_ROWS = 12;
/** Rows added in each later frame until the list is complete. */
const ROWS_PER_FRAME = 8;

/** The small charts, shared by the start-up prefetch and the page's first refresh (api/shared.ts). */
const requestSparks = sharedFor(fetchSparks);

/** The home page's data, asked for while the app starts on `/` (routes.tsx): the list can come with the first paint. */
export function prefetchHome(): void {
  void useMarket
    .getState()
    .load()
    .catch(() => {});
  void requestSparks().catch(() => {});
}

/** The signed-in trader's account: decimal.js and its figures come after the list's first paint, not with it. */
const AccountSummary = lazy(() => import('../account/AccountSummary'));

/** The empty-list picture is a few KiB of SVG: fetched only when the list is empty, not on every first paint. */
const ErrorBlock = lazy(() => import('antd-mobile/es/components/error-block'));

type MarketView = Pick<ReturnType<typeof useMarket.getState>, 'instruments' | 'categories' | 'loaded'>;

const viewOf = ({ instruments, categories, loaded }: MarketView): MarketView => ({
  instruments,
  categories,
  loaded,
});

/**
 * The market store as the list shows it, updated in a transition: drawing the list when it arrives and
 * redrawing quoted rows on each tick are rendered in slices the browser can interrupt, not as one long task
 * (issue 11: Lighthouse's total blocking time). A store hook (useSyncExternalStore) would not do: a quote
 * arriving during a sliced render makes React redo it synchronously.
 */
function useMarketInBackground(): MarketView {
  const [view, setView] = useState(() => viewOf(useMarket.getState()));
  useEffect(() => {
    const update = (state: MarketView) =>
      startTransition(() =>
        setView((shown) =>
          shown.instruments === state.instruments &&
          shown.categories === state.categories &&
          shown.loaded === state.loaded
            ? shown
            : viewOf(state),
        ),
      );
    update(useMarket.getState());
    return useMarket.subscribe(update);
  }, []);
  return view;
}

/**
 * How many rows of a `total`-row list to draw: a screenful at once, the rest a few per frame. The first
 * layout of a row is not free, content-visibility does not spare the rows within a screen of the viewport,
 * and the whole list in one frame was one long task (issue 11: Lighthouse's total blocking time).
 */
function useRowsDrawn(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  useEffect(() => {
    if (drawn >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setDrawn((n) => n + ROWS_PER_FRAME)));
    return () => cancelAnimationFrame(frame);
  }, [drawn, total]);
  return drawn;
}

/** SPEC.md §2 home: logo, search link, category chips, the live instrument list. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useMarket((s) => s.load);
  const select = useMarket((s) => s.select);
  const { instruments, categories, loaded } = useMarketInBackground();
  const [category, setCategory] = useState<number | null>(null);
  const [sparks, setSparks] = useState<Map<number, string[]>>(new Map());
  const [failed, setFailed] = useState(false);
  // Translated here once for all rows: a row re-renders on each of its quotes, and two translation hooks
  // in every row were a large share of drawing the list and of each quote (issue 11).
  const name = useInstrumentName();
  const closedLabel = t('market.closed');
  const isLogin = useUser((s) => s.isLogin);
  // The whole market's quotes, at most once a second: what a list needs (issue 50).
  useFollowMarketList();

  useEffect(() => {
    // In transitions like the list itself: an urgent update here redrew the whole page in one task.
    const settle = (failure: boolean) => startTransition(() => setFailed(failure));
    const refresh = () => {
      load().then(
        () => settle(false),
        () => settle(true),
      );
      requestSparks().then(
        (rows: SparkSeries[]) => startTransition(() => setSparks(new Map(rows.map((r) => [r.Id, r.Points])))),
        () => {},
      );
    };
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const shown = category === null ? instruments : instruments.filter((i) => i.CategoryId === category);
  const watched = useWatchedInstruments(instruments);
  const drawn = useRowsDrawn(shown.length);
  const open = useCallback(
    (instrument: Instrument) => {
      select(instrument.Id);
      navigate('/trade');
    },
    [select, navigate],
  );

  // The watchlist and the category's list draw their rows alike.
  const quoteRows = (list: Instrument[]) =>
    list.map((instrument) => (
      <QuoteRow
        key={instrument.Id}
        instrument={instrument}
        points={sparks.get(instrument.Id) ?? NO_POINTS}
        name={name}
        closedLabel={closedLabel}
        onOpen={open}
      />
    ));

  return (
    <div className="home">
      <HomeHeader />
      <div className="home__source">
        <SimulatedBadge />
        <ConnectionState />
      </div>
      {isLogin && (
        <Suspense fallback={null}>
          <AccountSummary />
        </Suspense>
      )}

      {watched.length > 0 && (
        <WatchlistSection>
          <ul className="quote-list">{quoteRows(watched)}</ul>
        </WatchlistSection>
      )}

      <div className="chips" role="toolbar" aria-label={t('market.categories')}>
        {categories.map((c) => (
          <button
            key={c.Id}
            type="button"
            className={c.Id === category ? 'chip chip--active' : 'chip'}
            aria-pressed={c.Id === category}
            onClick={() => setCategory(c.Id === category ? null : c.Id)}
          >
            {c.NameShowTrans}
          </button>
        ))}
      </div>

      {!loaded && instruments.length === 0 && !failed ? (
        <SkeletonRows count={SKELETON_ROWS} withLogo />
      ) : shown.length === 0 ? (
        <Suspense fallback={null}>
          <ErrorBlock status="empty" title={t('market.empty')} description="" />
        </Suspense>
      ) : (
        <ul className="quote-list">{quoteRows(shown.slice(0, drawn))}</ul>
      )}
    </div>
  );
}

/** Logo, search link and user link: memoized, so that a quote redrawing the list does not redraw them. */
const HomeHeader = memo(function HomeHeader() {
  const { t } = useTranslation();
  return (
    <header className="home__header">
      <span className="brand">
        {/* The tab's icon, a PNG: an SVG image is a document of its own to lay out on the main thread. */}
        <img src="/favicon-96.png" alt="" width={28} height={28} />
        <span className="brand__name">Meridian</span>
      </span>
      <Link to="/product" className="home__search">
        <SearchOutline />
        <span>{t('market.searchPlaceholder')}</span>
      </Link>
      <NewsLink />
      <NotificationBell />
      <Link to="/user" className="icon-button" aria-label={t('page.user')}>
        <UserOutline />
      </Link>
    </header>
  );
});

/** An instrument's logo, fetched once its row is near the viewport (see ui/nearViewport.ts). */
function Logo({ src }: { src: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) return;
    return whenNearViewport(img, () => {
      img.src = src;
    });
  }, [src]);
  return <img ref={ref} className="quote-row__logo" alt="" width={36} height={36} />;
}

/** One instrument's row; re-rendered only when its own quote or small chart changes, not on every tick of another. */
const QuoteRow = memo(function QuoteRow({
  instrument,
  points,
  name,
  closedLabel,
  onOpen,
}: {
  instrument: Instrument;
  points: string[];
  /** The instrument's display name in the interface language (ui/instrumentName.ts). */
  name: (showCode: string) => string;
  closedLabel: string;
  onOpen: (i: Instrument) => void;
}) {
  const q = instrument.ForexQuotations;
  const direction = changeDirection(q.Change);
  const isOpen = instrument.MarketStatus === 1;
  return (
    <li className="quote-item">
      <button type="button" className="quote-row" onClick={() => onOpen(instrument)}>
        <Logo src={instrument.Logo} />
        <span className="quote-row__name">
          <strong>{name(instrument.ShowCode)}</strong>
          <small className="quote-row__code">{instrument.Code}</small>
        </span>
        <Sparkline points={points} direction={direction} />
        <span className="quote-row__price">
          <span className={`num ${direction}`}>{formatPrice(q.Close, instrument.PricePrecision)}</span>
          {isOpen ? (
            <StaleAge instrument={instrument}>
              <span className={`quote-row__change num ${direction}`}>{formatPercent(q.Change)}</span>
            </StaleAge>
          ) : (
            <span className="quote-row__closed">{closedLabel}</span>
          )}
        </span>
      </button>
      <WatchStar id={instrument.Id} name={name(instrument.ShowCode)} />
    </li>
  );
});
