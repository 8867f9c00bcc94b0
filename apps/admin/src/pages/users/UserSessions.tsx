import type { UserDetail } from '@meridian/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { when } from '../../ui/format';

/** The trader's open sessions: where from, on what device, since when and last seen. */
export function UserSessions({ sessions }: { sessions: UserDetail['sessions'] }) {
  const { t } = useTranslation();
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={sessions}
      columns={[
        { title: 'IP', dataIndex: 'ip' },
        { title: t('users.agent'), dataIndex: 'user_agent', ellipsis: true },
        { title: t('common.created'), dataIndex: 'created_at', render: when },
        { title: t('users.lastSeen'), dataIndex: 'last_seen_at', render: when },
      ]}
    />
  );
}
