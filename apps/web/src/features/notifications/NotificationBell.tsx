// Deep imports: the bell is on the home screen, and antd-mobile's index would bring every component with it.
import Badge from 'antd-mobile/es/components/badge';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUser } from '../../stores/user';
import { listenForNotifications, useUnread } from './unread';
import './notifications.css';

/** The header's bell: the unread count, and the way to the notification centre. Nothing for a visitor. */
export function NotificationBell() {
  const { t } = useTranslation();
  const isLogin = useUser((s) => s.isLogin);
  const count = useUnread((s) => s.count);
  const refresh = useUnread((s) => s.refresh);
  useEffect(() => {
    if (!isLogin) return;
    listenForNotifications();
    void refresh();
  }, [isLogin, refresh]);
  if (!isLogin) return null;
  return (
    <Link
      to="/notifications"
      className="bell"
      aria-label={t('notifications.bell', { count })}
      data-testid="notification-bell"
    >
      <Badge content={count > 0 ? String(count) : null}>
        <BellOutline fontSize={22} />
      </Badge>
    </Link>
  );
}
