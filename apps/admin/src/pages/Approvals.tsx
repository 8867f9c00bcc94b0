import type { Approval } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { Amount } from '../ui/format';
import { ReviewQueue } from '../ui/ReviewQueue';

/**
 * Four eyes: changes that move money (adjustments above the day's limit, a channel or payment page sending
 * deposits somewhere new) and changes to the operators themselves (a new one, another role, re-enabling)
 * wait here until an operator other than the one who asked, or the one they concern, decides.
 */
export function Approvals() {
  const { t } = useTranslation();
  const { operator } = useSession();

  const change = (a: Approval) => {
    if (a.kind === 'balance_adjust') {
      const { userId, amount, reason } = a.payload;
      const debit = amount.startsWith('-');
      return (
        <Space direction="vertical" size={2}>
          <span>
            {t('approvals.trader', { id: userId })}{' '}
            <Tag color={debit ? 'red' : 'green'}>{t(debit ? 'approvals.debit' : 'approvals.credit')}</Tag>
            <Amount value={amount} signed />
          </span>
          <small>{reason}</small>
        </Space>
      );
    }
    if (a.kind === 'operator_create') {
      const { email, role } = a.payload;
      return t('approvals.newOperator', { email, role: t(`roles.${role}`) });
    }
    if (a.kind === 'operator_role') {
      const { email, role, previousRole } = a.payload;
      return t('approvals.roleChange', { email, from: t(`roles.${previousRole}`), to: t(`roles.${role}`) });
    }
    if (a.kind === 'operator_enable') return t('approvals.enableOperator', { email: a.payload.email });
    if (a.kind === 'payment_page') {
      const { url } = a.payload;
      return url ? (
        <Space direction="vertical" size={2}>
          <span>{t('approvals.paymentPage')}</span>
          <code style={{ wordBreak: 'break-all' }}>{url}</code>
        </Space>
      ) : (
        <span>{t('approvals.paymentPageHidden')}</span>
      );
    }
    const { id, values: v } = a.payload;
    return (
      <Space direction="vertical" size={2}>
        <span>
          {id ? t('approvals.channelEdit', { id }) : t('approvals.channelNew')}{' '}
          <Tag>{t(`payments.${v.kind}`)}</Tag>
          {v.currencyCode}
          {v.protocolCode && ` · ${v.protocolCode}`}
        </span>
        {v.kind === 'coin' ? (
          <code style={{ wordBreak: 'break-all' }}>{v.address}</code>
        ) : (
          <small>
            {v.bankName} · {v.accountName} · {v.accountNumber}
          </small>
        )}
      </Space>
    );
  };

  return (
    <ReviewQueue<Approval>
      calls={{
        list: adminEndpoints.approvals,
        approve: adminEndpoints.approveRequest,
        reject: adminEndpoints.rejectRequest,
      }}
      title={t('nav.approvals')}
      statuses={{ waiting: 0, approved: 1, rejected: 2 }}
      note={(a) => a.outcome?.reason ?? ''}
      blocked={(a) => {
        if (a.requested_by_id === operator?.id) return t('approvals.own');
        const about = 'operatorId' in a.payload ? a.payload.operatorId : null;
        return about === operator?.id ? t('approvals.aboutYou') : null;
      }}
      columns={[
        {
          title: t('approvals.kind'),
          dataIndex: 'kind',
          render: (kind: Approval['kind']) => <Tag color="blue">{t(`approvals.kinds.${kind}`)}</Tag>,
        },
        { title: t('approvals.change'), render: (_, a) => change(a) },
        {
          title: t('approvals.requestedBy'),
          render: (_, a) => (
            <Space size={4} wrap>
              {a.requested_by}
              {a.requested_by_id === operator?.id && <Tag>{t('approvals.you')}</Tag>}
            </Space>
          ),
        },
      ]}
    />
  );
}
