import type { UserDetail } from '@meridian/contract';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { when } from '../../ui/format';

/** The trader's sign-in attempts, each with where from and whether it succeeded. */
export function UserLogins({ logins }: { logins: UserDetail['logins'] }) {
  const { t } = useTranslation();
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={logins}
      columns={[
        { title: t('common.time'), dataIndex: 'created_at', render: when },
        { title: 'IP', dataIndex: 'ip' },
        { title: t('users.agent'), dataIndex: 'user_agent', ellipsis: true },
        {
          title: t('users.result'),
          dataIndex: 'success',
          render: (ok: boolean) =>
            ok ? <Tag color="green">{t('users.ok')}</Tag> : <Tag color="red">{t('users.failed')}</Tag>,
        },
      ]}
    />
  );
}
