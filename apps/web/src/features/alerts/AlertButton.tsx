import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUser } from '../../stores/user';

/** The trade screen's way to set a price alert on the instrument shown. Signed-in traders only. */
export function AlertButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const isLogin = useUser((s) => s.isLogin);
  if (!isLogin) return null;
  return (
    <Link
      to={`/alerts?forex_id=${id}`}
      className="bell"
      aria-label={t('alerts.setHere')}
      data-testid="alert-button"
    >
      <AlarmClock />
    </Link>
  );
}

/**
 * An alarm clock, as trading apps mark price alerts: the screen's header already has the notifications'
 * bell beside it, and two identical bells read as one thing twice.
 */
function AlarmClock() {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ fontSize: 18 }}
      aria-hidden="true"
    >
      <circle cx="12" cy="13" r="8" />
      <path d="M12 9v4l2.5 2M5 3 2 6M22 6l-3-3M6.4 19.6 4.5 21.5M17.6 19.6l1.9 1.9" />
    </svg>
  );
}
