import type { Received } from '@meridian/contract';
import { useEffect, useState } from 'react';
import { type Call, follow } from '../api';

/**
 * The latest event of a server-sent-events call of /admin/api while the screen is open, and whether the
 * stream is up; null until the first event, or when `enabled` is false or the role is refused.
 */
export function useLive<E extends Call>(
  endpoint: E,
  enabled = true,
): { data: Received<E> | null; live: boolean } {
  const [data, setData] = useState<Received<E> | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    return follow(endpoint, setData, setLive);
  }, [endpoint, enabled]);
  return { data, live };
}
