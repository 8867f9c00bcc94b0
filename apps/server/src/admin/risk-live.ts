import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import { MARKET_DEFINITIONS, MARKET_TICK } from '../market';
import type { Trading } from '../trading';
import { ORDER_CHANNEL } from '../trading';
import { riskSnapshot } from './exposure';

export type RiskSnapshot = Awaited<ReturnType<typeof riskSnapshot>> & { at: string };
type Listener = (snapshot: RiskSnapshot) => void;

export interface RiskFeedOptions {
  /** At most one recomputation this often, however many ticks and orders arrive. */
  minIntervalMs?: number;
  /** Recomputed at least this often while watched, for what the bus does not carry (a deposit, a settings change). */
  refreshMs?: number;
}

/**
 * The risk desk's live view, driven by the bus: an order opened, changed or closed (ORDER_CHANNEL), a
 * price moving (MARKET_TICK) or an instrument's terms changed (MARKET_DEFINITIONS: a new exposure limit)
 * marks the view stale; it is recomputed at most once per `minIntervalMs` and
 * pushed to every watching operator. Nobody watching: nothing is subscribed and nothing is computed.
 */
export class RiskFeed {
  private readonly listeners = new Set<Listener>();
  private unsubscribe: (() => void)[] = [];
  private latest: RiskSnapshot | null = null;
  private stale = true;
  private timer: NodeJS.Timeout | null = null;
  private refresher: NodeJS.Timeout | null = null;
  private computing = false;
  /** When the view was last computed, by the wall clock: its pace is a real wait (setTimeout's), not the app's time. */
  private lastRun = 0;
  private readonly minIntervalMs: number;
  private readonly refreshMs: number;

  constructor(
    private readonly db: Db,
    private readonly trading: Trading,
    private readonly bus: Bus,
    /** The app's clock: what each view is dated by. */
    private readonly now: () => number,
    options: RiskFeedOptions = {},
  ) {
    this.minIntervalMs = options.minIntervalMs ?? 1000;
    this.refreshMs = options.refreshMs ?? 10_000;
  }

  /** Starts `listener` with the current view and then every change; returns its stop. */
  watch(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    if (this.latest && !this.stale) listener(this.latest);
    else this.changed();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  get watchers(): number {
    return this.listeners.size;
  }

  close(): void {
    this.listeners.clear();
    this.stop();
  }

  private start(): void {
    const changed = () => this.changed();
    this.unsubscribe = [ORDER_CHANNEL, MARKET_TICK, MARKET_DEFINITIONS].map((c) =>
      this.bus.subscribe(c, changed),
    );
    this.refresher = setInterval(changed, this.refreshMs);
    this.refresher.unref();
  }

  private stop(): void {
    for (const stop of this.unsubscribe) stop();
    this.unsubscribe = [];
    if (this.timer) clearTimeout(this.timer);
    if (this.refresher) clearInterval(this.refresher);
    this.timer = null;
    this.refresher = null;
    this.latest = null;
    this.stale = true;
  }

  /** Something the view depends on moved: recompute soon, once. */
  private changed(): void {
    this.stale = true;
    if (this.timer || this.computing || this.listeners.size === 0) return;
    const wait = Math.max(0, this.lastRun + this.minIntervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.compute();
    }, wait);
    this.timer.unref();
  }

  private async compute(): Promise<void> {
    this.computing = true;
    this.stale = false;
    this.lastRun = Date.now();
    try {
      const at = new Date(this.now()).toISOString();
      const snapshot = { ...(await riskSnapshot(this.db, this.trading)), at };
      if (this.listeners.size === 0) return;
      this.latest = snapshot;
      for (const listener of this.listeners) listener(snapshot);
    } catch {
      // The database is away for a moment: the next change (or refresh) tries again.
      this.stale = true;
    } finally {
      this.computing = false;
      if (this.stale && this.listeners.size > 0) this.changed();
    }
  }
}
