import { BellOutline } from 'antd-mobile-icons';
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
      <BellOutline fontSize={18} />
    </Link>
  );
}
