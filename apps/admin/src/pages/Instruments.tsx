import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminInstrument, InstrumentList } from '@meridian/contract';
import { Button, Col, Form, Input, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api';
import { PageTitle } from '../ui/PageTitle';
import { RowEditorModal, useRowEditor } from '../ui/RowEditor';

const decimal = { pattern: /^\d{1,12}(\.\d{1,8})?$/ };
/** Swap points may be negative: charged. */
const signedDecimal = { pattern: /^-?\d{1,12}(\.\d{1,8})?$/ };

export function Instruments() {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<InstrumentList>({
    rows: [],
    categories: [],
  });
  const load = useCallback(async () => setData(await get<InstrumentList>('instruments')), []);
  const editor = useRowEditor<AdminInstrument>('instruments/edit', load, (values, row) => ({
    ...values,
    id: row.id,
    leverages: (values.leverages as (string | number)[]).map(Number),
    max_lots: values.max_lots || null,
    exposure_limit: values.exposure_limit || null,
  }));
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  const categoryName = (id: number) => {
    const c = data.categories.find((x) => x.id === id);
    return c ? (c.names[i18n.language] ?? c.names.en ?? c.code) : id;
  };

  return (
    <>
      <PageTitle title={t('nav.instruments')} />
      <Table<AdminInstrument>
        rowKey="id"
        size="middle"
        dataSource={data.rows}
        pagination={false}
        columns={[
          { title: t('instruments.code'), render: (_, i) => <b>{i.show_code}</b> },
          { title: t('instruments.category'), dataIndex: 'category_id', render: categoryName },
          {
            title: t('instruments.enabled'),
            dataIndex: 'enabled',
            render: (on: boolean) =>
              on ? <Tag color="green">{t('operators.on')}</Tag> : <Tag>{t('operators.off')}</Tag>,
          },
          {
            title: t('instruments.leverages'),
            dataIndex: 'leverages',
            render: (ls: number[]) => ls.map((l) => <Tag key={l}>×{l}</Tag>),
          },
          {
            title: t('instruments.lots'),
            render: (_, i) => (
              <span className="num">{`${i.min_lots} – ${i.max_lots ?? '∞'} / ${i.lot_step}`}</span>
            ),
          },
          {
            title: t('instruments.fee'),
            dataIndex: 'fee_rate',
            align: 'right',
            render: (v) => <span className="num">{v}</span>,
          },
          {
            title: t('instruments.spread'),
            dataIndex: 'spread_rate',
            align: 'right',
            render: (v) => <span className="num">{v}</span>,
          },
          {
            title: t('risk.limit'),
            dataIndex: 'exposure_limit',
            align: 'right',
            render: (v) => <span className="num">{v ?? '–'}</span>,
          },
          {
            title: t('instruments.swaps'),
            align: 'right',
            render: (_, i) => <span className="num">{`${i.swap_long} / ${i.swap_short}`}</span>,
          },
          {
            title: '',
            render: (_, i) => (
              <Button
                size="small"
                onClick={() =>
                  editor.open({ ...i, max_lots: i.max_lots ?? '', exposure_limit: i.exposure_limit ?? '' })
                }
              >
                {t('common.edit')}
              </Button>
            ),
          },
        ]}
      />
      <RowEditorModal editor={editor} width={760} title={editor.editing?.show_code}>
        <Row gutter={16}>
          <Col span={6}>
            <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={18}>
            <Form.Item name="category_id" label={t('instruments.category')} rules={[{ required: true }]}>
              <Select options={data.categories.map((c) => ({ value: c.id, label: categoryName(c.id) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="leverages"
          label={t('instruments.leverages')}
          extra={t('instruments.leveragesHint')}
          rules={[
            {
              validator: async (_, v: unknown[]) => {
                if (!v?.every((x) => /^\d{1,4}$/.test(String(x)) && Number(x) >= 1))
                  throw new Error(t('instruments.leveragesRule'));
              },
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} data-testid="leverages" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="min_lots"
              label={t('instruments.minLots')}
              rules={[{ required: true, ...decimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="max_lots"
              label={t('instruments.maxLots')}
              extra={t('instruments.maxHint')}
              rules={[{ pattern: decimal.pattern }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="lot_step"
              label={t('instruments.lotStep')}
              rules={[{ required: true, ...decimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="fee_rate" label={t('instruments.fee')} rules={[{ required: true, ...decimal }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="spread_rate"
              label={t('instruments.spread')}
              rules={[{ required: true, ...decimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="swap_long"
              label={t('instruments.swapLong')}
              extra={t('instruments.swapHint')}
              rules={[{ required: true, ...signedDecimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="swap_short"
              label={t('instruments.swapShort')}
              rules={[{ required: true, ...signedDecimal }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="exposure_limit"
              label={t('risk.limit')}
              extra={t('risk.limitHint')}
              rules={[{ pattern: decimal.pattern }]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('instruments.sessions')} extra={t('instruments.sessionsHint')}>
          <Form.List name="sessions">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item
                      name={[field.name, 'open']}
                      rules={[{ required: true, pattern: /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{2}:\d{2}$/ }]}
                    >
                      <Input placeholder="Sun 22:00" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'close']}
                      rules={[{ required: true, pattern: /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{2}:\d{2}$/ }]}
                    >
                      <Input placeholder="Fri 22:00" />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ open: '', close: '' })}>
                  {t('instruments.addSession')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="holidays" label={t('instruments.holidays')} extra={t('instruments.holidaysHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} />
        </Form.Item>
      </RowEditorModal>
    </>
  );
}
