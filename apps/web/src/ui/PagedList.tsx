import { ErrorBlock, InfiniteScroll, List } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  /** One page of rows (1-based) and how many there are in all. */
  fetchPage(page: number): Promise<{ data: T[]; total: number }>;
  row(item: T): ReactNode;
  className?: string;
}

/** Records newest first, the next page asked as the list scrolls to its end; "empty" when there are none. */
export function PagedList<T>({ fetchPage, row, className }: Props<T>) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<T[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);

  const loadMore = async () => {
    try {
      const next = page + 1;
      const result = await fetchPage(next);
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
        <List className={className}>{rows.map(row)}</List>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
    </>
  );
}
