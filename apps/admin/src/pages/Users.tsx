import type { UserRow } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountColumn } from '../ui/amountColumn';
import { when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { usePaged } from '../ui/usePaged';
import { UserDrawer } from './users/UserDrawer';
import { UserFilters } from './users/UserFilters';
import { ActiveTag, DemoTag } from './users/UserStateTags';

/** The traders, searched and exported; a row opens the trader's drawer. */
export function Users() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = usePaged(adminEndpoints.users, { q });

  return (
    <>
      <PageTitle title={t('nav.users')} extra={<UserFilters q={q} onSearch={setQ} />} />
      <Table<UserRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        onRow={(row) => ({ onClick: () => setOpen(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'UID', dataIndex: 'uid' },
          { title: t('users.email'), dataIndex: 'email' },
          { title: t('users.mobile'), dataIndex: 'mobile' },
          { title: t('users.name'), dataIndex: 'name' },
          amountColumn(t('users.balance'), 'balance'),
          amountColumn(t('users.lockBalance'), 'lock_balance'),
          {
            title: t('users.status'),
            render: (_, u) => (
              <Space size={4}>
                {u.is_demo && <DemoTag />}
                <ActiveTag disabled={u.disabled} />
              </Space>
            ),
          },
          { title: t('common.created'), dataIndex: 'created_at', render: when },
        ]}
      />
      <UserDrawer id={open} onClose={() => setOpen(null)} onChanged={list.reload} />
    </>
  );
}
