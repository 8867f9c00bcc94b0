import type { DepositQueueRow, VerificationQueueRow, WithdrawalQueueRow } from '@meridian/contract';
import { Segmented, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, type Call } from '../api';
import { ExportButton } from './ExportButton';
import { when } from './format';
import { PageTitle } from './PageTitle';
import { RejectModal } from './RejectModal';
import { ReviewButtons } from './ReviewButtons';
import { ReviewStatus } from './ReviewStatus';
import { usePaged } from './usePaged';

/** What every queue's item has (the contract's queue rows): its number, review status and when it was made. */
export type Reviewed = Pick<
  DepositQueueRow | WithdrawalQueueRow | VerificationQueueRow,
  'id' | 'status' | 'created_at'
>;

/** A review queue's calls in the contract (each queue's list, approve and reject take the same fields). */
export interface QueueCalls {
  list: Call & { method: 'GET' };
  approve: Call;
  reject: Call;
  export?: Call;
}

export interface QueueProps<T extends Reviewed> {
  /** Its calls: the list, approve, reject and, when it is exportable, the export. */
  calls: QueueCalls;
  title: string;
  /** The status codes of this queue: waiting, approved, rejected. */
  statuses: { waiting: number; approved: number; rejected: number };
  /** The item's own columns, between its number and when it was made. */
  columns: ColumnsType<T>;
  /** Shown under the status, e.g. why it was rejected. */
  note(item: T): string;
  /** Why this operator may not approve the item (their own request), or null. */
  blocked?(item: T): string | null;
}

/** A review queue: waiting items first, approve, or reject with a reason. */
export function ReviewQueue<T extends Reviewed>({
  calls,
  title,
  statuses,
  columns,
  note,
  blocked,
}: QueueProps<T>) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>(String(statuses.waiting));
  const [rejecting, setRejecting] = useState<T | null>(null);
  const filters = { status: status === 'all' ? undefined : Number(status) };
  const list = usePaged(calls.list, filters);
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
            {calls.export && <ExportButton endpoint={calls.export} filters={filters} />}
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
            render: (_, i) => <ReviewStatus tag={label(i.status)} note={note(i)} />,
          },
          {
            title: '',
            render: (_, i) =>
              i.status === statuses.waiting && (
                <ReviewButtons
                  blocked={blocked?.(i)}
                  onApprove={async () => {
                    await act(calls.approve, { id: i.id });
                    await list.reload();
                  }}
                  onReject={() => setRejecting(i)}
                />
              ),
          },
        ]}
      />
      <RejectModal
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        send={(reason) => act(calls.reject, { id: rejecting!.id, reason })}
        onDone={list.reload}
      />
    </>
  );
}
