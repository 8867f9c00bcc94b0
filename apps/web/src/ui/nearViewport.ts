/**
 * Runs a callback once an element comes within a few rows of the viewport: the market list fetches the
 * logos of the rows a person can see or is about to, not all of them (with `loading="lazy"` Chromium
 * fetched every logo of the list at once: its lazy-loading margin is over a thousand pixels). Each
 * callback runs in a task of its own: starting an image's load costs the main thread a little, and a
 * screenful of them at once made one long task (issue 11: Lighthouse's total blocking time). One
 * observer for all.
 */
const MARGIN = '240px 0px';

let observer: IntersectionObserver | undefined;
const callbacks = new Map<Element, () => void>();

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const run = callbacks.get(entry.target);
        callbacks.delete(entry.target);
        observer?.unobserve(entry.target);
        if (run) setTimeout(run, 0);
      }
    },
    { rootMargin: MARGIN },
  );
  return observer;
}

/** Calls `run` once `element` is near the viewport (at once where IntersectionObserver is missing); returns a canceller. */
export function whenNearViewport(element: Element, run: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    run();
    return () => {};
  }
  callbacks.set(element, run);
  shared().observe(element);
  return () => {
    if (callbacks.delete(element)) observer?.unobserve(element);
  };
}
