import { Topic } from '@meridian/contract';
import { Button, ErrorBlock, InfiniteScroll, List, PullToRefresh, Switch } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchNotifications, markRead, type NotificationPage } from '../../api/notifications';
import { socket } from '../../api/ws';
import { showToast } from '../../ui/notice';
import { Page } from '../../ui/Page';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { currentSubscription, disablePush, enablePush, pushSupported } from './push';
import { useUnread } from './unread';
import './notifications.css';

/** /notifications: what happened to the account, newest first, in the reader's language; a tap marks one read. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  // The pages read so far, merged: the first, then older ones as the list is scrolled.
  const [page, setPage] = useState<NotificationPage | null>(null);
  const [pages, setPages] = useState(1);
  const unread = useUnread((s) => s.count);
  const setUnread = useUnread((s) => s.set);
  const load = useCallback(
    () =>
      fetchNotifications(1).then(
        (p) => {
          setPage(p);
          setPages(1);
          setUnread(p.unread);
        },
        () => setPage({ data: [], total: 0, unread: 0 }),
      ),
    [setUnread],
  );
  useEffect(() => {
    void load();
  }, [load]);
  // A notification arriving while the page is open is listed at once.
  useEffect(() => socket.subscribe(Topic.NOTIFICATION, () => void load()), [load]);
  useEffect(() => socket.onAccountPushes(() => void load()), [load]);

  const more = async () => {
    const next = await fetchNotifications(pages + 1);
    setPages(pages + 1);
    // A notification that arrived meanwhile shifts the pages by one: a row already shown is not listed twice.
    setPage((shown) => {
      const ids = new Set(shown?.data.map((n) => n.id));
      const data = [...(shown?.data ?? []), ...next.data.filter((n) => !ids.has(n.id))];
      // An empty page ends the list, whatever the count said (rows deleted meanwhile).
      return { ...next, data, total: next.data.length === 0 ? data.length : next.total };
    });
  };

  const read = async (id?: number) => {
    let left: number;
    try {
      left = (await markRead(id)).unread;
    } catch {
      return; // The refusal was shown.
    }
    setUnread(left);
    // Marked where it is listed, so that the older pages scrolled to stay.
    setPage(
      (shown) =>
        shown && {
          ...shown,
          unread: left,
          data: shown.data.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n)),
        },
    );
  };

  return (
    <Page
      right={
        unread > 0 ? (
          <Button size="mini" fill="none" onClick={() => void read()}>
            {t('notifications.readAll')}
          </Button>
        ) : null
      }
    >
      <PushSwitch />
      <PullToRefresh onRefresh={load}>
        {page === null ? (
          <SkeletonRows count={4} />
        ) : page.data.length === 0 ? (
          <ErrorBlock status="empty" title={t('notifications.empty')} description="" />
        ) : (
          <List className="notices">
            {page.data.map((n) => (
              <List.Item
                key={n.id}
                className={n.read ? 'notice notice--read' : 'notice'}
                data-testid="notification"
                description={<span className="notice__text">{n.text}</span>}
                extra={<span className="notice__time num">{n.created_at}</span>}
              >
                {!n.read && (
                  <span className="notice__dot" role="img" aria-label={t('notifications.unread')} />
                )}
                {n.read ? (
                  n.title
                ) : (
                  // A button, so a keyboard reaches it too; stretched over the row, so a tap anywhere reads it.
                  <button type="button" className="notice__open" onClick={() => void read(n.id)}>
                    {n.title}
                  </button>
                )}
              </List.Item>
            ))}
          </List>
        )}
        {page !== null && page.data.length > 0 && (
          <InfiniteScroll loadMore={more} hasMore={page.data.length < page.total} />
        )}
      </PullToRefresh>
    </Page>
  );
}

/** "Notify me on this device": Web Push through the app's service worker, where the browser offers it. */
function PushSwitch() {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    currentSubscription().then(
      (s) => setOn(s !== null),
      () => {},
    );
  }, []);
  if (!pushSupported()) return null;
  const change = async (next: boolean) => {
    setBusy(true);
    try {
      if (next) {
        const granted = await enablePush();
        if (!granted) showToast(t('notifications.pushDenied'));
        setOn(granted);
      } else {
        await disablePush();
        setOn(false);
      }
    } catch {
      showToast(t('notifications.pushFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <List className="notices__push">
      <List.Item
        extra={
          <Switch
            checked={on}
            loading={busy}
            onChange={(v) => void change(v)}
            aria-label={t('notifications.push')}
          />
        }
      >
        {t('notifications.push')}
      </List.Item>
    </List>
  );
}
