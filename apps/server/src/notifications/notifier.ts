import { OrderStatus } from '@meridian/contract';
import type { Bus } from '../bus/bus';
import { Channel, type UserEvent } from '../bus/channels';
import { COPY_FAILED, COPY_STOPPED } from '../copying';
import type { Db } from '../db/client';
import { FUNDING_REVIEWED } from '../funding';
import type { Relay } from '../outbox/outbox';
import type { PushSender } from '../push';
import type { OrderRow, TradingMarket } from '../trading';
import { MARGIN_CALL_CHANNEL, type MarginCallEvent, ORDER_CHANNEL, orderOfEvent } from '../trading';
import type { ErrorLog } from '../util/log';
import { notificationPush } from './pushes';
import { type Notice, recordNotices } from './record';
import type { NotificationRow } from './schema';
import { unreadCounts } from './service';
import { copyFailedNotice, copyStoppedNotice, fundingNotice, orderNotice } from './sources';
import { noticeText } from './texts';

/**
 * Tells traders what happened to their accounts, run by the leader: order changes from the trading bus
 * (stops, stop-outs, pending fills and cancellations), margin calls as the engine sees them start, and funding
 * reviews and copy trading events from the outbox's relay (outbox/outbox.ts), which hands each again until
 * it is recorded. Each notice is recorded once (its `ref`) and delivered: a websocket push to the trader and
 * a Web Push to their browsers.
 */
export class Notifier {
  private queue: Promise<unknown> = Promise.resolve();
  /** Notices told and not yet recorded: the next recording takes them all in one statement. */
  private told: Notice[] = [];
  private stops: (() => void)[] = [];
  /** Positions told of their pending order's fill: their later changes (a stop moved) tell nothing new. */
  private readonly filled = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly market: TradingMarket,
    private readonly push: PushSender,
    private readonly now: () => number,
    private readonly log: ErrorLog,
  ) {}

  /** Follows the bus, and subscribes to the relay's events (before it starts). */
  start(relay: Relay): void {
    this.stops.push(
      this.bus.subscribe(ORDER_CHANNEL, (event) => this.followOrder(orderOfEvent(event))),
      this.bus.subscribe(MARGIN_CALL_CHANNEL, (event) => {
        const { userId, rate } = event as MarginCallEvent;
        this.tell({ userId, kind: 'margin_call', params: { rate }, ref: null });
      }),
    );
    relay.on(FUNDING_REVIEWED, (event) => this.record(fundingNotice(event)));
    relay.on(COPY_FAILED, (event) => this.record(copyFailedNotice(event)));
    relay.on(COPY_STOPPED, async (event) => {
      const notice = copyStoppedNotice(event);
      if (notice) await this.record(notice);
    });
  }

  async stop(): Promise<void> {
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.queue;
  }

  /** Resolves once the notices queued so far are recorded and delivered. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  /**
   * Records a notice and delivers it, after the work queued before it; the notices told meanwhile (a gap's
   * stops, thousands at once) are recorded with it in one statement.
   */
  tell(notice: Notice): void {
    this.told.push(notice);
    if (this.told.length > 1) return;
    this.afterQueued(() => this.recordTold()).catch((err) => this.log('notifications failed', err));
  }

  /** Records the notices told so far; when they fail together, each on its own, so one bad notice loses only itself. */
  private async recordTold(): Promise<void> {
    const notices = this.told.splice(0);
    try {
      await this.recordAll(notices);
    } catch (err) {
      if (notices.length === 1) throw err;
      for (const notice of notices)
        await this.recordAll([notice]).catch((e) => this.log('notifications failed', e));
    }
  }

  /** Pushes a recorded notification to the trader's open apps and browsers. */
  deliver(row: NotificationRow): Promise<void> {
    return this.deliverAll([row]);
  }

  private async deliverAll(rows: NotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    const unread = await unreadCounts(this.db, [...new Set(rows.map((row) => row.userId))]);
    for (const row of rows) {
      const message = notificationPush(row, unread.get(row.userId) ?? 0);
      this.bus.publish(Channel.user, { userId: row.userId, message } satisfies UserEvent);
    }
    this.push.send(rows.map((row) => ({ userId: row.userId, text: (lang) => noticeText(row, lang) })));
  }

  private followOrder(order: OrderRow): void {
    if (order.status !== OrderStatus.holding) this.filled.delete(order.id);
    else if (this.filled.has(order.id)) return;
    const notice = orderNotice(order, this.market);
    if (notice?.kind === 'pending_filled') this.filled.add(order.id);
    if (notice) this.tell(notice);
  }

  /** `tell`, for a caller that learns whether it failed (the relay hands the event again). */
  private record(notice: Notice): Promise<void> {
    return this.afterQueued(() => this.recordAll([notice]));
  }

  private async recordAll(notices: Notice[]): Promise<void> {
    await this.deliverAll(await recordNotices(this.db, notices, new Date(this.now())));
  }

  /** Runs `work` after the work queued before it. */
  private afterQueued(work: () => Promise<void>): Promise<void> {
    const done = this.queue.then(work);
    this.queue = done.catch(() => {});
    return done;
  }
}
