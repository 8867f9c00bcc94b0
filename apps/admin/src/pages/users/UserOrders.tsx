import type { UserOrderRow } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Popconfirm, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act } from '../../api';
import { useSession } from '../../session';
import { amountColumn } from '../../ui/amountColumn';
import { ExportButton } from '../../ui/ExportButton';
import { when } from '../../ui/format';
import { usePaged } from '../../ui/usePaged';

/** The trader's orders by status (holdings first) and their export; risk or support may close a holding. */
export function UserOrders({ id, version, onClosed }: { id: number; version: number; onClosed: () => void }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [status, setStatus] = useState<string>('1');
  const filters = { id, status: status === 'all' ? undefined : status };
  const list = usePaged(adminEndpoints.userOrders, filters, 10, version);
  return (
    <>
      <ExportButton endpoint={adminEndpoints.userOrdersExport} filters={filters} />
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={[
          { value: '1', label: t('orders.holding') },
          { value: '0', label: t('orders.pending') },
          { value: '3', label: t('orders.closed') },
          { value: 'all', label: t('common.all') },
        ]}
      />
      <Table<UserOrderRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('orders.instrument'), dataIndex: 'show_code' },
          {
            title: t('orders.side'),
            dataIndex: 'side',
            render: (s: number) =>
              s === 1 ? (
                <Tag color="green">{t('orders.buy')}</Tag>
              ) : (
                <Tag color="red">{t('orders.sell')}</Tag>
              ),
          },
          amountColumn(t('orders.lots'), 'lots'),
          { title: t('orders.leverage'), dataIndex: 'leverage', render: (v) => `×${v}` },
          amountColumn(t('orders.price'), 'price'),
          amountColumn(t('orders.margin'), 'margin'),
          amountColumn(t('orders.pnl'), 'profit', true),
          amountColumn(t('orders.swap'), 'swap', true),
          { title: t('orders.reason'), dataIndex: 'close_reason' },
          { title: t('common.time'), dataIndex: 'created_at', render: when },
          {
            title: '',
            render: (_, o) =>
              o.status === 1 &&
              can(['risk', 'support']) && (
                <Popconfirm
                  title={t('orders.closeConfirm')}
                  onConfirm={async () => {
                    await act(adminEndpoints.closeUserOrder, { id: o.id });
                    onClosed();
                  }}
                >
                  <Button size="small" danger>
                    {t('orders.close')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}
