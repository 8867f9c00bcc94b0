import { setImmediate as nextTurn } from 'node:timers/promises';
import { OrderStatus } from '@meridian/contract';
import {
  type AccountFigures,
  accountFigures,
  closePrice,
  type Dec,
  dec,
  isMarginCall,
  isStopOut,
  type PendingKind,
  pendingDirection,
  QuoteTriggerIndex,
  riskRateText,
  sideOfOrderType,
  stopLossDirection,
  stopOutPlan,
  type TriggerKind,
  takeProfitDirection,
  trailedStop,
  triggerSide,
} from '@meridian/core';
import { inArray } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import { userChannelOf } from '../bus/channels';
import type { Db } from '../db/client';
import { oneOf } from '../db/id-list';
import { users } from '../db/schema';
import { readSettings, type Settings } from '../settings';
import type { ErrorLog } from '../util/log';
import { addTo, removeFrom } from '../util/multimap';
import type { Position } from './book';
import type { Triggered, TriggeredOutcome } from './close';
import { MARGIN_CALL_CHANNEL, type MarginCallEvent, ORDER_CHANNEL, orderOfEvent } from './events';
import { Executions } from './executions';
import type { FillOutcome, PendingTriggered } from './fill';
import type { Tick, TradingMarket } from './market';
import { forexTrade } from './pushes';
import { lostToAnotherExecution, waitsForALivePrice } from './refusals';
import { type OrderRow, orders } from './schema';
import type { Trading } from './service';
import { Watchers } from './watchers';

/** Account pushes and stop-out checks run at most this often per user (4 a second). */
export const SWEEP_MS = 250;
/** The index is checked against the database this often, for changes whose bus message was lost. */
export const RESYNC_MS = 60_000;
/** A closed order's version is remembered this long, so a late message about it cannot bring it back. */
const TOMBSTONE_MS = 10 * 60_000;
/** Rows read back from the database per statement: a statement's work stays bounded. */
const READ_CHUNK = 10_000;
/**
 * Positions a sweep marks between two turns of the event loop: a tick makes every holder of its
 * instrument due, and marking them all in one go held every order in flight behind it (order-place p99).
 */
const SWEEP_SLICE = 250;
/**
 * Executions that may run at once, each on its own account: the pool has 10 connections, and requests need
 * some while a gap's stops settle.
 */
const EXECUTION_LANES = 4;
/** The most SL/TP closes or pending fills one transaction of a gap settles (whole accounts; `Engine.inBatches`). */
const BATCH_ORDERS = 100;

const KINDS: TriggerKind[] = ['pending', 'stop_loss', 'take_profit'];
const CLOSE_REASON: Record<Exclude<TriggerKind, 'pending'>, Triggered['reason']> = {
  stop_loss: 'stop_loss',
  take_profit: 'take_profit',
};
const isOpen = (order: Pick<OrderRow, 'status'>) =>
  order.status === OrderStatus.pending || order.status === OrderStatus.holding;

/** What the engine keeps of a holding order: what marking it, trailing its stop and the sweep read. */
type Held = Position &
  Pick<OrderRow, 'id' | 'userId' | 'stopLoss' | 'trailingDistance'> & {
    /** The margin parsed once: every sweep of the account adds it up. */
    usedMargin: Dec;
  };

/** The settings' margin-call and stop-out levels, parsed once a sweep, not once an account. */
interface Levels {
  marginCall: Dec;
  stopOut: Dec;
}
const levelsOf = (settings: Settings): Levels => ({
  marginCall: dec(settings.margin_call_level),
  stopOut: dec(settings.stop_out_level),
});

/** Distinct texts kept once each at most: past it, texts are kept as they come (nothing grows without bound). */
const MAX_TERMS = 4096;

/**
 * One copy of each of the few texts that recur across positions (lots, contract sizes, spreads, currencies):
 * every row read from the database brings its own copies of them.
 */
class Terms {
  private readonly texts = new Map<string, string>();

  of(text: string): string {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    if (this.texts.size < MAX_TERMS) this.texts.set(text, text);
    return text;
  }
}

/**
 * The trigger loop: pending fills, SL and TP on every tick from an index whose cost does not grow
 * with the triggers a tick does not reach; then, per account touched, the FOREX_TRADE push and the
 * stop-out. Executions go through Trading, whose conditional updates make each one happen once.
 *
 * The engine's view follows the database, not the bus: a row is applied only if its version is newer
 * than the one held (messages may arrive late or out of order), and the whole view is checked against
 * the database every RESYNC_MS and whenever the bus may have lost messages (`Bus.onLoss`).
 */
export class Engine {
  readonly index = new QuoteTriggerIndex();
  /** Holding orders by id, and who holds what, for the account sweep. */
  private readonly holding = new Map<number, Held>();
  private readonly terms = new Terms();
  private readonly ordersByUser = new Map<number, Set<number>>();
  private readonly usersByInstrument = new Map<number, Set<number>>();
  /** Holding orders with a trailing stop, by instrument. */
  private readonly trailingByInstrument = new Map<number, Set<number>>();
  /** Where a trailing stop has moved to and is being written, by order (the latest level only). */
  private readonly trails = new Map<number, string>();
  /** The version of every open order the engine follows. */
  private readonly versions = new Map<number, number>();
  /** The version of orders seen closed or cancelled, and when (oldest first), for TOMBSTONE_MS. */
  private readonly tombstones = new Map<number, { version: number; at: number }>();
  /** Orders whose execution failed and whose triggers must be read back from the database. */
  private readonly toReload = new Set<number>();
  private readonly dirty = new Set<number>();
  /** Instruments ticked since the last sweep: their holders are due (a tick costs the same however many hold it). */
  private readonly ticked = new Set<number>();
  /** Accounts last swept in margin call: the call is told once, when it starts. */
  private readonly inMarginCall = new Set<number>();
  /** Whose figures are pushed: accounts signed in on a socket of some node. */
  private readonly watchers: Watchers;
  /** Whose each open order is: executions queue by account. */
  private readonly owners = new Map<number, number>();
  private readonly executions: Executions;
  /** The sweep running or last run: sweeps run one after another (see `sweep`). */
  private sweeping: Promise<void> = Promise.resolve();
  /** The sweep waiting for the running one, if any: it takes every account made due meanwhile. */
  private nextSweep: Promise<void> | null = null;
  /** Accounts whose holdings moved since the running sweep read the balances. */
  private readonly movedSinceRead = new Set<number>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private stops: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly market: TradingMarket,
    private readonly bus: Bus,
    private readonly trading: Trading,
    private readonly log: ErrorLog,
  ) {
    this.executions = new Executions(EXECUTION_LANES, (err) => this.log('execution failed', err));
    this.watchers = new Watchers(bus, (userIds) => {
      for (const userId of userIds) if (this.ordersByUser.has(userId)) this.dirty.add(userId);
    });
  }

  /** Builds the index from the database, then follows ticks, order changes and the schedule. */
  async start(): Promise<void> {
    this.stops.push(
      this.market.onTick((tick) => this.onTick(tick)),
      this.bus.subscribe(ORDER_CHANNEL, (event) => this.apply(orderOfEvent(event))),
      this.bus.onLoss(() => this.resyncSoon('the bus lost messages')),
      () => this.watchers.close(),
    );
    this.watchers.start();
    await this.resync();
    this.timers = [
      setInterval(() => void this.sweep(), SWEEP_MS),
      setInterval(() => this.resyncSoon('scheduled'), RESYNC_MS),
    ];
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    for (const stop of this.stops) stop();
    this.stops = [];
    await this.sweeping;
    await this.executions.idle();
  }

  /** Waits until every execution queued so far has run (tests and shutdown). */
  idle(): Promise<void> {
    return this.executions.idle();
  }

  onTick(tick: Tick): void {
    this.trail(tick);
    const closes: Triggered[] = [];
    const fills: PendingTriggered[] = [];
    for (const trigger of this.index.crossed(tick.instrumentId, tick)) {
      const orderId = Number(trigger.orderId);
      const userId = this.owners.get(orderId);
      if (userId === undefined) this.log(`order ${orderId}: fired but not followed`);
      else if (trigger.kind === 'pending') fills.push({ orderId, userId });
      else closes.push({ orderId, userId, reason: CLOSE_REASON[trigger.kind] });
    }
    this.fillTriggered(tick.instrumentId, fills);
    this.closeTriggered(closes);
    this.ticked.add(tick.instrumentId);
  }

  /**
   * Queues a tick's pending fills: alone, as any execution, when one or when the instrument has an exposure
   * limit (its lock comes before the account's, one order at a time); many (a gap), in batches of whole
   * accounts (`Trading.fillTriggered`), every order of a batch that fails as a whole filled on its own.
   */
  private fillTriggered(instrumentId: number, fills: PendingTriggered[]): void {
    if (fills.length === 1 || (this.market.tradable(instrumentId)?.exposureLimit ?? null) !== null) {
      for (const { orderId } of fills) this.enqueue(orderId, () => this.trading.fill(orderId));
      return;
    }
    this.inBatches(fills, async (batch) => {
      let outcomes: FillOutcome[];
      try {
        outcomes = await this.trading.fillTriggered(batch);
      } catch (err) {
        this.log(`a batch of ${batch.length} fills failed and was rolled back; each fills on its own`, err);
        for (const { orderId } of batch) await this.execute(orderId, () => this.trading.fill(orderId));
        return;
      }
      for (const outcome of outcomes)
        if ('failure' in outcome) await this.executionFailed(outcome.orderId, outcome.failure);
    });
  }

  /**
   * Queues a tick's SL and TP closes: alone, as any execution; many (a gap), in batches of whole accounts
   * (`Trading.closeTriggered`), every order of a batch that fails as a whole closed on its own.
   */
  private closeTriggered(closes: Triggered[]): void {
    if (closes.length === 1) {
      const [{ orderId, userId, reason }] = closes as [Triggered];
      this.executions.run(userId, () =>
        this.execute(orderId, () => this.trading.close(orderId, reason, { userId })),
      );
      return;
    }
    this.inBatches(closes, async (batch) => {
      let outcomes: TriggeredOutcome[];
      try {
        outcomes = await this.trading.closeTriggered(batch);
      } catch (err) {
        this.log(`a batch of ${batch.length} closes failed and was rolled back; each closes on its own`, err);
        for (const { orderId, userId, reason } of batch)
          await this.execute(orderId, () => this.trading.close(orderId, reason, { userId }));
        return;
      }
      for (const { orderId, refusal } of outcomes) if (refusal) await this.executionFailed(orderId, refusal);
    });
  }

  /**
   * Queues `settle` for batches of whole accounts' orders, up to BATCH_ORDERS each (an account with more is
   * a batch of its own), each behind the executions of all its accounts, accounts in id order.
   */
  private inBatches<T extends { userId: number }>(orders: T[], settle: (batch: T[]) => Promise<void>): void {
    const byAccount = new Map<number, Set<T>>();
    for (const order of orders) addTo(byAccount, order.userId, order);
    let batch: T[] = [];
    let accounts: number[] = [];
    const flush = () => {
      const [these, theirs] = [batch, accounts];
      if (these.length > 0) this.executions.runAcross(theirs, () => settle(these));
      [batch, accounts] = [[], []];
    };
    for (const [account, ofAccount] of [...byAccount].sort(([a], [b]) => a - b)) {
      if (batch.length + ofAccount.size > BATCH_ORDERS) flush();
      batch.push(...ofAccount);
      accounts.push(account);
    }
    flush();
  }

  /**
   * Moves the trailing stops of a tick's instrument that the price has carried further in their favour:
   * the trigger at once, the row through one queued write per order, which takes the latest level when it runs.
   */
  private trail(tick: Tick): void {
    const ids = this.trailingByInstrument.get(tick.instrumentId);
    const precision = this.market.tradable(tick.instrumentId)?.terms.pricePrecision;
    if (!ids || precision === undefined) return;
    for (const id of ids) {
      const order = this.holding.get(id)!;
      const side = sideOfOrderType(order.side);
      const stop = this.trails.get(id) ?? order.stopLoss;
      // It trails the price the position closes at: a buy's the bid.
      const exit = closePrice(side, tick);
      const level = trailedStop(side, exit, order.trailingDistance!, stop, precision)?.toFixed();
      if (level === undefined) continue;
      this.index.add(
        {
          orderId: id,
          instrumentId: order.instrumentId,
          kind: 'stop_loss',
          direction: stopLossDirection(side),
          level,
        },
        triggerSide('stop_loss', side),
      );
      const queued = this.trails.has(id);
      this.trails.set(id, level);
      if (queued) continue;
      this.enqueue(id, async () => {
        const latest = this.trails.get(id);
        this.trails.delete(id);
        if (latest !== undefined) await this.trading.trail(id, side, latest);
      });
    }
  }

  /** Whether P&L of an instrument converts to USD at this pair (EURGBP at GBPUSD): its holders' figures move with it. */
  private convertsAt(instrumentId: number, pair: string): boolean {
    const currency = this.market.tradable(instrumentId)?.terms.quoteCurrency;
    return (
      currency !== undefined && currency !== 'USD' && (pair === `${currency}USD` || pair === `USD${currency}`)
    );
  }

  /**
   * Queues an order's execution behind its account's earlier ones (`Executions`); it runs at the live
   * price when it runs. A lost race ("already closed") is expected; any other failure (the database away,
   * an instrument not loaded) must not lose the order's triggers, which the index gave up when they fired:
   * the order is read back from the database and followed again.
   */
  private enqueue(orderId: number, run: (userId: number) => Promise<unknown>): void {
    const account = this.owners.get(orderId);
    if (account === undefined) {
      this.log(`order ${orderId}: fired but not followed`);
      return;
    }
    this.executions.run(account, () => this.execute(orderId, () => run(account)));
  }

  private async execute(orderId: number, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (err) {
      await this.executionFailed(orderId, err);
    }
  }

  private async executionFailed(orderId: number, err: unknown): Promise<void> {
    if (lostToAnotherExecution(err)) return;
    // No live price when it ran (stale, or the market closed since the tick): it waits for the next tick.
    if (!waitsForALivePrice(err))
      this.log(`order ${orderId}: execution failed, its triggers are read back`, err);
    this.toReload.add(orderId);
    await this.reload().catch((e) => this.log('orders could not be read back; the next resync will', e));
  }

  /** Executions waiting or running now: what /metrics reports as the engine's backlog. */
  get queueDepth(): number {
    return this.executions.depth;
  }

  /** Applies an order's row if it is newer than the one held (or `force`d: read back after a failure). */
  apply(order: OrderRow, force = false): void {
    const known = this.versions.get(order.id) ?? this.tombstones.get(order.id)?.version ?? 0;
    if (!force && order.version <= known) return;
    if (isOpen(order)) {
      this.versions.set(order.id, order.version);
      this.owners.set(order.id, order.userId);
      this.tombstones.delete(order.id);
    } else {
      this.versions.delete(order.id);
      this.owners.delete(order.id);
      this.tombstones.delete(order.id);
      this.tombstones.set(order.id, { version: order.version, at: this.trading.now() });
    }
    this.track(order);
  }

  /** Puts an order's triggers and holding state in step with its row. */
  private track(order: OrderRow): void {
    for (const kind of KINDS) this.index.remove(order.id, kind);
    this.untrackHolding(order.id);
    const side = sideOfOrderType(order.side);
    const { id: orderId, instrumentId } = order;
    if (order.status === OrderStatus.pending && order.pendingKind) {
      const direction = pendingDirection(order.pendingKind as PendingKind);
      this.index.add(
        { orderId, instrumentId, kind: 'pending', direction, level: order.originPrice },
        triggerSide('pending', side),
      );
    }
    if (order.status === OrderStatus.holding) {
      if (order.stopLoss !== null) {
        const direction = stopLossDirection(side);
        this.index.add(
          { orderId, instrumentId, kind: 'stop_loss', direction, level: order.stopLoss },
          triggerSide('stop_loss', side),
        );
      }
      if (order.takeProfit !== null) {
        const direction = takeProfitDirection(side);
        this.index.add(
          { orderId, instrumentId, kind: 'take_profit', direction, level: order.takeProfit },
          triggerSide('take_profit', side),
        );
      }
      this.holding.set(order.id, this.heldOf(order));
      if (order.trailingDistance !== null) addTo(this.trailingByInstrument, order.instrumentId, order.id);
      addTo(this.ordersByUser, order.userId, order.id);
      addTo(this.usersByInstrument, order.instrumentId, order.userId);
    }
    this.dirty.add(order.userId);
    this.movedSinceRead.add(order.userId);
  }

  /** A holding order's fields the engine reads, without the rest of its row (dates, fees, texts): 100,000 rows add up. */
  private heldOf(o: OrderRow): Held {
    const { terms } = this;
    return {
      id: o.id,
      userId: o.userId,
      instrumentId: o.instrumentId,
      side: o.side,
      lots: terms.of(o.lots),
      price: o.price,
      contractSize: terms.of(o.contractSize),
      margin: o.margin,
      usedMargin: dec(o.margin),
      swap: o.swap,
      quoteCurrency: terms.of(o.quoteCurrency),
      stopLoss: o.stopLoss,
      trailingDistance: o.trailingDistance,
    };
  }

  private untrackHolding(orderId: number): void {
    const order = this.holding.get(orderId);
    if (!order) return;
    this.holding.delete(orderId);
    removeFrom(this.trailingByInstrument, order.instrumentId, orderId);
    removeFrom(this.ordersByUser, order.userId, orderId);
    const stillHolds = [...(this.ordersByUser.get(order.userId) ?? [])].some(
      (id) => this.holding.get(id)?.instrumentId === order.instrumentId,
    );
    if (!stillHolds) removeFrom(this.usersByInstrument, order.instrumentId, order.userId);
  }

  /** Reads back the orders whose execution failed and follows them as the database has them. */
  private async reload(): Promise<void> {
    const ids = [...this.toReload];
    for (const row of await this.read(ids)) this.apply(row, true);
    for (const id of ids) this.toReload.delete(id);
  }

  private async read(ids: number[]): Promise<OrderRow[]> {
    const rows: OrderRow[] = [];
    for (let i = 0; i < ids.length; i += READ_CHUNK) {
      rows.push(
        ...(await this.db
          .select()
          .from(orders)
          .where(oneOf(orders.id, ids.slice(i, i + READ_CHUNK)))),
      );
    }
    return rows;
  }

  private resyncSoon(why: string): void {
    this.resync().catch((err) => this.log(`engine resync (${why}) failed; it runs again`, err));
  }

  /**
   * Puts the engine's view in step with the database: every open order's version is compared with the
   * one held, and an order read back when it is newer, when the engine follows an order the database no
   * longer has open, or when its execution failed. Rows read back are applied only if newer, so a change
   * that arrives by the bus meanwhile is never undone.
   */
  async resync(): Promise<void> {
    const open = await this.db
      .select({ id: orders.id, version: orders.version })
      .from(orders)
      .where(inArray(orders.status, [OrderStatus.pending, OrderStatus.holding]));
    const openIds = new Set<number>();
    const behind: number[] = [];
    for (const { id, version } of open) {
      openIds.add(id);
      if ((this.versions.get(id) ?? this.tombstones.get(id)?.version ?? 0) < version) behind.push(id);
    }
    for (const id of this.versions.keys()) if (!openIds.has(id)) behind.push(id);
    for (const row of await this.read(behind)) this.apply(row);
    await this.reload();
    const old = this.trading.now() - TOMBSTONE_MS;
    for (const [id, { at }] of this.tombstones) {
      if (at > old) break;
      this.tombstones.delete(id);
    }
  }

  /**
   * Per account touched since the last sweep: push its figures, and stop it out when it must be. A
   * position is closed by stop-out only at a live price (open market, fresh quote); an account whose
   * remaining positions have none waits for one. An account whose sweep fails is swept again. The marking
   * gives the event loop a turn every SWEEP_SLICE positions; an account whose holdings moved meanwhile is
   * swept again at a balance read after the move. Sweeps run one after another, so that an account's
   * pushes leave in the order its balances were read.
   */
  sweep(): Promise<void> {
    // One waits at most: a timer firing faster than sweeps finish must not queue them without end.
    if (!this.nextSweep) {
      this.nextSweep = this.sweeping.then(() => {
        this.nextSweep = null;
        return this.sweepDue();
      });
      this.sweeping = this.nextSweep;
    }
    return this.nextSweep;
  }

  /** Makes due the holders of the instruments ticked since the last sweep, and of those converting at them. */
  private holdersOfTicked(): void {
    const pairs = [...this.ticked].map((id) => this.market.tradable(id)?.code);
    for (const [instrumentId, userIds] of this.usersByInstrument) {
      const moved =
        this.ticked.has(instrumentId) || pairs.some((pair) => pair && this.convertsAt(instrumentId, pair));
      if (moved) for (const userId of userIds) this.dirty.add(userId);
    }
    this.ticked.clear();
  }

  private async sweepDue(): Promise<void> {
    this.holdersOfTicked();
    if (this.dirty.size === 0) return;
    const userIds = [...this.dirty];
    this.dirty.clear();
    try {
      const levels = levelsOf(await readSettings(this.db));
      const moved = await this.sweepAt(userIds, levels, true);
      // Their balances may be from before the move: read again and swept at once, in one go.
      if (moved.length > 0) await this.sweepAt(moved, levels, false);
    } catch (err) {
      this.log('account sweep failed, its accounts are swept again', err);
      for (const userId of userIds) this.dirty.add(userId);
    }
  }

  /**
   * Sweeps `userIds` at balances read now. `sliced`, it gives the event loop a turn every SWEEP_SLICE
   * positions and returns, unswept, the accounts whose holdings moved after the read.
   */
  private async sweepAt(userIds: number[], levels: Levels, sliced: boolean): Promise<number[]> {
    this.movedSinceRead.clear();
    const balances: { id: number; balance: string }[] = [];
    for (let i = 0; i < userIds.length; i += READ_CHUNK) {
      balances.push(
        ...(await this.db
          .select({ id: users.id, balance: users.balance })
          .from(users)
          .where(oneOf(users.id, userIds.slice(i, i + READ_CHUNK)))),
      );
    }
    const moved: number[] = [];
    let positions = 0;
    for (const { id: userId, balance } of balances) {
      if (sliced && positions >= SWEEP_SLICE) {
        positions = 0;
        await nextTurn();
      }
      if (sliced && this.movedSinceRead.has(userId)) {
        moved.push(userId);
        continue;
      }
      positions += this.ordersByUser.get(userId)?.size ?? 0;
      try {
        this.sweepAccount(userId, balance, levels);
      } catch (err) {
        this.log(`account ${userId}: sweep failed, it is swept again`, err);
        this.dirty.add(userId);
      }
    }
    return moved;
  }

  /** A margin call is told when it starts, whether or not anyone watches the account; leaving it re-arms it. */
  private tellMarginCall(userId: number, marginCall: boolean, riskRate: AccountFigures['riskRate']): void {
    if (!marginCall) {
      this.inMarginCall.delete(userId);
      return;
    }
    if (this.inMarginCall.has(userId)) return;
    this.inMarginCall.add(userId);
    this.bus.publish(MARGIN_CALL_CHANNEL, { userId, rate: riskRateText(riskRate) } satisfies MarginCallEvent);
  }

  private sweepAccount(userId: number, balance: string, levels: Levels): void {
    const held = [...(this.ordersByUser.get(userId) ?? [])].map((id) => this.holding.get(id)!);
    if (held.length === 0) {
      this.inMarginCall.delete(userId);
      return;
    }
    const marked = held.map((order) => ({
      id: order.id,
      margin: order.usedMargin,
      ...this.trading.mark(order),
    }));
    const figures = accountFigures(balance, marked);
    // Built only for an account someone watches: most of those swept are not, and need the figures alone.
    const nodes = this.watchers.nodesOf(userId);
    if (nodes.length > 0) {
      const message = forexTrade(figures, marked, levels.marginCall);
      // Each on its node's own channel: a node reads only its users' figures.
      for (const node of nodes) this.bus.publish(userChannelOf(node), { userId, message });
    }
    this.tellMarginCall(userId, isMarginCall(figures.riskRate, levels.marginCall), figures.riskRate);
    if (!isStopOut(figures.riskRate, levels.stopOut)) return;
    const now = this.trading.now();
    const live = new Map(
      held.map((order) => [order.id, this.market.priceState(order.instrumentId, now)] as const),
    );
    const positions = marked.map((m) => ({
      id: m.id,
      margin: m.margin,
      pnl: m.pnl,
      closable: live.get(m.id)?.state === 'open',
    }));
    const [first] = stopOutPlan(balance, positions, { level: levels.stopOut }).close;
    const state = first === undefined ? undefined : live.get(first);
    // One position at a time: the next sweep re-checks the account after this close.
    if (first !== undefined && state?.state === 'open') {
      this.enqueue(first, async () => {
        try {
          await this.trading.close(first, 'stop_out', { userId });
        } finally {
          this.dirty.add(userId);
        }
      });
    }
  }
}
