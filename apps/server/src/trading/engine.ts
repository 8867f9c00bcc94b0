import {
  accountFigures,
  isMarginCall,
  isStopOut,
  moneyText,
  type PendingKind,
  pendingDirection,
  riskRateText,
  stopLossDirection,
  stopOutSequence,
  TriggerIndex,
  type TriggerKind,
  takeProfitDirection,
} from '@meridian/core';
import { inArray } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import { Channel } from '../bus/channels';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { readSettings } from '../modules/settings';
import { addTo, removeFrom } from '../util/multimap';
import type { Tick, TradingMarket } from './market';
import { OrderStatus, orders } from './schema';
import { type CloseReason, ORDER_CHANNEL, type OrderEvent, type OrderRow, type Trading } from './service';

/** Account pushes and stop-out checks run at most this often per user (4 a second). */
export const SWEEP_MS = 250;

const KINDS: TriggerKind[] = ['pending', 'stop_loss', 'take_profit'];
const CLOSE_REASON: Record<Exclude<TriggerKind, 'pending'>, CloseReason> = {
  stop_loss: 'stop_loss',
  take_profit: 'take_profit',
};

/**
 * The trigger loop: pending fills, SL and TP on every tick from an index whose cost does not grow
 * with the triggers a tick does not reach; then, per account touched, the FOREX_TRADE push and the
 * stop-out. Executions go through Trading, whose conditional updates make each one happen once.
 */
export class Engine {
  readonly index = new TriggerIndex();
  /** Holding orders by id, and who holds what, for the account sweep. */
  private readonly holding = new Map<number, OrderRow>();
  private readonly ordersByUser = new Map<number, Set<number>>();
  private readonly usersByInstrument = new Map<number, Set<number>>();
  private readonly dirty = new Set<number>();
  private queue: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private stops: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly market: TradingMarket,
    private readonly bus: Bus,
    private readonly trading: Trading,
  ) {}

  /** Rebuilds the index from the database, then follows ticks and order changes. */
  async start(): Promise<void> {
    const open = await this.db
      .select()
      .from(orders)
      .where(inArray(orders.status, [OrderStatus.pending, OrderStatus.holding]));
    for (const order of open) this.track(order);
    this.stops.push(
      this.market.onTick((tick) => this.onTick(tick)),
      this.bus.subscribe(ORDER_CHANNEL, (event) => this.track((event as OrderEvent).order)),
    );
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.queue;
  }

  /** Waits until every execution queued so far has run (tests and shutdown). */
  idle(): Promise<unknown> {
    return this.queue;
  }

  onTick(tick: Tick): void {
    for (const trigger of this.index.crossed(tick.instrumentId, tick.price)) {
      const orderId = Number(trigger.orderId);
      this.enqueue(() =>
        trigger.kind === 'pending'
          ? this.trading.fill(orderId, tick.price)
          : this.trading.close(orderId, CLOSE_REASON[trigger.kind], { atPrice: tick.price }),
      );
    }
    const pair = this.market.tradable(tick.instrumentId)?.code;
    for (const [instrumentId, userIds] of this.usersByInstrument) {
      if (instrumentId === tick.instrumentId || (pair && this.convertsAt(instrumentId, pair))) {
        for (const userId of userIds) this.dirty.add(userId);
      }
    }
  }

  /** Whether P&L of an instrument converts to USD at this pair (EURGBP at GBPUSD): its holders' figures move with it. */
  private convertsAt(instrumentId: number, pair: string): boolean {
    const currency = this.market.tradable(instrumentId)?.terms.quoteCurrency;
    return (
      currency !== undefined && currency !== 'USD' && (pair === `${currency}USD` || pair === `USD${currency}`)
    );
  }

  /** Executions run one after another; a lost race ("already closed") is expected and ignored. */
  private enqueue(run: () => Promise<unknown>): void {
    this.queue = this.queue.then(run).catch(() => {});
  }

  /** Puts an order's triggers and holding state in step with its row. */
  track(order: OrderRow): void {
    for (const kind of KINDS) this.index.remove(order.id, kind);
    this.untrackHolding(order.id);
    const side = order.side === 1 ? 'buy' : 'sell';
    const base = { orderId: order.id, instrumentId: order.instrumentId };
    if (order.status === OrderStatus.pending && order.pendingKind) {
      const direction = pendingDirection(order.pendingKind as PendingKind);
      this.index.add({ ...base, kind: 'pending', direction, level: order.originPrice });
    }
    if (order.status === OrderStatus.holding) {
      if (Number(order.stopLoss) !== 0) {
        this.index.add({
          ...base,
          kind: 'stop_loss',
          direction: stopLossDirection(side),
          level: order.stopLoss,
        });
      }
      if (Number(order.takeProfit) !== 0) {
        this.index.add({
          ...base,
          kind: 'take_profit',
          direction: takeProfitDirection(side),
          level: order.takeProfit,
        });
      }
      this.holding.set(order.id, order);
      addTo(this.ordersByUser, order.userId, order.id);
      addTo(this.usersByInstrument, order.instrumentId, order.userId);
    }
    this.dirty.add(order.userId);
  }

  private untrackHolding(orderId: number): void {
    const order = this.holding.get(orderId);
    if (!order) return;
    this.holding.delete(orderId);
    removeFrom(this.ordersByUser, order.userId, orderId);
    const stillHolds = [...(this.ordersByUser.get(order.userId) ?? [])].some(
      (id) => this.holding.get(id)?.instrumentId === order.instrumentId,
    );
    if (!stillHolds) removeFrom(this.usersByInstrument, order.instrumentId, order.userId);
  }

  /** Per account touched since the last sweep: push its figures, and stop it out when it must be. */
  async sweep(): Promise<void> {
    if (this.dirty.size === 0) return;
    const userIds = [...this.dirty];
    this.dirty.clear();
    const settings = await readSettings(this.db);
    const balances = await this.db
      .select({ id: users.id, balance: users.balance })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const { id: userId, balance } of balances) {
      const held = [...(this.ordersByUser.get(userId) ?? [])].map((id) => this.holding.get(id)!);
      if (held.length === 0) continue;
      const marked = held.map((order) => ({ order, ...this.trading.mark(order) }));
      const figures = accountFigures(
        balance,
        marked.map((m) => ({ margin: m.order.margin, pnl: m.pnl })),
      );
      this.bus.publish(Channel.user, {
        userId,
        message: {
          type: 'FOREX_TRADE',
          code: 1,
          quotation: {
            ProfitsTotal: moneyText(figures.floatingPnl),
            HazardRate: riskRateText(figures.riskRate),
            CautionMoneyAll: moneyText(figures.usedMargin),
            MarginCall: isMarginCall(figures.riskRate, settings.margin_call_level),
            TransOrder: marked.map((m) => ({
              Id: m.order.id,
              UpdatePrice: m.updatePrice,
              FactProfits: m.factProfits,
            })),
          },
        },
      });
      if (isStopOut(figures.riskRate, settings.stop_out_level)) {
        const positions = marked.map((m) => ({ id: m.order.id, margin: m.order.margin, pnl: m.pnl }));
        const [first] = stopOutSequence(balance, positions, {
          level: settings.stop_out_level,
          negativeBalanceProtection: settings.negative_balance_protection === '1',
        });
        const order = first === undefined ? undefined : this.holding.get(first);
        const price = order && this.market.lastPrice(order.instrumentId);
        // One position at a time: the next sweep re-checks the account after this close.
        if (order && price) this.enqueue(() => this.trading.close(order.id, 'stop_out', { atPrice: price }));
      }
    }
  }
}
