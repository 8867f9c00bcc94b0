import { Topic } from '@meridian/contract';
import { ErrorBlock, InfiniteScroll, NoticeBar, PullToRefresh, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementFilters } from '../../api/statements';
import { fetchOrders, type Order } from '../../api/trading';
import { socket } from '../../api/ws';
import { useLiveAccount } from '../../stores/account';
import { changeDirection } from '../../ui/format';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { SkeletonRows } from '../../ui/SkeletonRows';
import AccountSummary from '../account/AccountSummary';
import { StatementBar } from '../statements/StatementBar';
import { CloseAllButton } from './CloseAllButton';
import { OrderDetail } from './OrderDetail';
import { OrderRow } from './OrderRow';
import { isRealised, liveTotals, type Tab, type Totals } from './totals';

const TABS: { status: Tab; label: string }[] = [
  { status: 1, label: 'orders.holding' },
  { status: 0, label: 'orders.pending' },
  { status: 3, label: 'orders.history' },
];
/** SPEC.md §9: the refresh indicator hides after 500 ms. */
const REFRESH_HOLD_MS = 500;
const SKELETON_ROWS = 2;

/** SPEC.md §2 /order: holding, pending and history tabs, the totals card, live P&L, the detail popup. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(1);
  const [orders, setOrders] = useState<Order[]>([]);
  const [totals, setTotals] = useState<Totals | null>(null);
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(false);
  const [detail, setDetail] = useState<Order | null>(null);
  const [filters, setFilters] = useState<StatementFilters>({});
  const page = useRef(0);
  const generation = useRef(0);
  // The held positions at the app's quotes, which it follows while the screen shows them (with the
  // instrument terms close part and the detail's precision read).
  const live = useLiveAccount();

  const loadPage = useCallback(
    async (reset: boolean) => {
      const run = reset ? ++generation.current : generation.current;
      const next = reset ? 1 : page.current + 1;
      const result = await fetchOrders(tab, next, tab === 3 ? filters : {});
      if (run !== generation.current) return;
      page.current = next;
      const { data, total, ...rest } = result;
      setTotals({ ...rest, tab });
      setOrders((current) =>
        reset ? data : [...current, ...data.filter((o) => !current.some((c) => c.Id === o.Id))],
      );
      setHasMore(next * 10 < total && data.length > 0);
      setLoading(false);
    },
    [tab, filters],
  );

  useEffect(() => {
    setLoading(true);
    setOrders([]);
    setHasMore(false);
    void loadPage(true).catch(() => setLoading(false));
  }, [loadPage]);

  // Live P&L and totals for holding orders, from the live account. A position that closed leaves Holding, a
  // pending order that filled leaves Pending, and either leaves its popup; the page and its totals are read again.
  const shown = useMemo(() => {
    const marked = new Map(live?.positions.map((o) => [o.Id, o]));
    return orders.map((o) => {
      const mark = o.Status === 1 ? marked.get(o.Id) : undefined;
      return mark ? { ...o, UpdatePrice: mark.UpdatePrice, FactProfits: mark.FactProfits } : o;
    });
  }, [orders, live]);
  const floatingPnl = live?.wire.floatingPnl;
  const shownTotals = useMemo(
    () => (totals && floatingPnl !== undefined ? liveTotals(totals, floatingPnl) : totals),
    [totals, floatingPnl],
  );
  useEffect(() => {
    const leave = (from: Tab) => (message: { quotation: number[] }) => {
      const ids = new Set(message.quotation);
      if (tab === from) setOrders((current) => current.filter((o) => !ids.has(o.Id)));
      setDetail((current) => (current && ids.has(current.Id) ? null : current));
      void loadPage(true).catch(() => {});
    };
    const offClosed = socket.subscribe(Topic.FOREX_CLOSED, leave(1));
    const offFilled = socket.subscribe(Topic.FOREX_FILLED, leave(0));
    // A pending order the server cancelled (its expiry, or no margin at its fill) is told by a notification.
    const offNotice = socket.subscribe(Topic.NOTIFICATION, ({ quotation }) => {
      if (quotation.kind === 'pending_expired' || quotation.kind === 'pending_cancelled')
        void loadPage(true).catch(() => {});
    });
    const offLogin = socket.onAccountPushes(() => void loadPage(true).catch(() => {}));
    return () => {
      offClosed();
      offFilled();
      offNotice();
      offLogin();
    };
  }, [tab, loadPage]);

  const refresh = async () => {
    await Promise.all([loadPage(true).catch(() => {}), new Promise((r) => setTimeout(r, REFRESH_HOLD_MS))]);
  };

  return (
    <Page>
      <TotalsCard totals={shownTotals} tab={tab} />
      {live?.marginCall && <NoticeBar color="alert" content={t('orders.marginCall')} wrap />}
      <Tabs activeKey={String(tab)} onChange={(key) => setTab(Number(key) as Tab)}>
        {TABS.map((item) => (
          <Tabs.Tab key={String(item.status)} title={t(item.label)} />
        ))}
      </Tabs>
      {tab === 3 && <StatementBar kind="history" filters={filters} onChange={setFilters} />}
      <PullToRefresh onRefresh={refresh}>
        {tab === 1 && !loading && orders.length > 0 && (
          <div className="close-all-bar">
            <CloseAllButton onDone={() => void loadPage(true).catch(() => {})} />
          </div>
        )}
        {loading ? (
          <SkeletonRows count={SKELETON_ROWS} />
        ) : orders.length === 0 ? (
          <ErrorBlock status="empty" title={t('orders.empty')} description="" />
        ) : (
          <ul className="order-list">
            {shown.map((order) => (
              <OrderRow
                key={order.Id}
                order={order}
                onOpen={() => setDetail(order)}
                onClosed={() => void loadPage(true).catch(() => {})}
              />
            ))}
          </ul>
        )}
        <InfiniteScroll loadMore={() => loadPage(false)} hasMore={hasMore} />
      </PullToRefresh>
      <OrderDetail
        order={detail ? (shown.find((o) => o.Id === detail.Id) ?? detail) : null}
        onClose={() => setDetail(null)}
        onChanged={() => {
          setDetail(null);
          void loadPage(true).catch(() => {});
        }}
      />
    </Page>
  );
}

/** The account's figures, and the P&L labelled by the tab its figure was loaded on (until then, the tab shown). */
function TotalsCard({ totals, tab }: { totals: Totals | null; tab: Tab }) {
  const { t } = useTranslation();
  const realised = isRealised(totals?.tab ?? tab);
  const pnl = totals?.all_fact_profits;
  return (
    <AccountSummary>
      <div>
        <dt>{t(realised ? 'orders.realisedPnl' : 'orders.floatingPnl')}</dt>
        <dd className={`${realised ? '' : 'live-figure '}${changeDirection(pnl)}`}>
          <Money value={pnl} />
        </dd>
      </div>
    </AccountSummary>
  );
}
