import type { RowsPage } from '@meridian/contract';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { get, type Input } from '../api';

/** A server-paged list for an antd Table: rows, loading flag, pagination wired to `page`/`size`, reload. */
export function usePaged<T>(path: string | null, filters: Input = {}, size = 20) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RowsPage<T>>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters' contents
  const load = useCallback(async () => {
    if (!path) return;
    setLoading(true);
    try {
      setData(await get<RowsPage<T>>(path, { ...filters, page, size }));
    } finally {
      setLoading(false);
    }
  }, [path, key, page, size]);

  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start again at page 1
  useEffect(() => setPage(1), [key]);

  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: data.total,
    showSizeChanger: false,
    onChange: setPage,
  };
  return { rows: data.rows, total: data.total, loading, pagination, reload: load };
}
