import type { Received, RowsPage, SentTo } from '@meridian/contract';
import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { type Call, call } from '../api';

/** A back-office call that answers a page of rows. */
type PagedCall = Call & { method: 'GET' };
/** The row of a paged call's answer. */
export type RowOf<E extends PagedCall> = Received<E> extends RowsPage<infer R> ? R : never;

/**
 * A server-paged list for an antd Table: rows, loading flag, pagination wired to `page`/`size`, reload. Null
 * `endpoint`: nothing to list yet. A new `version` reloads it (a change made elsewhere on the screen).
 */
export function usePaged<E extends PagedCall>(
  endpoint: E | null,
  filters: Omit<SentTo<E>, 'page' | 'size'>,
  size = 20,
  version = 0,
) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RowsPage<RowOf<E>>>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filters' contents
  const load = useCallback(async () => {
    if (!endpoint) return;
    setLoading(true);
    try {
      // The page and its size join the list's own filters (a spread TypeScript cannot check generically).
      setData((await call(endpoint, { ...filters, page, size } as SentTo<E>)) as RowsPage<RowOf<E>>);
    } finally {
      setLoading(false);
    }
  }, [endpoint, key, page, size, version]);

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
