import type { DepositQueueRow, VerificationQueueRow, WithdrawalQueueRow } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../ui/format';
import { ProofImage } from '../ui/ProofImage';
import { type QueueProps, type Reviewed, ReviewQueue } from '../ui/ReviewQueue';

/** What every queue of traders' requests has beyond the review: who asked, and why it was rejected. */
type Item = Reviewed & Pick<DepositQueueRow, 'user' | 'reason'>;

/** A queue of traders' requests: the trader first, the reviewer's reason under the status. */
function TraderQueue<T extends Item>({ columns, ...props }: Omit<QueueProps<T>, 'note'>) {
  const { t } = useTranslation();
  return (
    <ReviewQueue<T>
      {...props}
      note={(i) => i.reason}
      columns={[
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
      ]}
    />
  );
}

const REVIEW = { waiting: 0, approved: 1, rejected: 2 };

export function Deposits() {
  const { t } = useTranslation();
  return (
    <TraderQueue<DepositQueueRow>
      calls={{
        list: adminEndpoints.deposits,
        approve: adminEndpoints.approveDeposit,
        reject: adminEndpoints.rejectDeposit,
        export: adminEndpoints.depositsExport,
      }}
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
    <TraderQueue<WithdrawalQueueRow>
      calls={{
        list: adminEndpoints.withdrawals,
        approve: adminEndpoints.payWithdrawal,
        reject: adminEndpoints.rejectWithdrawal,
        export: adminEndpoints.withdrawalsExport,
      }}
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
    <TraderQueue<VerificationQueueRow>
      calls={{
        list: adminEndpoints.verifications,
        approve: adminEndpoints.approveVerification,
        reject: adminEndpoints.rejectVerification,
      }}
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
