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
