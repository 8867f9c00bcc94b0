/**
 * Runs a callback once an element comes within a few rows of the viewport. The market list's logos are
 * SVG images, and each one the browser loads is a small document of its own to parse, lay out and paint
 * on the main thread: with `loading="lazy"` Chromium still fetched every logo of the list at once (its
 * lazy-loading margin is over a thousand pixels), which was a sizeable share of the home screen's
 * main-thread work while it loaded (issue 11: Lighthouse's total blocking time). One observer for all.
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
        run?.();
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
