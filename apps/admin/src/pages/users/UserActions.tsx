import type { UserDetail } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { act } from '../../api';
import { useSession } from '../../session';

/** What the operator's role may do to the account: adjust its balance (finance), disable it or end its sessions (support). */
export function UserActions({
  detail,
  onAdjust,
  onChanged,
}: {
  detail: UserDetail;
  onAdjust: () => void;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { can } = useSession();
  return (
    <Space style={{ marginBottom: 16 }} wrap>
      {can(['finance']) && (
        <Button type="primary" onClick={onAdjust}>
          {t('users.adjust')}
        </Button>
      )}
      {can(['support']) && (
        <>
          <Popconfirm
            title={detail.disabled ? t('users.enableConfirm') : t('users.disableConfirm')}
            onConfirm={async () => {
              await act(adminEndpoints.disableUser, { id: detail.id, disabled: !detail.disabled });
              await onChanged();
            }}
          >
            <Button danger={!detail.disabled}>
              {detail.disabled ? t('users.enable') : t('users.disable')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('users.revokeConfirm')}
            onConfirm={async () => {
              await act(adminEndpoints.revokeUserSessions, { id: detail.id });
              await onChanged();
            }}
          >
            <Button>{t('users.revoke')}</Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}
