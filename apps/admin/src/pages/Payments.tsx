import type { DepositChannel as Channel, WithdrawCurrencyRow as Currency } from '@meridian/contract';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Switch, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api';
import { Amount } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { editColumn, RowEditorModal, useRowEditor } from '../ui/RowEditor';

const decimal = { pattern: /^\d{1,15}(\.\d{1,8})?$/ };
const onOff = (on: boolean, t: (k: string) => string) =>
  on ? <Tag color="green">{t('operators.on')}</Tag> : <Tag>{t('operators.off')}</Tag>;

/** Where traders send deposits and what they may withdraw to: the finance desk edits both, every change audited. */
export function Payments() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav.payments')} />
      <DepositChannels />
      <WithdrawCurrencies />
    </>
  );
}

function useList<T>(path: string) {
  const [rows, setRows] = useState<T[]>([]);
  const load = useCallback(async () => setRows(await get<T[]>(path)), [path]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  return { rows, load };
}

function DepositChannels() {
  const { t } = useTranslation();
  const { rows, load } = useList<Channel>('deposit-channels');
  const editor = useRowEditor<Channel>('deposit-channels', load);
  const { open } = editor;
  const kind = Form.useWatch('kind', editor.form);

  return (
    <Card
      title={t('payments.channels')}
      style={{ marginBottom: 16 }}
      extra={
        <Button type="primary" onClick={() => open({ kind: 'coin', enabled: true, sort: 0 })}>
          {t('payments.newChannel')}
        </Button>
      }
    >
      <Table<Channel>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('payments.kind'), dataIndex: 'kind', render: (k: string) => t(`payments.${k}`) },
          {
            title: t('queue.currency'),
            render: (_, c) => `${c.currency_code}${c.protocol_code ? ` · ${c.protocol_code}` : ''}`,
          },
          {
            title: t('queue.destination'),
            render: (_, c) =>
              c.kind === 'coin' ? (
                <code>{c.address}</code>
              ) : (
                <span>
                  {c.bank_name}
                  <br />
                  {c.account_name} · {c.account_number}
                </span>
              ),
          },
          {
            title: t('instruments.enabled'),
            render: (_, c) => (
              <>
                {onOff(c.enabled, t)}
                {c.demo && (
                  <Tag color="orange" title={t('payments.demoHint')}>
                    {t('payments.demo')}
                  </Tag>
                )}
              </>
            ),
          },
          { title: t('payments.sort'), dataIndex: 'sort', align: 'right' },
          editColumn(editor, t('common.edit')),
        ]}
      />
      <RowEditorModal
        editor={editor}
        width={720}
        title={editor.editing?.id ? t('payments.editChannel') : t('payments.newChannel')}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="kind" label={t('payments.kind')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'coin', label: t('payments.coin') },
                  { value: 'wire', label: t('payments.wire') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="currency_code" label={t('queue.currency')} rules={[{ required: true, max: 20 }]}>
              <Input placeholder="USDT" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="protocol_code" label={t('payments.protocol')} rules={[{ max: 20 }]}>
              <Input placeholder="TRC20" />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'wire' ? (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="bank_name" label={t('payments.bankName')} rules={[{ max: 200 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="account_name" label={t('payments.accountName')} rules={[{ max: 200 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="account_number"
                label={t('payments.accountNumber')}
                rules={[{ required: true, max: 100 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="swift" label="SWIFT" rules={[{ max: 20 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="bank_address" label={t('payments.bankAddress')} rules={[{ max: 300 }]}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        ) : (
          <Form.Item name="address" label={t('payments.address')} rules={[{ required: true, max: 200 }]}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('payments.remark')} rules={[{ max: 300 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('payments.sort')}>
              <InputNumber min={0} max={10_000} precision={0} />
            </Form.Item>
          </Col>
        </Row>
      </RowEditorModal>
    </Card>
  );
}

function WithdrawCurrencies() {
  const { t } = useTranslation();
  const { rows, load } = useList<Currency>('withdraw-currencies');
  const editor = useRowEditor<Currency>('withdraw-currencies', load);
  const { open } = editor;

  return (
    <Card
      title={t('payments.currencies')}
      extra={
        <Button
          type="primary"
          onClick={() =>
            open({
              type: 1,
              fee_type: 1,
              draw_rate: '0',
              // No rate is assumed: the operator enters the payout currency's own.
              usd_price: '',
              min: '0',
              max: '0',
              enabled: true,
              sort: 0,
            })
          }
        >
          {t('payments.newCurrency')}
        </Button>
      }
    >
      <Table<Currency>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('payments.kind'),
            dataIndex: 'type',
            render: (type: number) => t(type === 1 ? 'payments.coin' : 'payments.bank'),
          },
          {
            title: t('queue.currency'),
            render: (_, c) => `${c.code}${c.protocol ? ` · ${c.protocol}` : ''}`,
          },
          {
            title: t('queue.fee'),
            render: (_, c) =>
              c.fee_type === 1 ? (
                <Amount value={c.draw_rate} />
              ) : (
                <span className="num">× {c.draw_rate}</span>
              ),
          },
          {
            title: t('payments.usdPrice'),
            dataIndex: 'usd_price',
            align: 'right',
            render: (v) => <Amount value={v} />,
          },
          {
            title: t('payments.limits'),
            render: (_, c) => <span className="num">{`${c.min} – ${c.max === '0' ? '∞' : c.max}`}</span>,
          },
          { title: t('instruments.enabled'), dataIndex: 'enabled', render: (on: boolean) => onOff(on, t) },
          { title: t('payments.sort'), dataIndex: 'sort', align: 'right' },
          editColumn(editor, t('common.edit')),
        ]}
      />
      <RowEditorModal
        editor={editor}
        width={720}
        title={editor.editing?.id ? t('payments.editCurrency') : t('payments.newCurrency')}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="type" label={t('payments.kind')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: t('payments.coin') },
                  { value: 2, label: t('payments.bank') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="code" label={t('queue.currency')} rules={[{ required: true, max: 20 }]}>
              <Input placeholder="USDT" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="protocol" label={t('payments.protocol')} rules={[{ max: 20 }]}>
              <Input placeholder="TRC20" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="fee_type" label={t('payments.feeType')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: t('payments.fixed') },
                  { value: 2, label: t('payments.share') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="draw_rate"
              label={t('payments.drawRate')}
              extra={t('payments.drawRateHint')}
              rules={[{ required: true, ...decimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="usd_price"
              label={t('payments.usdPrice')}
              rules={[{ required: true, ...decimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="min" label={t('payments.min')} rules={[{ required: true, ...decimal }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="max"
              label={t('payments.max')}
              extra={t('payments.maxHint')}
              rules={[{ required: true, ...decimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('payments.sort')}>
              <InputNumber min={0} max={10_000} precision={0} />
            </Form.Item>
          </Col>
        </Row>
      </RowEditorModal>
    </Card>
  );
}
