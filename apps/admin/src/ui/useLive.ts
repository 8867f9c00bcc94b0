import { useEffect, useState } from 'react';
import { follow } from '../api';

/**
 * The latest event of a server-sent-events call of /admin/api while the screen is open, and whether the
 * stream is up; null until the first event, or when `enabled` is false or the role is refused.
 */
export function useLive<T>(path: string, enabled = true): { data: T | null; live: boolean } {
  const [data, setData] = useState<T | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    return follow<T>(path, setData, setLive);
  }, [path, enabled]);
  return { data, live };
}
