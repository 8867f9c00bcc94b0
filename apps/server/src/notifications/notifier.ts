import { Code, type ForexTradeMessage, type NotificationMessage, OrderStatus } from '@meridian/contract';
import type { Bus } from '../bus/bus';
import { Channel, type UserEvent } from '../bus/channels';
import type { Db } from '../db/client';
import type { PushSender } from '../push/send';
import { ORDER_CHANNEL, type OrderEvent } from '../trading/events';
import type { TradingMarket } from '../trading/market';
import type { OrderRow } from '../trading/schema';
import { type Notice, recordNotice } from './record';
import type { NotificationRow } from './schema';
import { unreadCount } from './service';
import { copyNotices, fundingNotices, orderNotice } from './sources';
import { noticeText } from './texts';

/** How often the leader looks for funding reviews and copy trading events to tell of. */
export const NOTICE_SWEEP_MS = 3_000;
/** A sweep looks back this far past the previous one's start, for rows committed late. */
const OVERLAP_MS = 60_000;
/** After a start, reviews and events this old are still told of (what happened while no node led). */
const CATCH_UP_MS = 24 * 60 * 60_000;

/**
 * Tells traders what happened to their accounts, run by the leader: order changes from the trading bus
 * (stops, stop-outs, pending fills and cancellations), margin calls from the account pushes, and funding
 * reviews and copy trading events by a sweep of their tables. Each notice is recorded once (its `ref`)
 * and delivered: a websocket push to the trader and a Web Push to their browsers.
 */
export class Notifier {
  private queue: Promise<unknown> = Promise.resolve();
  private stops: (() => void)[] = [];
  /** Accounts told of their margin call, until they recover: one notice per margin call. */
  private readonly inMarginCall = new Set<number>();
  /** Positions told of their pending order's fill: their later changes (a stop moved) tell nothing new. */
  private readonly filled = new Set<number>();
  private fundingSince: Date;
  private copySince: Date;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly market: TradingMarket,
    private readonly push: PushSender,
    private readonly now: () => number,
    private readonly log: (message: string, err?: unknown) => void = console.error,
  ) {
    // Funding stamps its reviews by the wall clock, copy trading by the app's.
    this.fundingSince = new Date(Date.now() - CATCH_UP_MS);
    this.copySince = new Date(now() - CATCH_UP_MS);
  }

  start(): void {
    this.stops.push(
      this.bus.subscribe(ORDER_CHANNEL, (event) => this.followOrder((event as OrderEvent).order)),
      this.bus.subscribe(Channel.user, (event) => this.followMarginCall(event as UserEvent)),
    );
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

  /** Records a notice and delivers it, after the work queued before it. */
  tell(notice: Notice): void {
    this.enqueue(async () => {
      const row = await recordNotice(this.db, notice, new Date(this.now()));
      if (row) await this.deliver(row);
    });
  }

  /** Pushes a recorded notification to the trader's open apps and browsers. */
  async deliver(row: NotificationRow): Promise<void> {
    const message: NotificationMessage = {
      type: 'NOTIFICATION',
      code: Code.OK,
      quotation: { id: row.id, kind: row.kind, unread: await unreadCount(this.db, row.userId) },
    };
    this.bus.publish(Channel.user, { userId: row.userId, message } satisfies UserEvent);
    this.push.send(row.userId, (lang) => noticeText(row, lang));
  }

  /** Funding reviews and copy trading events not told of yet. */
  sweep(): Promise<unknown> {
    return this.enqueue(async () => {
      const wall = Date.now();
      const app = this.now();
      const notices = [
        ...(await fundingNotices(this.db, this.fundingSince)),
        ...(await copyNotices(this.db, this.copySince)),
      ];
      for (const notice of notices) {
        const row = await recordNotice(this.db, notice, new Date(app));
        if (row) await this.deliver(row);
      }
      this.fundingSince = new Date(wall - OVERLAP_MS);
      this.copySince = new Date(app - OVERLAP_MS);
    });
  }

  private followOrder(order: OrderRow): void {
    if (order.status !== OrderStatus.holding) this.filled.delete(order.id);
    else if (this.filled.has(order.id)) return;
    const notice = orderNotice(order, this.market);
    if (notice?.kind === 'pending_filled') this.filled.add(order.id);
    if (notice) this.tell(notice);
  }

  /** The first account push at margin call tells of it; one out of it re-arms the notice. */
  private followMarginCall({ userId, message }: UserEvent): void {
    if (message.type !== 'FOREX_TRADE') return;
    const { MarginCall, HazardRate } = (message as ForexTradeMessage).quotation;
    if (!MarginCall) {
      this.inMarginCall.delete(userId);
      return;
    }
    if (this.inMarginCall.has(userId)) return;
    this.inMarginCall.add(userId);
    this.tell({ userId, kind: 'margin_call', params: { rate: HazardRate }, ref: null });
  }

  private enqueue(work: () => Promise<void>): Promise<unknown> {
    this.queue = this.queue.then(work).catch((err) => this.log('notifications failed', err));
    return this.queue;
  }
}
