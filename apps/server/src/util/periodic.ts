/** A task run on a timer; `stop` waits for a run in progress, so the database can close after it. */
export interface Periodic {
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every `ms`, never two runs at once; a failed run is logged and the next one
 * goes ahead. Tests call the task themselves instead of waiting for the timer.
 */
export function every(ms: number, task: () => Promise<unknown>, log: (err: unknown) => void): Periodic {
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= task()
      .then(() => {}, log)
      .finally(() => {
        current = null;
      });
  };
  run();
  const timer = setInterval(run, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
