/**
 * Runs `task` once the page has shown its first content (or after `fallbackMs` where the browser does not
 * report paints), so that work the first screen does not need never competes with it (issue 11).
 */
export function afterFirstPaint(task: () => void, fallbackMs = 4000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    setTimeout(task, 0);
  };
  const timer = setTimeout(run, fallbackMs);
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the fallback timer runs the task.
  }
}

/** How long after the page's load event a first visit counts as settled. */
const SETTLE_MS = 3000;

/**
 * Runs `task` once the visit has settled: the page has loaded, a few seconds have passed and the main thread
 * is idle. For work worth doing on a first visit but not worth slowing it down: the service worker's precache
 * (about 170 files) downloaded right after the first paint competed with the first screen's logos, charts and
 * quotes for the network and for both of a phone's cores (issue 11).
 */
export function afterSettled(task: () => void): void {
  const whenIdle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout: SETTLE_MS }) : task();
  const wait = () => setTimeout(whenIdle, SETTLE_MS);
  if (document.readyState === 'complete') wait();
  else window.addEventListener('load', wait, { once: true });
}
