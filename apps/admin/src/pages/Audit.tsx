import type { AuditEntry } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../ui/ExportButton';
import { Json, when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { usePaged } from '../ui/usePaged';

interface Filters {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
}

const TARGETS = [
  'user',
  'order',
  'operator',
  'instrument',
  'settings',
  'deposit',
  'withdrawal',
  'verification',
  'news',
  'company',
  'export',
];

/** Every operator action, read-only: who, when, what, before and after. */
export function Audit() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const list = usePaged(adminEndpoints.audit, { ...filters });
  return (
    <>
      <PageTitle
        title={t('nav.audit')}
        extra={<ExportButton endpoint={adminEndpoints.auditExport} filters={{ ...filters }} />}
      />
      <Form layout="inline" onFinish={(v: Filters) => setFilters(v)} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="operator">
          <Input allowClear placeholder={t('audit.operator')} />
        </Form.Item>
        <Form.Item name="action">
          <Input allowClear placeholder={t('audit.action')} />
        </Form.Item>
        <Form.Item name="target_type">
          <Select
            allowClear
            placeholder={t('audit.targetType')}
            style={{ width: 160 }}
            options={TARGETS.map((v) => ({ value: v, label: v }))}
          />
        </Form.Item>
        <Form.Item name="target_id">
          <Input allowClear placeholder={t('audit.targetId')} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.filter')}
          </Button>
        </Form.Item>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: t('common.time'), dataIndex: 'created_at', render: when, width: 170 },
          { title: t('audit.operator'), dataIndex: 'operator' },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (a: string) => <Tag color="blue">{a}</Tag>,
          },
          {
            title: t('audit.target'),
            render: (_, e) => `${e.target_type}${e.target_id ? ` #${e.target_id}` : ''}`,
          },
          { title: t('audit.before'), dataIndex: 'before', render: (v) => <Json value={v} />, width: 240 },
          { title: t('audit.after'), dataIndex: 'after', render: (v) => <Json value={v} />, width: 240 },
          { title: t('common.reason'), dataIndex: 'reason' },
        ]}
      />
    </>
  );
}
