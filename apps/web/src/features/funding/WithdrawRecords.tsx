import { ErrorBlock, InfiniteScroll, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DrawType, fetchWithdrawRecords, type WithdrawRecord } from '../../api/funding';
import { Money } from '../../ui/Money';

const STATUS_CLASS = ['pending', 'up', 'down'];

/** SPEC.md §3 withdraw records of one type, newest first, paged as it scrolls. */
export function WithdrawRecords({ type }: { type: DrawType }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<WithdrawRecord[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);

  const loadMore = async () => {
    try {
      const next = page + 1;
      const result = await fetchWithdrawRecords(type, next);
      setRows((current) => [...current, ...result.data]);
      setPage(next);
      setHasMore(result.data.length > 0 && rows.length + result.data.length < result.total);
    } catch {
      setHasMore(false);
    }
  };

  return (
    <>
      {!hasMore && rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('common.empty')} description="" />
      ) : (
        <List className="withdraw-records">
          {rows.map((row) => (
            <List.Item
              key={row.id}
              description={
                <>
                  <span>
                    {t('funding.received')}:{' '}
                    <Money amount={row.real_number} currency={row.draw_currency.code} /> · {t('funding.fee')}:{' '}
                    <Money amount={row.fee} currency={row.draw_currency.code} />
                  </span>
                  <span className="num">{row.created_at}</span>
                  <span className="withdraw-records__to">
                    {row.type === 1 ? row.address : row.payee_account}
                  </span>
                  {row.notes && <span>{row.notes}</span>}
                </>
              }
              extra={
                <span className={`withdraw-records__status ${STATUS_CLASS[row.status] ?? ''}`}>
                  {row.status_name}
                </span>
              }
            >
              <Money amount={row.number} currency={row.draw_currency.code} />
            </List.Item>
          ))}
        </List>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </>
  );
}
