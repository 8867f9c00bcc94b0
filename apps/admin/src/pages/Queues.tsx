import { Button, Form, Input, Modal, Popconfirm, Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act } from '../api';
import { Amount, when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { ProofImage } from '../ui/ProofImage';
import { usePaged } from '../ui/usePaged';

interface Item {
  id: number;
  user: { id: number; uid: string; email: string | null };
  status: number;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
}

interface QueueProps<T extends Item> {
  /** Under /admin/api: the list, `{path}/approve` and `{path}/reject`. */
  path: string;
  title: string;
  /** The status codes of this queue: waiting, approved, rejected. */
  statuses: { waiting: number; approved: number; rejected: number };
  columns: ColumnsType<T>;
}

/** A review queue: waiting items first, approve, or reject with a reason. */
function ReviewQueue<T extends Item>({ path, title, statuses, columns }: QueueProps<T>) {
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
        }
      />
      <Table<T>
        rowKey="id"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          {
            title: t('queue.trader'),
            render: (_, i) => (
              <span>
                {i.user.uid}
                <br />
                {i.user.email}
              </span>
            ),
          },
          ...columns,
          { title: t('common.created'), dataIndex: 'created_at', render: when },
          {
            title: t('users.status'),
            render: (_, i) => (
              <Space direction="vertical" size={2}>
                {label(i.status)}
                {i.reason && <small>{i.reason}</small>}
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
                    onConfirm={async () => {
                      await act(`${path}/approve`, { id: i.id });
                      await list.reload();
                    }}
                  >
                    <Button type="primary" size="small">
                      {t('queue.approve')}
                    </Button>
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

interface Deposit extends Item {
  type: 'coin' | 'wire';
  channel: {
    currency_code: string;
    protocol_code: string;
    address: string;
    bank_name: string;
    account_number: string;
  };
  amount: string;
  address: string;
  proof_url: string;
}

interface Withdrawal extends Item {
  type: number;
  currency: { code: string; protocol: string };
  amount: string;
  fee: string;
  real_number: string;
  address: string;
  bank_name: string;
  payee_name: string;
  payee_account: string;
  memo: string;
}

interface Verification extends Item {
  name: string;
  card_id: string;
  front_url: string;
  reverse_url: string;
}

const REVIEW = { waiting: 0, approved: 1, rejected: 2 };

export function Deposits() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Deposit>
      path="deposits"
      title={t('nav.deposits')}
      statuses={REVIEW}
      columns={[
        {
          title: t('queue.channel'),
          render: (_, d) => (
            <span>
              <Tag>{d.type}</Tag>
              {d.channel.currency_code} {d.channel.protocol_code || d.channel.bank_name}
            </span>
          ),
        },
        {
          title: t('users.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (v) => <Amount value={v} />,
        },
        {
          title: t('queue.proof'),
          dataIndex: 'proof_url',
          render: (src: string) => <ProofImage src={src} />,
        },
      ]}
    />
  );
}

export function Withdrawals() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Withdrawal>
      path="withdrawals"
      title={t('nav.withdrawals')}
      statuses={REVIEW}
      columns={[
        { title: t('queue.currency'), render: (_, w) => `${w.currency.code} ${w.currency.protocol}` },
        {
          title: t('users.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (v) => <Amount value={v} />,
        },
        { title: t('queue.fee'), dataIndex: 'fee', align: 'right', render: (v) => <Amount value={v} /> },
        {
          title: t('queue.received'),
          dataIndex: 'real_number',
          align: 'right',
          render: (v) => <Amount value={v} />,
        },
        {
          title: t('queue.destination'),
          render: (_, w) =>
            w.type === 1 ? (
              <code>{w.address}</code>
            ) : (
              <span>
                {w.bank_name}
                <br />
                {w.payee_name} · {w.payee_account}
              </span>
            ),
        },
      ]}
    />
  );
}

export function Verifications() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Verification>
      path="verifications"
      title={t('nav.verifications')}
      statuses={{ waiting: 1, approved: 2, rejected: 3 }}
      columns={[
        { title: t('users.name'), dataIndex: 'name' },
        { title: t('queue.cardId'), dataIndex: 'card_id' },
        {
          title: t('queue.front'),
          dataIndex: 'front_url',
          render: (src: string) => <ProofImage src={src} />,
        },
        {
          title: t('queue.back'),
          dataIndex: 'reverse_url',
          render: (src: string) => <ProofImage src={src} />,
        },
      ]}
    />
  );
}
