import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A waiting item's decision: Approve once confirmed, or Reject (which asks why); `blocked` says why this
 * operator may not approve it, and disables Approve.
 */
export function ReviewButtons({
  onApprove,
  onReject,
  blocked,
}: {
  onApprove: () => Promise<void>;
  onReject: () => void;
  blocked?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Popconfirm title={t('queue.approveConfirm')} disabled={Boolean(blocked)} onConfirm={onApprove}>
        <Tooltip title={blocked}>
          <Button type="primary" size="small" disabled={Boolean(blocked)}>
            {t('queue.approve')}
          </Button>
        </Tooltip>
      </Popconfirm>
      <Button danger size="small" onClick={onReject}>
        {t('queue.reject')}
      </Button>
    </Space>
  );
}
