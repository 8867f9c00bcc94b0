import { ErrorBlock, InfiniteScroll, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLedger, type LedgerRow } from '../../api/account';
import { changeDirection, formatMoney } from '../../ui/format';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';

/** SPEC.md §2 /mine/history: the account's ledger, newest first, paged as it scrolls. */
export default function HistoryPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<LedgerRow[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);

  const loadMore = async () => {
    try {
      const next = page + 1;
      const result = await fetchLedger(next);
      setRows((current) => [...current, ...result.data]);
      setPage(next);
      setHasMore(result.data.length > 0 && rows.length + result.data.length < result.total);
    } catch {
      setHasMore(false);
    }
  };

  return (
    <Page>
      {!hasMore && rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('common.empty')} description="" />
      ) : (
        <List>
          {rows.map((row) => (
            <List.Item
              key={row.Id}
              description={<span className="num">{row.CreatedAtTran}</span>}
              extra={<Money amount={formatMoney(row.Value)} className={changeDirection(row.Value)} />}
            >
              {row.MemoTran}
            </List.Item>
          ))}
        </List>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </Page>
  );
}
