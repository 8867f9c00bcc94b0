/** How long an answer is shared: long enough to span the app's start and its first page's mount. */
const SHARED_MS = 5_000;

interface Sharing {
  maxAgeMs?: number;
  /** What the answer depends on besides time (the interface language): a call under another key asks again. */
  keyOf?: () => unknown;
}

/**
 * `request` made to share its answer with the calls made within `maxAgeMs` of it. Data a page needs is
 * asked for while the app starts (routes.tsx `prefetch`) and is not asked for again when the page mounts
 * a moment later; a later refresh asks again. A failure is not shared: the next call retries.
 */
export function sharedFor<T>(
  request: () => Promise<T>,
  { maxAgeMs = SHARED_MS, keyOf = () => null }: Sharing = {},
): () => Promise<T> {
  let last: { at: number; key: unknown; answer: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    const key = keyOf();
    if (last && last.key === key && now - last.at < maxAgeMs) return last.answer;
    const answer = request();
    const mine = { at: now, key, answer };
    last = mine;
    answer.catch(() => {
      if (last === mine) last = null;
    });
    return answer;
  };
}
