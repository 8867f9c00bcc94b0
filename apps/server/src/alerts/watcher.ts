import { dec, priceText, TriggerIndex } from '@meridian/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import type { Db } from '../db/client';
import type { NotificationRow } from '../notifications';
import { recordNotice } from '../notifications';
import type { Tick, TradingMarket } from '../trading';
import type { ErrorLog } from '../util/log';
import { ALERT_CHANNEL, type AlertEvent, type WaitingAlert } from './events';
import { priceAlerts } from './schema';

/** The index is checked against the database this often, for alerts whose bus message was lost. */
export const ALERT_RESYNC_MS = 60_000;
/** The index keeps one trigger per order and kind: an alert is a trigger of the one kind alerts use. */
const KIND = 'pending';

/**
 * Fires price alerts, run by the leader: a tick fires the waiting alerts of its instrument that it reaches
 * (the same heap index as the trading engine's triggers), each by a conditional update, so that an alert
 * fires once however many nodes or ticks see it; the firing records its notification in the same
 * transaction, and delivers it after.
 */
export class AlertWatcher {
  private readonly index = new TriggerIndex();
  private readonly waiting = new Map<number, WaitingAlert>();
  private queue: Promise<unknown> = Promise.resolve();
  private stops: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly market: TradingMarket,
    private readonly deliver: (row: NotificationRow) => Promise<void>,
    private readonly now: () => number,
    private readonly log: ErrorLog,
  ) {}

  async start(): Promise<void> {
    this.stops.push(
      this.market.onTick((tick) => this.onTick(tick)),
      this.bus.subscribe(ALERT_CHANNEL, (event) => this.apply(event as AlertEvent)),
      this.bus.onLoss(() => this.resyncSoon()),
    );
    await this.resync();
    this.timer = setInterval(() => this.resyncSoon(), ALERT_RESYNC_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.queue;
  }

  /** Resolves once the alerts fired so far are recorded and delivered. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  onTick(tick: Tick): void {
    // An alert watches the quote's Close, the bid, as the chart draws it.
    for (const trigger of this.index.crossed(tick.instrumentId, tick.bid)) {
      const id = Number(trigger.orderId);
      this.waiting.delete(id);
      this.queue = this.queue
        .then(() => this.fire(id, tick.bid))
        .catch((err) => {
          this.log(`alert ${id}: firing failed, it is read back at the next resync`, err);
        });
    }
  }

  private apply(event: AlertEvent): void {
    if ('deleted' in event) this.forget(event.deleted);
    else this.follow(event.alert);
  }

  private follow(alert: WaitingAlert): void {
    this.waiting.set(alert.id, alert);
    this.index.add({
      orderId: alert.id,
      kind: KIND,
      instrumentId: alert.instrumentId,
      direction: alert.direction === 'above' ? 'rise' : 'fall',
      level: alert.level,
    });
  }

  private forget(id: number): void {
    this.waiting.delete(id);
    this.index.remove(id, KIND);
  }

  private async fire(id: number, price: string): Promise<void> {
    const at = new Date(this.now());
    const told = await this.db.transaction(async (tx) => {
      const [alert] = await tx
        .update(priceAlerts)
        .set({ firedAt: at, firedPrice: price })
        .where(and(eq(priceAlerts.id, id), isNull(priceAlerts.firedAt)))
        .returning();
      // Deleted meanwhile, or fired by another node.
      if (!alert) return null;
      const precision = this.market.tradable(alert.instrumentId)?.terms.pricePrecision;
      return recordNotice(
        tx,
        {
          userId: alert.userId,
          kind: 'alert_fired',
          params: {
            code: alert.showCode,
            direction: alert.direction,
            level: priceText(alert.level, precision),
            price: priceText(dec(price), precision),
            note: alert.note,
          },
          ref: `alert:${alert.id}`,
        },
        at,
      );
    });
    if (told) await this.deliver(told);
  }

  private resyncSoon(): void {
    this.resync().catch((err) => this.log('alert resync failed; it runs again', err));
  }

  /**
   * Puts the index in step with the waiting alerts in the database. An alert held but not read is read back
   * by itself before it is forgotten: it may have been set, and followed by its bus message, after the read.
   */
  async resync(): Promise<void> {
    const rows = await this.readWaiting();
    const found = new Set(rows.map((row) => row.id));
    for (const row of rows) if (!this.waiting.has(row.id)) this.follow(row);
    const missing = [...this.waiting.keys()].filter((id) => !found.has(id));
    if (missing.length === 0) return;
    const still = new Set((await this.readWaiting(missing)).map((row) => row.id));
    for (const id of missing) if (!still.has(id)) this.forget(id);
  }

  /** The alerts waiting in the database (of `ids`, when given). */
  private readWaiting(ids?: number[]): Promise<WaitingAlert[]> {
    return this.db
      .select({
        id: priceAlerts.id,
        instrumentId: priceAlerts.instrumentId,
        direction: priceAlerts.direction,
        level: priceAlerts.level,
      })
      .from(priceAlerts)
      .where(and(isNull(priceAlerts.firedAt), ids && inArray(priceAlerts.id, ids)));
  }
}
