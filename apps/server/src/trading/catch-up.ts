import { OrderStatus, type ServerMessage } from '@meridian/contract';
import { sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import { READ_BACK_MARGIN_MS, ReadBack } from '../bus/read-back';
import type { Db } from '../db/client';
import { oneOf } from '../db/id-list';
import type { ErrorLog } from '../util/log';
import { addTo } from '../util/multimap';
import { ORDER_CHANNEL, type OrderEvent } from './events';
import { forexClosed, forexFilled } from './pushes';
import { orders } from './schema';

/** Orders read back per statement. */
const CHUNK = 1_000;
/** How long an order's version handed over by a read back is remembered: overlapping read backs hand it once. */
const REMEMBERED_MS = 10 * 60_000;

/** Sends an account message to a user's sockets on this node (the gateway's `sendToUser`). */
export type TellTrader = (userId: number, message: ServerMessage) => void;

/**
 * The order changes the bus lost, read back from the database, which is their record. Whenever the bus
 * says messages may have been lost since a time (`Bus.onLoss`: its connection came back, or another node
 * could not publish), the orders changed since then, less READ_BACK_MARGIN_MS, are read by `updated_at` (the
 * database's clock, indexed) and handed again to this node's own ORDER_CHANNEL handlers, which take a row
 * they already have as a repeat (the engine by its version, the notifier by its notice's ref, the copier
 * by its recorded actions). The traders signed in on this node's sockets are told what the lost account
 * pushes told (`tell`): FOREX_CLOSED for their positions closed, FOREX_FILLED for their pending orders now
 * held (also for one that filled before and changed since: the app reads its orders again, no more).
 * Nothing is read while the bus loses nothing, and nothing is added to an order's own transaction but
 * the index entry of its `updated_at`.
 */
export class MissedOrders {
  /** The orders read backs handed over: their version, and when (oldest first), kept REMEMBERED_MS. */
  private readonly handed = new Map<number, { version: number; at: number }>();
  private readonly readBacks: ReadBack;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly tell: TellTrader,
    log: ErrorLog,
  ) {
    this.readBacks = new ReadBack(bus, 'order changes', (since) => this.readBack(since), log);
  }

  start(): void {
    this.readBacks.start();
  }

  /** Stops following losses and waits for the read back under way. */
  stop(): Promise<void> {
    return this.readBacks.stop();
  }

  private async readBack(since: number): Promise<void> {
    // Real time, as the database's clock that stamps `updated_at`: the read asks for changes this old or newer.
    const now = Date.now();
    const changed = await this.db
      .select({ id: orders.id, version: orders.version })
      .from(orders)
      .where(
        sql`${orders.updatedAt} >= now() - make_interval(secs => ${(now - since + READ_BACK_MARGIN_MS) / 1000})`,
      );
    const due = changed
      .filter(({ id, version }) => version > (this.handed.get(id)?.version ?? 0))
      .map(({ id }) => id);
    const closed = new Map<number, Set<number>>();
    const filled = new Map<number, Set<number>>();
    for (let i = 0; i < due.length; i += CHUNK) {
      const rows = await this.db
        .select()
        .from(orders)
        .where(oneOf(orders.id, due.slice(i, i + CHUNK)));
      for (const order of rows) {
        this.handed.delete(order.id);
        this.handed.set(order.id, { version: order.version, at: now });
        this.bus.deliver(ORDER_CHANNEL, { order } satisfies OrderEvent);
        if (order.status === OrderStatus.closed) addTo(closed, order.userId, order.id);
        else if (order.status === OrderStatus.holding && order.pendingKind !== null)
          addTo(filled, order.userId, order.id);
      }
    }
    for (const [userId, ids] of closed) this.tell(userId, forexClosed([...ids]));
    for (const [userId, ids] of filled) this.tell(userId, forexFilled([...ids]));
    for (const [id, { at }] of this.handed) {
      if (at > now - REMEMBERED_MS) break;
      this.handed.delete(id);
    }
  }
}
