import { and, asc, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { ErrorLog } from '../util/log';
import { every, type Periodic } from '../util/periodic';
import { outboxEvents } from './schema';

/** How often the leader's relay looks for events not delivered yet. */
const RELAY_MS = 500;
/** Events read at a time. */
const BATCH = 100;
/** A failed event is tried again after this long, twice as long after each failure, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 5 * 60_000;
/** How often the leader deletes delivered events, and how long it keeps them (to look into). */
const CLEAN_MS = 60 * 60_000;
const KEPT = sql`interval '3 days'`;

/** A kind of event and the payload it carries, declared by the area that emits it (funding/events.ts). */
export interface Topic<P> {
  readonly name: string;
  /** Never set: it carries the payload's type from the emitter to the subscribers. */
  readonly payload?: P;
}

export const topic = <P extends object>(name: string): Topic<P> => ({ name });

/** Writes an event in the caller's transaction: it is delivered if and only if that transaction commits. */
export async function emit<P extends object>(tx: Tx, kind: Topic<P>, payload: P): Promise<void> {
  await tx.insert(outboxEvents).values({ topic: kind.name, payload });
}

type Handler = (payload: unknown) => Promise<unknown>;

/**
 * The leader's relay: hands every undelivered event, in id order, to the in-process subscribers of its
 * topic, then marks it delivered. At least once: an event is marked only after all its handlers
 * succeeded, so a failure (or a crash, or two leaders during a hand-over) hands it again, and subscribers
 * must be idempotent. A failed event is left for a later pass, after a growing delay, and the others go on.
 */
export class Relay {
  private readonly handlers = new Map<string, Handler[]>();
  /** Events whose handlers failed: how many times, and when they may be tried again (the app's clock). */
  private readonly failed = new Map<number, { attempts: number; retryAt: number }>();
  private passes: Promise<void> = Promise.resolve();
  private jobs: Periodic[] = [];
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly log: ErrorLog,
  ) {}

  /** Subscribes `handler` to `kind`; subscribe before `start`, so the first pass hands it what waits. */
  on<P>(kind: Topic<P>, handler: (payload: P) => Promise<unknown>): void {
    this.handlers.set(kind.name, [...(this.handlers.get(kind.name) ?? []), handler as Handler]);
  }

  start(): void {
    this.jobs = [
      every(
        RELAY_MS,
        () => this.pass(),
        (err) => this.log('outbox relay failed', err),
      ),
      every(
        CLEAN_MS,
        () => this.clean(),
        (err) => this.log('outbox clean-up failed', err),
      ),
    ];
  }

  /** Stops the timers and waits for the pass under way; later passes do nothing. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.jobs) await job.stop();
    this.jobs = [];
    await this.passes;
  }

  /** Hands over every event undelivered now, after the pass under way (never two passes at once). */
  pass(): Promise<void> {
    const run = this.passes.then(() => (this.stopped ? undefined : this.relayAll()));
    this.passes = run.catch(() => {});
    return run;
  }

  /** Deletes the events delivered more than three days ago. */
  async clean(): Promise<void> {
    await this.db.delete(outboxEvents).where(lt(outboxEvents.deliveredAt, sql`now() - ${KEPT}`));
  }

  private async relayAll(): Promise<void> {
    // Each pass starts over from the lowest undelivered id: transactions commit out of id order, and a
    // cursor kept from pass to pass would skip an event committed after a higher one was delivered.
    let after = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(outboxEvents)
        .where(and(isNull(outboxEvents.deliveredAt), gt(outboxEvents.id, after)))
        .orderBy(asc(outboxEvents.id))
        .limit(BATCH);
      const delivered: number[] = [];
      for (const row of rows) if (await this.hand(row)) delivered.push(row.id);
      if (delivered.length > 0) {
        await this.db
          .update(outboxEvents)
          .set({ deliveredAt: sql`now()` })
          .where(inArray(outboxEvents.id, delivered));
      }
      if (rows.length < BATCH) return;
      after = rows.at(-1)!.id;
    }
  }

  /** Runs an event's handlers unless it waits to be tried again; true once they all succeeded. */
  private async hand(row: typeof outboxEvents.$inferSelect): Promise<boolean> {
    const failure = this.failed.get(row.id);
    if (failure && failure.retryAt > this.now()) return false;
    try {
      for (const handler of this.handlers.get(row.topic) ?? []) await handler(row.payload);
      this.failed.delete(row.id);
      return true;
    } catch (err) {
      const attempts = (failure?.attempts ?? 0) + 1;
      const delay = Math.min(RETRY_FIRST_MS * 2 ** (attempts - 1), RETRY_MAX_MS);
      this.failed.set(row.id, { attempts, retryAt: this.now() + delay });
      this.log(
        `outbox event ${row.id} (${row.topic}) failed ${attempts} time(s): tried again in ${delay} ms`,
        err,
      );
      return false;
    }
  }
}
