import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminInstrument, InstrumentList } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Col, Form, Input, Row, Select, Space, Switch, Table, type TableColumnType, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { OnOffTag } from '../ui/OnOffTag';
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
  const load = useCallback(async () => setData(await call(adminEndpoints.instruments)), []);
  const editor = useRowEditor<AdminInstrument>(adminEndpoints.editInstrument, load, (values, row) => ({
    ...values,
    id: row.id,
    leverages: (values.leverages as (string | number)[]).map(Number),
    max_lots: values.max_lots || null,
    exposure_limit: values.exposure_limit || null,
    spike_threshold: values.spike_threshold || null,
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
            render: (on: boolean) => <OnOffTag on={on} />,
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
          numberColumn(t('instruments.fee'), 'fee_rate'),
          numberColumn(t('instruments.spread'), 'spread_rate'),
          numberColumn(t('instruments.markup'), 'markup'),
          numberColumn(t('risk.limit'), 'exposure_limit'),
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
                  editor.open({
                    ...i,
                    max_lots: i.max_lots ?? '',
                    exposure_limit: i.exposure_limit ?? '',
                    spike_threshold: i.spike_threshold ?? '',
                  })
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
          <TermInput name="min_lots" label={t('instruments.minLots')} span={8} required />
          <TermInput
            name="max_lots"
            label={t('instruments.maxLots')}
            extra={t('instruments.maxHint')}
            span={8}
          />
          <TermInput name="lot_step" label={t('instruments.lotStep')} span={8} required />
          <TermInput name="fee_rate" label={t('instruments.fee')} required />
          <TermInput name="spread_rate" label={t('instruments.spread')} required />
          <TermInput
            name="markup"
            label={t('instruments.markup')}
            extra={t('instruments.markupHint')}
            required
          />
          <TermInput
            name="spike_threshold"
            label={t('instruments.spikeThreshold')}
            extra={t('instruments.spikeThresholdHint')}
          />
          <TermInput
            name="swap_long"
            label={t('instruments.swapLong')}
            extra={t('instruments.swapHint')}
            pattern={signedDecimal.pattern}
            required
          />
          <TermInput
            name="swap_short"
            label={t('instruments.swapShort')}
            pattern={signedDecimal.pattern}
            required
          />
          <TermInput name="exposure_limit" label={t('risk.limit')} extra={t('risk.limitHint')} span={24} />
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

/** A figure of the terms, right-aligned; '–' where it is not set. */
function numberColumn(title: string, dataIndex: keyof AdminInstrument): TableColumnType<AdminInstrument> {
  return { title, dataIndex, align: 'right', render: (v) => <span className="num">{v ?? '–'}</span> };
}

/** One of the terms typed as a number: required, or left blank for none; decimal unless `pattern` says otherwise. */
function TermInput({
  name,
  label,
  extra,
  span = 12,
  pattern = decimal.pattern,
  required = false,
}: {
  name: string;
  label: string;
  extra?: string;
  span?: number;
  pattern?: RegExp;
  required?: boolean;
}) {
  return (
    <Col span={span}>
      <Form.Item name={name} label={label} extra={extra} rules={[{ required, pattern }]}>
        <Input />
      </Form.Item>
    </Col>
  );
}
