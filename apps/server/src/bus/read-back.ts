import type { ErrorLog } from '../util/log';
import type { Bus } from './bus';

/** A read back that failed (the database away) is tried again after this long. */
const RETRY_MS = 5_000;
/**
 * What was recorded this long before a loss began is read back too: a row's time is when its transaction
 * began (or its writer's clock), its message left when it committed, and another node's word of its loss
 * comes over the wire.
 */
export const READ_BACK_MARGIN_MS = 60_000;

/**
 * Reads back from the database what the bus may have lost: whenever it says messages may have been lost
 * since a time (`Bus.onLoss`), `read(since)` runs, one at a time; losses told meanwhile join the next run
 * from the earliest of them, and a run that fails is tried again from its own start.
 */
export class ReadBack {
  /** The earliest loss not read back yet. */
  private since: number | null = null;
  private running: Promise<void> | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe = () => {};

  constructor(
    private readonly bus: Bus,
    /** What is read back, named for the log. */
    private readonly what: string,
    private readonly read: (since: number) => Promise<void>,
    private readonly log: ErrorLog,
  ) {}

  start(): void {
    this.unsubscribe = this.bus.onLoss((since) => this.lost(since));
  }

  /** Stops following losses and waits for the read back under way. */
  async stop(): Promise<void> {
    this.unsubscribe();
    clearTimeout(this.retry);
    this.since = null;
    await this.running;
  }

  private lost(since: number): void {
    this.since = Math.min(this.since ?? since, since);
    this.running ??= this.readAll().finally(() => {
      this.running = null;
    });
  }

  private async readAll(): Promise<void> {
    while (this.since !== null) {
      const since = this.since;
      this.since = null;
      try {
        await this.read(since);
      } catch (err) {
        this.log(`${this.what} the bus lost could not be read back; tried again in ${RETRY_MS} ms`, err);
        const from = Math.min(this.since ?? since, since);
        this.since = null;
        this.retry = setTimeout(() => this.lost(from), RETRY_MS);
        this.retry.unref();
        return;
      }
    }
  }
}
