import type { DepositQueueRow, VerificationQueueRow, WithdrawalQueueRow } from '@meridian/contract';
import { Button, Form, Input, Modal, Popconfirm, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act } from '../api';
import { ExportButton } from './ExportButton';
import { when } from './format';
import { PageTitle } from './PageTitle';
import { usePaged } from './usePaged';

/** What every queue's item has (the contract's queue rows): its number, review status and when it was made. */
export type Reviewed = Pick<
  DepositQueueRow | WithdrawalQueueRow | VerificationQueueRow,
  'id' | 'status' | 'created_at'
>;

export interface QueueProps<T extends Reviewed> {
  /** Under /admin/api: the list, `{path}/approve` and `{path}/reject`. */
  path: string;
  title: string;
  /** The status codes of this queue: waiting, approved, rejected. */
  statuses: { waiting: number; approved: number; rejected: number };
  /** The item's own columns, between its number and when it was made. */
  columns: ColumnsType<T>;
  /** Shown under the status, e.g. why it was rejected. */
  note(item: T): string;
  /** Why this operator may not approve the item (their own request), or null. */
  blocked?(item: T): string | null;
  /** Offers "Export CSV" of the queue as filtered (`{path}/export`). */
  exportable?: boolean;
}

/** A review queue: waiting items first, approve, or reject with a reason. */
export function ReviewQueue<T extends Reviewed>({
  path,
  title,
  statuses,
  columns,
  note,
  blocked,
  exportable,
}: QueueProps<T>) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>(String(statuses.waiting));
  const [rejecting, setRejecting] = useState<T | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const list = usePaged<T>(path, { status: status === 'all' ? undefined : status });
  const label = (s: number) =>
    s === statuses.waiting ? (
      <Tag color="gold">{t('queue.waiting')}</Tag>
    ) : s === statuses.approved ? (
      <Tag color="green">{t('queue.approved')}</Tag>
    ) : (
      <Tag color="red">{t('queue.rejected')}</Tag>
    );

  return (
    <>
      <PageTitle
        title={title}
        extra={
          <Space>
            {exportable && (
              <ExportButton path={path} filters={{ status: status === 'all' ? undefined : status }} />
            )}
            <Segmented
              value={status}
              onChange={(v) => setStatus(String(v))}
              options={[
                { value: String(statuses.waiting), label: t('queue.waiting') },
                { value: String(statuses.approved), label: t('queue.approved') },
                { value: String(statuses.rejected), label: t('queue.rejected') },
                { value: 'all', label: t('common.all') },
              ]}
            />
          </Space>
        }
      />
      <Table<T>
        rowKey="id"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          ...columns,
          { title: t('common.created'), dataIndex: 'created_at', render: when },
          {
            title: t('users.status'),
            render: (_, i) => (
              <Space direction="vertical" size={2}>
                {label(i.status)}
                {note(i) && <small>{note(i)}</small>}
              </Space>
            ),
          },
          {
            title: '',
            render: (_, i) =>
              i.status === statuses.waiting && (
                <Space>
                  <Popconfirm
                    title={t('queue.approveConfirm')}
                    disabled={Boolean(blocked?.(i))}
                    onConfirm={async () => {
                      await act(`${path}/approve`, { id: i.id });
                      await list.reload();
                    }}
                  >
                    <Tooltip title={blocked?.(i)}>
                      <Button type="primary" size="small" disabled={Boolean(blocked?.(i))}>
                        {t('queue.approve')}
                      </Button>
                    </Tooltip>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setRejecting(i)}>
                    {t('queue.reject')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('queue.reject')}
        onCancel={() => setRejecting(null)}
        onOk={() => form.submit()}
        okButtonProps={{ danger: true }}
        okText={t('queue.reject')}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async ({ reason }) => {
            await act(`${path}/reject`, { id: rejecting!.id, reason });
            setRejecting(null);
            form.resetFields();
            await list.reload();
          }}
        >
          <Form.Item
            name="reason"
            label={t('common.reason')}
            rules={[{ required: true, whitespace: true, max: 500 }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
