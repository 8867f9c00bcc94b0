import {
  adminEndpoints,
  type ClientPnlRow,
  type HouseDay,
  type HouseFigures,
  REPORT_MAX_DAYS,
} from '@meridian/contract';
import { Card, DatePicker, Input, Segmented, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { ExportButton } from '../ui/ExportButton';
import { Amount } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { usePaged } from '../ui/usePaged';

const DAY = 'YYYY-MM-DD';
type Range = [Dayjs, Dayjs];

/** A period of UTC days, at most the REPORT_MAX_DAYS the server reports on. */
function PeriodPicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  return (
    <DatePicker.RangePicker
      allowClear={false}
      value={value}
      disabledDate={(day, { from }) => !!from && Math.abs(day.diff(from, 'day')) >= REPORT_MAX_DAYS}
      onChange={(v) => v?.[0] && v[1] && onChange([v[0], v[1]])}
    />
  );
}

const periodOf = ([from, to]: Range) => ({ from: from.format(DAY), to: to.format(DAY) });

/** Clients' realised P&L and net deposits over a period, and the house's P&L by day. */
export function Reports() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav.reports')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <ClientPnl />
        <House />
      </Space>
    </>
  );
}

function ClientPnl() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>([dayjs().startOf('month'), dayjs()]);
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<'pnl_desc' | 'pnl_asc'>('pnl_desc');
  const filters = { ...periodOf(range), q, sort };
  const list = usePaged(adminEndpoints.clientPnl, filters);
  const money = (key: keyof ClientPnlRow, title: string) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (v: string) => <Amount value={v} />,
  });
  return (
    <Card title={t('reports.clients')}>
      {/* Beside the table, not in the card's head: there the controls squeeze the title to nothing. */}
      <Space wrap style={{ marginBottom: 16 }}>
        <PeriodPicker value={range} onChange={setRange} />
        <Input.Search allowClear placeholder={t('reports.search')} onSearch={setQ} style={{ width: 220 }} />
        <Segmented
          value={sort}
          onChange={(v) => setSort(v as typeof sort)}
          options={[
            { value: 'pnl_desc', label: t('reports.pnlDesc') },
            { value: 'pnl_asc', label: t('reports.pnlAsc') },
          ]}
        />
        <ExportButton endpoint={adminEndpoints.clientPnlExport} filters={filters} />
      </Space>
      <Table<ClientPnlRow>
        rowKey="user_id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: 'UID', dataIndex: 'uid' },
          { title: t('reports.email'), dataIndex: 'email' },
          { title: t('reports.closedOrders'), dataIndex: 'closed_orders', align: 'right' },
          money('realised_pnl', t('reports.realisedPnl')),
          money('fees', t('reports.fees')),
          money('swaps', t('reports.swaps')),
          money('deposits', t('reports.deposits')),
          money('withdrawals', t('reports.withdrawals')),
          money('net_deposits', t('reports.netDeposits')),
        ]}
      />
    </Card>
  );
}

function House() {
  const { t } = useTranslation();
  const [range, setRange] = useState<Range>([dayjs().subtract(6, 'day'), dayjs()]);
  const [data, setData] = useState<{ rows: HouseDay[]; total: HouseFigures } | null>(null);
  const period = periodOf(range);
  const key = JSON.stringify(period);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the period
  useEffect(() => {
    call(adminEndpoints.houseDaily, period).then(setData, () => setData(null));
  }, [key]);
  const money = (key: keyof HouseFigures, title: string) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (v: string) => <Amount value={v} />,
  });
  return (
    <Card title={t('reports.house')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <PeriodPicker value={range} onChange={setRange} />
        <ExportButton endpoint={adminEndpoints.houseDailyExport} filters={period} />
      </Space>
      <Table<HouseDay>
        rowKey="day"
        size="small"
        dataSource={data?.rows ?? []}
        pagination={false}
        columns={[
          { title: t('reports.day'), dataIndex: 'day' },
          money('clients_pnl', t('reports.clientsPnl')),
          money('fees', t('reports.fees')),
          money('swaps', t('reports.swaps')),
          money('protection', t('reports.protection')),
          money('house_pnl', t('reports.housePnl')),
        ]}
        summary={() =>
          data && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('reports.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <Amount value={data.total.clients_pnl} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <Amount value={data.total.fees} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Amount value={data.total.swaps} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Amount value={data.total.protection} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Amount value={data.total.house_pnl} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}
