import type { KycSubmission } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act } from '../../api';
import { useSession } from '../../session';
import { when } from '../../ui/format';
import { ProofImage } from '../../ui/ProofImage';
import { RejectModal } from '../../ui/RejectModal';
import { ReviewButtons } from '../../ui/ReviewButtons';
import { ReviewStatus } from '../../ui/ReviewStatus';
import { KycTag } from './KycTag';

const proof = (src: string | null) => (src ? <ProofImage src={src} width={96} /> : '–');

/** The trader's real-name submissions, newest first, with both ID pictures; a waiting one can be decided here. */
export function UserVerification({
  submissions,
  onDecided,
}: {
  submissions: KycSubmission[];
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [rejecting, setRejecting] = useState<KycSubmission | null>(null);
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
          { title: t('queue.front'), dataIndex: 'front_url', render: proof },
          { title: t('queue.back'), dataIndex: 'reverse_url', render: proof },
          {
            title: t('users.status'),
            render: (_, v) => <ReviewStatus tag={<KycTag status={v.status} />} note={v.reason} />,
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
                <ReviewButtons
                  onApprove={async () => {
                    await act(adminEndpoints.approveVerification, { id: v.id });
                    onDecided();
                  }}
                  onReject={() => setRejecting(v)}
                />
              ),
          },
        ]}
      />
      <RejectModal
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        send={(reason) => act(adminEndpoints.rejectVerification, { id: rejecting!.id, reason })}
        onDone={onDecided}
      />
    </>
  );
}
