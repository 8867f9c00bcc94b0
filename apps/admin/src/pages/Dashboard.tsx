import { adminEndpoints } from '@meridian/contract';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../api';
import { useSession } from '../session';
import { Amount } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { useLive } from '../ui/useLive';
import { RISK_LIVE } from './risk-data';

/** The waiting items of each queue, counted with a one-row page. */
const QUEUES = [
  { key: 'deposits', list: adminEndpoints.deposits, waiting: 0, roles: ['finance'] },
  { key: 'withdrawals', list: adminEndpoints.withdrawals, waiting: 0, roles: ['finance'] },
  { key: 'verifications', list: adminEndpoints.verifications, waiting: 1, roles: ['support'] },
  { key: 'approvals', list: adminEndpoints.approvals, waiting: 0, roles: ['finance'] },
] as const;

export function Dashboard() {
  const { t } = useTranslation();
  const { can } = useSession();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<Record<string, number>>({});
  const queues = QUEUES.filter((q) => can(q.roles));
  const risk = can(['risk']);
  const { data: snapshot } = useLive(RISK_LIVE, risk);
  const exposure = snapshot?.exposure;
  const accounts = snapshot?.accounts;

  // biome-ignore lint/correctness/useExhaustiveDependencies: counted once per visit
  useEffect(() => {
    for (const q of queues) {
      call(q.list, { status: q.waiting, size: 1 }, true).then(
        (page) => setWaiting((w) => ({ ...w, [q.key]: page.total })),
        () => {},
      );
    }
  }, []);

  return (
    <>
      <PageTitle title={t('nav.dashboard')} />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {queues.map((q) => (
          <Col span={6} key={q.key}>
            <Card hoverable onClick={() => navigate(`/${q.key}`)}>
              <Statistic
                title={t('dashboard.waiting', { queue: t(`nav.${q.key}`) })}
                value={waiting[q.key] ?? '–'}
              />
            </Card>
          </Col>
        ))}
        {risk && (
          <Col span={6}>
            <Card hoverable onClick={() => navigate('/risk')}>
              <Statistic
                title={t('risk.atRisk')}
                value={accounts?.rows.length ?? '–'}
                valueStyle={accounts?.rows.length ? { color: '#cf1322' } : undefined}
              />
            </Card>
          </Col>
        )}
      </Row>
      {risk && (
        <Card
          title={t('dashboard.exposure')}
          extra={
            <span>
              {t('risk.floating')}: <Amount value={exposure?.floating_pnl} signed />
            </span>
          }
        >
          <Table
            rowKey="instrument_id"
            size="small"
            pagination={false}
            dataSource={exposure?.rows}
            columns={[
              { title: t('orders.instrument'), dataIndex: 'code' },
              { title: t('risk.positions'), dataIndex: 'positions', align: 'right' },
              {
                title: t('risk.net'),
                dataIndex: 'net_lots',
                align: 'right',
                render: (v) => <Amount value={v} signed />,
              },
              {
                title: t('risk.floating'),
                dataIndex: 'floating_pnl',
                align: 'right',
                render: (v) => <Amount value={v} signed />,
              },
            ]}
          />
        </Card>
      )}
      {queues.length === 0 && !risk && <Card>{t('dashboard.welcome')}</Card>}
    </>
  );
}
