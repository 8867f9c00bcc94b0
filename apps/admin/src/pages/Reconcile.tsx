import type { ReconcileReport } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Result, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { Amount } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';

/** Every account's balances against the sums of its ledger rows; every order, row and top-up against the rules. */
export function Reconcile() {
  const { t } = useTranslation();
  const [report, setReport] = useState<ReconcileReport | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setReport(await call(adminEndpoints.reconcile));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <PageTitle
        title={t('nav.reconcile')}
        extra={
          <Button type="primary" loading={busy} onClick={run}>
            {t('reconcile.run')}
          </Button>
        }
      />
      {!report && <Result status="info" title={t('reconcile.intro')} />}
      {report && report.differences.length === 0 && report.issues.length === 0 && (
        <Result
          status="success"
          title={t('reconcile.clean')}
          subTitle={t('reconcile.checked', { count: report.checked })}
        />
      )}
      {report && report.issues.length > 0 && (
        <>
          <Result
            status="error"
            title={t('reconcile.issues', { count: report.issues.length })}
            subTitle={t('reconcile.issuesHint')}
          />
          <Table
            rowKey={(i) => `${i.kind}-${i.ref}`}
            dataSource={report.issues}
            pagination={{ pageSize: 50 }}
            columns={[
              { title: 'UID', dataIndex: 'uid' },
              {
                title: t('reconcile.kind'),
                dataIndex: 'kind',
                render: (k: string) => t(`reconcile.kinds.${k}`),
              },
              { title: t('reconcile.ref'), dataIndex: 'ref' },
              { title: t('reconcile.detail'), dataIndex: 'detail' },
            ]}
          />
        </>
      )}
      {report && report.differences.length > 0 && (
        <>
          <Result
            status="error"
            title={t('reconcile.found', { count: report.differences.length })}
            subTitle={t('reconcile.checked', { count: report.checked })}
          />
          <Table
            rowKey={(d) => `${d.user_id}-${d.account}`}
            dataSource={report.differences}
            pagination={false}
            columns={[
              { title: 'UID', dataIndex: 'uid' },
              { title: t('users.account'), dataIndex: 'account' },
              {
                title: t('reconcile.stored'),
                dataIndex: 'stored',
                align: 'right',
                render: (v) => <Amount value={v} />,
              },
              {
                title: t('reconcile.ledger'),
                dataIndex: 'ledger',
                align: 'right',
                render: (v) => <Amount value={v} />,
              },
              {
                title: t('reconcile.difference'),
                dataIndex: 'difference',
                align: 'right',
                render: (v) => <Amount value={v} signed />,
              },
            ]}
          />
        </>
      )}
    </>
  );
}
