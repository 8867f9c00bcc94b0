import type { UserLedgerRow } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountColumn } from '../../ui/amountColumn';
import { ExportButton } from '../../ui/ExportButton';
import { when } from '../../ui/format';
import { usePaged } from '../../ui/usePaged';

/** The trader's ledger, newest first, and its export; `version` reads it again after a change. */
export function UserLedger({ id, version }: { id: number; version: number }) {
  const { t } = useTranslation();
  const list = usePaged(adminEndpoints.userLedger, { id }, 10, version);
  return (
    <>
      <ExportButton endpoint={adminEndpoints.userLedgerExport} filters={{ id }} />
      <Table<UserLedgerRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: t('common.time'), dataIndex: 'created_at', render: when },
          {
            title: t('users.type'),
            dataIndex: 'type',
            render: (v: string) => t(`ledger.${v}`, { defaultValue: v }),
          },
          { title: t('users.account'), dataIndex: 'account' },
          amountColumn(t('users.amount'), 'amount', true),
          amountColumn(t('users.after'), 'balance_after'),
          { title: t('common.reason'), dataIndex: 'note' },
        ]}
      />
    </>
  );
}
