import type { Received } from '@meridian/contract';
import { useCallback, useEffect, useState } from 'react';
import { type Call, call } from '../../api';

/** An item of a call answering a list. */
type ItemOf<E extends Call> = Received<E> extends (infer R)[] ? R : never;

/** A whole list of a call that takes no fields, read at once; `load` reads it again. */
export function useList<E extends Call & { method: 'GET' }>(endpoint: E) {
  const [rows, setRows] = useState<ItemOf<E>[]>([]);
  // Both lists take no fields: called as any such call, answering this one's rows.
  const load = useCallback(async () => setRows((await call(endpoint as Call)) as ItemOf<E>[]), [endpoint]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  return { rows, load };
}
