/**
 * Executions (fills, SL/TP, stop-outs, trailing writes) run in parallel across accounts and one after
 * another within an account, at most `lanes` at once. Within an account order matters (a stop-out follows
 * the close before it; a trailing write follows the fill); across accounts nothing is shared that the
 * database's row locks do not already order, and one gap crossing thousands of stops must not settle them
 * one at a time while prices move on.
 */
export class Executions {
  /** The last execution queued per account: the next one of that account runs after it. */
  private readonly tails = new Map<number, Promise<void>>();
  private running = 0;
  private readonly waitingForLane: (() => void)[] = [];
  private queued = 0;

  constructor(
    private readonly lanes: number,
    /** Told of an execution that threw: the queue goes on with the account's next one. */
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Queues `execute` behind the account's earlier executions. */
  run(account: number, execute: () => Promise<unknown>): void {
    this.runAcross([account], execute);
  }

  /** Queues `execute` behind the earlier executions of every one of `accounts`, and theirs behind it (a batch). */
  runAcross(accounts: readonly number[], execute: () => Promise<unknown>): void {
    this.queued++;
    const tail = Promise.all(accounts.map((account) => this.tails.get(account)))
      .then(() => this.inLane(execute))
      .catch(this.failed)
      .finally(() => {
        this.queued--;
        for (const account of accounts) if (this.tails.get(account) === tail) this.tails.delete(account);
      });
    for (const account of accounts) this.tails.set(account, tail);
  }

  /** Executions waiting or running now. */
  get depth(): number {
    return this.queued;
  }

  /** Resolves once every execution queued so far, and every one they queued meanwhile, has run. */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }

  private async inLane(execute: () => Promise<unknown>): Promise<void> {
    if (this.running >= this.lanes) await new Promise<void>((free) => this.waitingForLane.push(free));
    else this.running++;
    try {
      await execute();
    } finally {
      // The lane passes straight to the next waiter, so a newcomer cannot take it in between.
      const next = this.waitingForLane.shift();
      if (next) next();
      else this.running--;
    }
  }
}
