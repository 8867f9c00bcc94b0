import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type DrawType, fetchWithdrawRecords, type WithdrawRecord } from '../../api/funding';
import { Money } from '../../ui/Money';
import { PagedList } from '../../ui/PagedList';

const STATUS_CLASS = ['pending', 'up', 'down'];

/** SPEC.md §3 withdraw records of one type, newest first, paged as it scrolls. */
export function WithdrawRecords({ type }: { type: DrawType }) {
  const { t } = useTranslation();
  return (
    <PagedList
      className="withdraw-records"
      fetchPage={(page) => fetchWithdrawRecords(type, page)}
      row={(row: WithdrawRecord) => (
        <List.Item
          key={row.id}
          description={
            <>
              <span>
                {t('funding.received')}: <Money value={row.real_number} currency={row.draw_currency.code} /> ·{' '}
                {t('funding.fee')}: <Money value={row.fee} currency={row.draw_currency.code} />
              </span>
              <span className="num">{row.created_at}</span>
              <span className="withdraw-records__to">{row.type === 1 ? row.address : row.payee_account}</span>
              {row.notes && <span>{row.notes}</span>}
            </>
          }
          extra={
            <span className={`withdraw-records__status ${STATUS_CLASS[row.status] ?? ''}`}>
              {row.status_name}
            </span>
          }
        >
          <Money value={row.number} currency={row.draw_currency.code} />
        </List.Item>
      )}
    />
  );
}
