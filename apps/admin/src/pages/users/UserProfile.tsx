import type { UserDetail } from '@meridian/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount, when } from '../../ui/format';
import { KycTag } from './KycTag';
import { ActiveTag, DemoTag } from './UserStateTags';

/** The trader's account at a glance: who, how they sign in, the balance, its state and real-name status. */
export function UserProfile({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="UID">{detail.uid}</Descriptions.Item>
      <Descriptions.Item label={t('users.loginType')}>{detail.login_type}</Descriptions.Item>
      <Descriptions.Item label={t('users.email')}>{detail.email}</Descriptions.Item>
      <Descriptions.Item label={t('users.mobile')}>{detail.mobile}</Descriptions.Item>
      <Descriptions.Item label={t('users.name')}>{detail.name}</Descriptions.Item>
      <Descriptions.Item label={t('users.inviteCode')}>{detail.invite_code}</Descriptions.Item>
      <Descriptions.Item label={t('users.balance')}>
        <Amount value={detail.balance} />
      </Descriptions.Item>
      <Descriptions.Item label={t('users.lockBalance')}>
        <Amount value={detail.lock_balance} />
      </Descriptions.Item>
      <Descriptions.Item label={t('users.status')}>
        <ActiveTag disabled={detail.disabled} />
        {detail.is_demo && <DemoTag />}
      </Descriptions.Item>
      <Descriptions.Item label={t('common.created')}>{when(detail.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('users.verification')}>
        <KycTag status={detail.verification.status} />
      </Descriptions.Item>
    </Descriptions>
  );
}
