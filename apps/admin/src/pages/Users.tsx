import type { KycSubmission, UserDetail, UserLedgerRow, UserOrderRow, UserRow } from '@meridian/contract';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, get } from '../api';
import { useSession } from '../session';
import { ExportButton } from '../ui/ExportButton';
import { Amount, when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { ProofImage } from '../ui/ProofImage';
import { usePaged } from '../ui/usePaged';

/** SPEC.md §4 review_status: 0 not submitted, 1 waiting, 2 certified, 3 rejected. */
const KYC = {
  0: { key: 'none', color: 'default' },
  1: { key: 'waiting', color: 'gold' },
  2: { key: 'certified', color: 'green' },
  3: { key: 'rejected', color: 'red' },
} as const;
type KycStatus = keyof typeof KYC;

export function Users() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const list = usePaged<UserRow>('users', { q });

  return (
    <>
      <PageTitle
        title={t('nav.users')}
        extra={
          <Space>
            <Input.Search
              allowClear
              placeholder={t('users.search')}
              onSearch={setQ}
              style={{ width: 360 }}
              enterButton
            />
            <ExportButton path="users" filters={{ q }} />
          </Space>
        }
      />
      <Table<UserRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        onRow={(row) => ({ onClick: () => setOpen(row.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'UID', dataIndex: 'uid' },
          { title: t('users.email'), dataIndex: 'email' },
          { title: t('users.mobile'), dataIndex: 'mobile' },
          { title: t('users.name'), dataIndex: 'name' },
          {
            title: t('users.balance'),
            dataIndex: 'balance',
            align: 'right',
            render: (v) => <Amount value={v} />,
          },
          {
            title: t('users.lockBalance'),
            dataIndex: 'lock_balance',
            align: 'right',
            render: (v) => <Amount value={v} />,
          },
          {
            title: t('users.status'),
            render: (_, u) => (
              <Space size={4}>
                {u.is_demo && <Tag>{t('users.demo')}</Tag>}
                {u.disabled ? (
                  <Tag color="red">{t('users.disabled')}</Tag>
                ) : (
                  <Tag color="green">{t('users.active')}</Tag>
                )}
              </Space>
            ),
          },
          { title: t('common.created'), dataIndex: 'created_at', render: when },
        ]}
      />
      <UserDrawer id={open} onClose={() => setOpen(null)} onChanged={list.reload} />
    </>
  );
}

function UserDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    if (id !== null) setDetail(await get<UserDetail>('users/detail', { id }));
  }, [id]);
  useEffect(() => {
    setDetail(null);
    load().catch(() => {});
  }, [load]);

  const changed = async () => {
    await load();
    setVersion((v) => v + 1);
    onChanged();
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={960}
      title={detail ? `${detail.uid} · ${detail.email ?? detail.mobile ?? ''}` : ''}
      destroyOnHidden
    >
      {detail && (
        <>
          <Space style={{ marginBottom: 16 }} wrap>
            {can(['finance']) && (
              <Button type="primary" onClick={() => setAdjusting(true)}>
                {t('users.adjust')}
              </Button>
            )}
            {can(['support']) && (
              <>
                <Popconfirm
                  title={detail.disabled ? t('users.enableConfirm') : t('users.disableConfirm')}
                  onConfirm={async () => {
                    await act('users/disable', { id: detail.id, disabled: !detail.disabled });
                    await changed();
                  }}
                >
                  <Button danger={!detail.disabled}>
                    {detail.disabled ? t('users.enable') : t('users.disable')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('users.revokeConfirm')}
                  onConfirm={async () => {
                    await act('users/revoke-sessions', { id: detail.id });
                    await changed();
                  }}
                >
                  <Button>{t('users.revoke')}</Button>
                </Popconfirm>
              </>
            )}
          </Space>
          <Tabs
            items={[
              {
                key: 'profile',
                label: t('users.profile'),
                children: (
                  <Descriptions bordered size="small" column={2}>
                    <Descriptions.Item label="UID">{detail.uid}</Descriptions.Item>
                    <Descriptions.Item label={t('users.loginType')}>{detail.login_type}</Descriptions.Item>
                    <Descriptions.Item label={t('users.email')}>{detail.email}</Descriptions.Item>
                    <Descriptions.Item label={t('users.mobile')}>{detail.mobile}</Descriptions.Item>
                    <Descriptions.Item label={t('users.name')}>{detail.name}</Descriptions.Item>
                    <Descriptions.Item label={t('users.inviteCode')}>{detail.invite_code}</Descriptions.Item>
                    <Descriptions.Item label={t('users.balance')}>
                      <Amount value={detail.balance} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('users.lockBalance')}>
                      <Amount value={detail.lock_balance} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('users.status')}>
                      {detail.disabled ? (
                        <Tag color="red">{t('users.disabled')}</Tag>
                      ) : (
                        <Tag color="green">{t('users.active')}</Tag>
                      )}
                      {detail.is_demo && <Tag>{t('users.demo')}</Tag>}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('common.created')}>
                      {when(detail.created_at)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('users.verification')}>
                      <KycTag status={detail.verification.status} />
                    </Descriptions.Item>
                  </Descriptions>
                ),
              },
              {
                key: 'verification',
                label: t('users.verification'),
                children: <Verification submissions={detail.verification.submissions} onDecided={changed} />,
              },
              {
                key: 'ledger',
                label: t('users.ledger'),
                children: <Ledger id={detail.id} version={version} />,
              },
              {
                key: 'orders',
                label: t('users.orders'),
                children: <Orders id={detail.id} version={version} onClosed={changed} />,
              },
              {
                key: 'sessions',
                label: t('users.sessions'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={detail.sessions}
                    columns={[
                      { title: 'IP', dataIndex: 'ip' },
                      { title: t('users.agent'), dataIndex: 'user_agent', ellipsis: true },
                      { title: t('common.created'), dataIndex: 'created_at', render: when },
                      { title: t('users.lastSeen'), dataIndex: 'last_seen_at', render: when },
                    ]}
                  />
                ),
              },
              {
                key: 'logins',
                label: t('users.logins'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    pagination={false}
                    dataSource={detail.logins}
                    columns={[
                      { title: t('common.time'), dataIndex: 'created_at', render: when },
                      { title: 'IP', dataIndex: 'ip' },
                      { title: t('users.agent'), dataIndex: 'user_agent', ellipsis: true },
                      {
                        title: t('users.result'),
                        dataIndex: 'success',
                        render: (ok: boolean) =>
                          ok ? (
                            <Tag color="green">{t('users.ok')}</Tag>
                          ) : (
                            <Tag color="red">{t('users.failed')}</Tag>
                          ),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
          <AdjustBalance
            userId={detail.id}
            open={adjusting}
            onClose={() => setAdjusting(false)}
            onDone={async () => {
              setAdjusting(false);
              await changed();
            }}
          />
        </>
      )}
    </Drawer>
  );
}

function KycTag({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  return <Tag color={KYC[status].color}>{t(`kyc.${KYC[status].key}`)}</Tag>;
}

/** The trader's real-name submissions, newest first, with both ID pictures; a waiting one can be decided here. */
function Verification({ submissions, onDecided }: { submissions: KycSubmission[]; onDecided: () => void }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [rejecting, setRejecting] = useState<KycSubmission | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <>
      <Table<KycSubmission>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={submissions}
        locale={{ emptyText: t('kyc.none') }}
        columns={[
          { title: t('common.time'), dataIndex: 'created_at', render: when },
          { title: t('users.name'), dataIndex: 'name' },
          { title: t('queue.cardId'), dataIndex: 'card_id' },
          {
            title: t('queue.front'),
            dataIndex: 'front_url',
            render: (src: string | null) => (src ? <ProofImage src={src} width={96} /> : '–'),
          },
          {
            title: t('queue.back'),
            dataIndex: 'reverse_url',
            render: (src: string | null) => (src ? <ProofImage src={src} width={96} /> : '–'),
          },
          {
            title: t('users.status'),
            render: (_, v) => (
              <Space direction="vertical" size={2}>
                <KycTag status={v.status} />
                {v.reason && <small>{v.reason}</small>}
              </Space>
            ),
          },
          {
            title: t('kyc.reviewer'),
            render: (_, v) =>
              v.operator && (
                <span>
                  {v.operator}
                  <br />
                  <small>{when(v.reviewed_at)}</small>
                </span>
              ),
          },
          {
            title: '',
            render: (_, v) =>
              v.status === 1 &&
              can(['support']) && (
                <Space>
                  <Popconfirm
                    title={t('queue.approveConfirm')}
                    onConfirm={async () => {
                      await act('verifications/approve', { id: v.id });
                      onDecided();
                    }}
                  >
                    <Button type="primary" size="small">
                      {t('queue.approve')}
                    </Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setRejecting(v)}>
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
            await act('verifications/reject', { id: rejecting!.id, reason });
            setRejecting(null);
            form.resetFields();
            onDecided();
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

function Ledger({ id, version }: { id: number; version: number }) {
  const { t } = useTranslation();
  const list = usePaged<UserLedgerRow>('users/ledger', { id, version }, 10);
  return (
    <>
      <ExportButton path="users/ledger" filters={{ id }} />
      <Table<UserLedgerRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: t('common.time'), dataIndex: 'created_at', render: when },
          {
            title: t('users.type'),
            dataIndex: 'type',
            render: (v: string) => t(`ledger.${v}`, { defaultValue: v }),
          },
          { title: t('users.account'), dataIndex: 'account' },
          {
            title: t('users.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (v) => <Amount value={v} signed />,
          },
          {
            title: t('users.after'),
            dataIndex: 'balance_after',
            align: 'right',
            render: (v) => <Amount value={v} />,
          },
          { title: t('common.reason'), dataIndex: 'note' },
        ]}
      />
    </>
  );
}

function Orders({ id, version, onClosed }: { id: number; version: number; onClosed: () => void }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [status, setStatus] = useState<string>('1');
  const list = usePaged<UserOrderRow>(
    'users/orders',
    { id, status: status === 'all' ? undefined : status, version },
    10,
  );
  return (
    <>
      <ExportButton path="users/orders" filters={{ id, status: status === 'all' ? undefined : status }} />
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={[
          { value: '1', label: t('orders.holding') },
          { value: '0', label: t('orders.pending') },
          { value: '3', label: t('orders.closed') },
          { value: 'all', label: t('common.all') },
        ]}
      />
      <Table<UserOrderRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('orders.instrument'), dataIndex: 'show_code' },
          {
            title: t('orders.side'),
            dataIndex: 'side',
            render: (s: number) =>
              s === 1 ? (
                <Tag color="green">{t('orders.buy')}</Tag>
              ) : (
                <Tag color="red">{t('orders.sell')}</Tag>
              ),
          },
          { title: t('orders.lots'), dataIndex: 'lots', align: 'right', render: (v) => <Amount value={v} /> },
          { title: t('orders.leverage'), dataIndex: 'leverage', render: (v) => `×${v}` },
          {
            title: t('orders.price'),
            dataIndex: 'price',
            align: 'right',
            render: (v) => <Amount value={v} />,
          },
          {
            title: t('orders.margin'),
            dataIndex: 'margin',
            align: 'right',
            render: (v) => <Amount value={v} />,
          },
          {
            title: t('orders.pnl'),
            dataIndex: 'profit',
            align: 'right',
            render: (v) => <Amount value={v} signed />,
          },
          {
            title: t('orders.swap'),
            dataIndex: 'swap',
            align: 'right',
            render: (v) => <Amount value={v} signed />,
          },
          { title: t('orders.reason'), dataIndex: 'close_reason' },
          { title: t('common.time'), dataIndex: 'created_at', render: when },
          {
            title: '',
            render: (_, o) =>
              o.status === 1 &&
              can(['risk', 'support']) && (
                <Popconfirm
                  title={t('orders.closeConfirm')}
                  onConfirm={async () => {
                    await act('orders/close', { id: o.id });
                    onClosed();
                  }}
                >
                  <Button size="small" danger>
                    {t('orders.close')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}

function AdjustBalance({
  userId,
  open,
  onClose,
  onDone,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  return (
    <Modal
      open={open}
      title={t('users.adjust')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          await act('users/adjust', { id: userId, ...values });
          form.resetFields();
          onDone();
        }}
      >
        <Form.Item
          name="amount"
          label={t('users.adjustAmount')}
          extra={t('users.adjustHint')}
          rules={[{ required: true, pattern: /^-?\d{1,15}(\.\d{1,8})?$/, message: t('users.amountRule') }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, max: 500 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
