import type { Exposure } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Badge, Button, Card, Col, Form, Input, Row, Statistic, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount, when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { RowEditorModal, useRowEditor } from '../ui/RowEditor';
import { useLive } from '../ui/useLive';
import { RISK_LIVE } from './risk-data';

const STATE_COLOR = { stop_out: 'red', margin_call: 'orange', near: 'gold' } as const;

type ExposureRow = Exposure['rows'][number];

/** An instrument's exposure limit, set with its other terms (audited); empty clears it. */
function useLimitEditor() {
  // Nothing to reload: the live view pushes the new limit.
  return useRowEditor<ExposureRow & { id: number }>(
    adminEndpoints.editInstrument,
    async () => {},
    (values, row) => ({
      id: row.instrument_id,
      exposure_limit: values.exposure_limit || null,
    }),
  );
}

export function Risk() {
  const { t } = useTranslation();
  // Pushed by the server whenever the bus reports an order or a price change (no polling).
  const { data: snapshot, live } = useLive(RISK_LIVE);
  const exposure = snapshot?.exposure;
  const accounts = snapshot?.accounts;
  const limitEditor = useLimitEditor();
  return (
    <>
      <PageTitle
        title={t('nav.risk')}
        extra={
          <Tooltip title={snapshot ? t('risk.updated', { time: when(snapshot.at) }) : undefined}>
            <span data-testid="risk-live">
              {live ? (
                <Badge status="processing" text={t('risk.live')} />
              ) : (
                <Badge status="default" text={t('risk.connecting')} />
              )}
            </span>
          </Tooltip>
        }
      />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card>
            <Statistic title={t('risk.positions')} value={exposure?.positions ?? 0} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic
              title={t('risk.floating')}
              value={exposure?.floating_pnl ?? '0.00'}
              valueStyle={{ color: exposure?.floating_pnl.startsWith('-') ? '#cf1322' : '#389e0d' }}
            />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title={t('risk.atRisk')} value={accounts?.rows.length ?? 0} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic
              title={t('risk.levels')}
              value={accounts ? `${accounts.margin_call_level}% / ${accounts.stop_out_level}%` : '–'}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('risk.exposure')} style={{ marginBottom: 16 }}>
        <Table
          rowKey="instrument_id"
          size="small"
          pagination={false}
          loading={!exposure}
          dataSource={exposure?.rows}
          columns={[
            { title: t('orders.instrument'), dataIndex: 'code' },
            { title: t('risk.positions'), dataIndex: 'positions', align: 'right' },
            {
              title: t('risk.long'),
              dataIndex: 'long_lots',
              align: 'right',
              render: (v) => <Amount value={v} />,
            },
            {
              title: t('risk.short'),
              dataIndex: 'short_lots',
              align: 'right',
              render: (v) => <Amount value={v} />,
            },
            {
              title: t('risk.net'),
              dataIndex: 'net_lots',
              align: 'right',
              render: (v) => <Amount value={v} signed />,
            },
            {
              title: t('risk.netUsd'),
              dataIndex: 'net_usd',
              align: 'right',
              render: (v) => <Amount value={v} signed />,
            },
            {
              title: t('risk.limit'),
              dataIndex: 'exposure_limit',
              align: 'right',
              render: (v: string | null, row: ExposureRow) => (
                <>
                  <span className="num">{v ?? '–'}</span>{' '}
                  <Button
                    size="small"
                    onClick={() =>
                      limitEditor.open({ ...row, id: row.instrument_id, exposure_limit: v ?? '' })
                    }
                  >
                    {t('common.edit')}
                  </Button>
                </>
              ),
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
      <RowEditorModal editor={limitEditor} title={limitEditor.editing?.code}>
        <Form.Item
          name="exposure_limit"
          label={t('risk.limit')}
          extra={t('risk.limitHint')}
          rules={[{ pattern: /^\d{1,12}(\.\d{1,8})?$/ }]}
        >
          <Input />
        </Form.Item>
      </RowEditorModal>
      <Card title={t('risk.accounts')}>
        <Table
          rowKey="user_id"
          size="small"
          pagination={false}
          loading={!accounts}
          dataSource={accounts?.rows}
          columns={[
            { title: 'UID', dataIndex: 'uid' },
            { title: t('users.email'), render: (_, r) => r.email ?? r.mobile },
            {
              title: t('risk.state'),
              dataIndex: 'state',
              render: (s: keyof typeof STATE_COLOR, r) => (
                <>
                  <Tag color={STATE_COLOR[s]}>{t(`risk.${s}`)}</Tag>
                  {r.stop_out_blocked && (
                    <Tag color="purple" title={t('risk.blockedHint')}>
                      {t('risk.blocked', { codes: r.waiting_on.join(', ') })}
                    </Tag>
                  )}
                </>
              ),
            },
            {
              title: t('risk.rate'),
              dataIndex: 'risk_rate',
              align: 'right',
              render: (v) => <span className="num">{v}%</span>,
            },
            {
              title: t('risk.equity'),
              dataIndex: 'equity',
              align: 'right',
              render: (v) => <Amount value={v} />,
            },
            {
              title: t('risk.margin'),
              dataIndex: 'used_margin',
              align: 'right',
              render: (v) => <Amount value={v} />,
            },
            {
              title: t('risk.floating'),
              dataIndex: 'floating_pnl',
              align: 'right',
              render: (v) => <Amount value={v} signed />,
            },
            { title: t('risk.positions'), dataIndex: 'positions', align: 'right' },
          ]}
        />
      </Card>
    </>
  );
}
