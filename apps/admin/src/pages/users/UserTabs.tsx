import type { UserDetail } from '@meridian/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserLedger } from './UserLedger';
import { UserLogins } from './UserLogins';
import { UserOrders } from './UserOrders';
import { UserProfile } from './UserProfile';
import { UserSessions } from './UserSessions';
import { UserVerification } from './UserVerification';

/** The trader's drawer by part; `version` moves on each change, for the tabs that read pages of their own. */
export function UserTabs({
  detail,
  version,
  onChanged,
}: {
  detail: UserDetail;
  version: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'profile', label: t('users.profile'), children: <UserProfile detail={detail} /> },
        {
          key: 'verification',
          label: t('users.verification'),
          children: <UserVerification submissions={detail.verification.submissions} onDecided={onChanged} />,
        },
        {
          key: 'ledger',
          label: t('users.ledger'),
          children: <UserLedger id={detail.id} version={version} />,
        },
        {
          key: 'orders',
          label: t('users.orders'),
          children: <UserOrders id={detail.id} version={version} onClosed={onChanged} />,
        },
        {
          key: 'sessions',
          label: t('users.sessions'),
          children: <UserSessions sessions={detail.sessions} />,
        },
        { key: 'logins', label: t('users.logins'), children: <UserLogins logins={detail.logins} /> },
      ]}
    />
  );
}
