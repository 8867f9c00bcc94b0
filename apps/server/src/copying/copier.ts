import { type CopyAction, OrderStatus } from '@meridian/contract';
import { copyLossLimitReached, copyLots, copyReduction, dec, sideOfOrderType } from '@meridian/core';
import type { Bus } from '../bus/bus';
import type { Db, Tx } from '../db/client';
import { AppError, refuse } from '../http/errors';
import type { OrderRow, Trading } from '../trading';
import { ORDER_CHANNEL, orderById, orderOfEvent, reserveOf } from '../trading';
import type { ErrorLog } from '../util/log';
import {
  activeCopies,
  activeCopiesOf,
  copyClientId,
  copyIsActive,
  eventsAbout,
  orderByClientId,
  ordersOutOfLine,
  pendingOrdersOf,
  recordEvent,
} from './repo';
import type { CopyRow } from './schema';
import { copyFigures, NO_FIGURES, stopCopy } from './stop';

/** How often the leader's sweep brings every copy in line (and checks loss limits). */
export const COPY_SWEEP_MS = 3_000;

const isOpen = (order: Pick<OrderRow, 'status'>) =>
  order.status === OrderStatus.pending || order.status === OrderStatus.holding;
const sameLevel = (a: string | null, b: string | null) => (a === null || b === null ? a === b : dec(a).eq(b));

/** The follower stopped the copy after the copier read it: nothing was done, and there is nothing to record. */
class StoppedMeanwhile extends Error {}

/**
 * Run in the transaction that places or closes for a copy, after its follower's account is locked (as the
 * stop locks it, `markStopped`): a copy stopped by then has nothing more done for it.
 */
const whileActive = (copy: CopyRow) => async (tx: Db | Tx) => {
  if (!(await copyIsActive(tx, copy.id))) throw new StoppedMeanwhile();
};

interface Outcome {
  order?: OrderRow;
  lots?: string;
  refusal?: AppError;
}

/**
 * Copy trading's engine, run by the leader: every change of a provider's order (the trading bus) and a
 * sweep every few seconds (which also finds what a restart or a lost message missed) bring each active
 * copy's orders in line with the provider's. Each provider event is acted on once per copy: an open is
 * placed with the client order id `copy:<provider order>`, which the trading service places once, and
 * every action is recorded under a unique key before the next look at the same order.
 */
export class Copier {
  /** Work runs one piece at a time, so an event and the sweep never act on one order together. */
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  /**
   * Providers someone copies, as the last sweep found them: the bus's other order events (nearly all of
   * them) cost no query. A copy started since is caught by the next sweep.
   */
  private providers = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly trading: Trading,
    private readonly now: () => number,
    private readonly log: ErrorLog,
  ) {}

  start(bus: Bus): void {
    this.unsubscribe = bus.subscribe(ORDER_CHANNEL, (event) => {
      const order = orderOfEvent(event);
      if (order.copyId === null && this.providers.has(order.userId)) {
        this.enqueue(() => this.providerOrderChanged(order));
      }
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.settled();
  }

  /** Resolves once the work queued so far is done. */
  settled(): Promise<void> {
    return this.queue;
  }

  /**
   * Brings every active copy in line with its provider's orders, then stops those that reached their loss
   * limit. The database says which pairs are out of line (`ordersOutOfLine`) and what every copy made
   * (`copyFigures`), each in one statement: a sweep with nothing to do costs the same however many copy.
   */
  sweep(): Promise<void> {
    return this.enqueue(async () => {
      const copies = await activeCopies(this.db);
      this.providers = new Set(copies.map((c) => c.providerId));
      const byId = new Map(copies.map((c) => [c.id, c]));
      for (const { copyId, providerOrderId } of await ordersOutOfLine(this.db)) {
        // A copy started after the read above waits for the next sweep, as the bus's events for it do.
        const copy = byId.get(copyId);
        // Read again just before: the list was made before all the work on it.
        const order = copy && (await orderById(this.db, providerOrderId));
        if (copy && order) await this.follow(copy, order);
      }
      const figures = await copyFigures(this.db, this.trading, 'active');
      for (const copy of copies) {
        const { result } = figures.get(copy.id) ?? NO_FIGURES;
        if (copyLossLimitReached(result, copy.allocation, copy.stopPercent)) {
          await stopCopy(this.db, this.trading, copy, { reason: 'loss_limit', close: true, now: this.now });
        }
      }
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch((err) => this.log('copy trading failed', err));
    return this.queue;
  }

  private async providerOrderChanged(order: OrderRow): Promise<void> {
    for (const copy of await activeCopiesOf(this.db, order.userId)) {
      if (order.createdAt >= copy.createdAt) await this.follow(copy, order);
    }
  }

  /**
   * Brings one copy's order in line with one provider order, doing only what was not done before. The sweep
   * calls it only for the pairs `ordersOutOfLine` finds: a change to what it acts on belongs there too.
   */
  private async follow(copy: CopyRow, order: OrderRow): Promise<void> {
    const events = await eventsAbout(this.db, copy.id, order.id);
    const opened = events.find((e) => e.action === 'open' || e.action === 'pending');
    if (!opened) {
      // A provider order that closed before it was seen was never copied: nothing to undo.
      if (isOpen(order)) await this.open(copy, order);
      return;
    }
    const mine =
      opened.followerOrderId === null ? undefined : await orderById(this.db, opened.followerOrderId);
    if (!mine || !isOpen(mine)) return;
    if (isOpen(order)) {
      const last = events.filter((e) => e.action !== 'close' && e.action !== 'cancel').at(-1)!;
      // A provider's lots only ever go down: closed in part.
      if (mine.status === OrderStatus.holding && dec(order.lots).lt(last.providerLots)) {
        if (!(await this.reduce(copy, order, mine, last.providerLots))) return;
      }
      // A trailing stop moves the follower's own stop as it moves the provider's: only a new distance is copied.
      const trailsAlike =
        order.trailingDistance !== null && sameLevel(mine.trailingDistance, order.trailingDistance);
      const stopAlike = trailsAlike || sameLevel(last.stopLoss, order.stopLoss);
      if (
        stopAlike &&
        sameLevel(last.takeProfit, order.takeProfit) &&
        sameLevel(mine.trailingDistance, order.trailingDistance)
      )
        return;
      await this.record(copy, order, 'stops', order.version, async () => {
        // No hook in its transaction: checked just before (a sweep read every copy once, earlier).
        await whileActive(copy)(this.db);
        const stops = {
          stopLoss: order.stopLoss,
          takeProfit: order.takeProfit,
          trailingDistance: order.trailingDistance,
        };
        return { order: await this.trading.setStops(copy.followerId, mine.id, stops), lots: mine.lots };
      });
      return;
    }
    if (mine.status === OrderStatus.holding) {
      await this.record(copy, order, 'close', 0, async () => ({
        order: await this.trading.close(mine.id, 'provider_closed', {
          userId: copy.followerId,
          within: whileActive(copy),
        }),
        lots: mine.lots,
      }));
    } else {
      await this.record(copy, order, 'cancel', 0, async () => {
        // As for stops: checked just before.
        await whileActive(copy)(this.db);
        return { order: await this.trading.cancel(copy.followerId, mine.id), lots: mine.lots };
      });
    }
  }

  /**
   * Closes the share of the follower's position that the provider closed of theirs (`copyReduction`);
   * false when that was all of it.
   */
  private async reduce(
    copy: CopyRow,
    order: OrderRow,
    mine: OrderRow,
    providerBefore: string,
  ): Promise<boolean> {
    let all = false;
    await this.record(copy, order, 'reduce', order.version, async () => {
      const terms = this.trading.market.tradable(order.instrumentId)?.terms;
      if (!terms) return { refusal: refuse('instrument_unknown') };
      const size = copyReduction(terms, mine.lots, providerBefore, order.lots);
      if ('refused' in size) return { refusal: refuse(size.refused, { min: String(terms.minLots) }) };
      all = dec(size.lots).eq(mine.lots);
      const closed = await this.trading.close(mine.id, 'provider_closed', {
        userId: copy.followerId,
        lots: size.lots,
        within: whileActive(copy),
      });
      return { order: closed, lots: size.lots };
    });
    return !all;
  }

  /** Places the follower's copy of a provider order: a pending order as pending, anything else at the market. */
  private async open(copy: CopyRow, order: OrderRow): Promise<void> {
    const action: CopyAction = order.status === OrderStatus.pending ? 'pending' : 'open';
    await this.record(copy, order, action, 0, async () => {
      const clientOrderId = copyClientId(order.id);
      // Placed before a restart that came before its record: the same order, recorded now.
      const placed = await orderByClientId(this.db, copy.followerId, clientOrderId);
      if (placed) return { order: placed, lots: placed.lots };
      const terms = this.trading.market.tradable(order.instrumentId)?.terms;
      if (!terms) return { refusal: refuse('instrument_unknown') };
      const size = copyLots(terms, order.lots, copy.allocation, await this.providerEquity(copy.providerId));
      if ('refused' in size) return { refusal: refuse(size.refused, { min: String(terms.minLots) }) };
      const placedNow = await this.trading.place(copy.followerId, {
        side: sideOfOrderType(order.side),
        instrumentId: order.instrumentId,
        lots: size.lots,
        leverage: order.leverage,
        pendingTarget: action === 'pending' ? order.originPrice : null,
        stopLoss: order.stopLoss,
        takeProfit: order.takeProfit,
        trailingDistance: order.trailingDistance,
        clientOrderId,
        copyId: copy.id,
        guard: whileActive(copy),
      });
      return { order: placedNow, lots: size.lots };
    });
  }

  /**
   * Does an action once: a refusal of the trading rules is recorded as the reason it could not be
   * copied; any other error is left unrecorded, so the next sweep tries again.
   */
  private async record(
    copy: CopyRow,
    order: OrderRow,
    action: CopyAction,
    version: number,
    act: () => Promise<Outcome>,
  ): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await act();
    } catch (err) {
      if (err instanceof StoppedMeanwhile) return;
      if (!(err instanceof AppError)) throw err;
      outcome = { refusal: err };
    }
    await recordEvent(this.db, copy, {
      providerOrderId: order.id,
      action,
      // A failure has a key of its own: a close retried after one is recorded again when it succeeds.
      providerVersion: outcome.refusal ? -1 - version : version,
      showCode: order.showCode,
      side: order.side,
      providerLots: order.lots,
      followerOrderId: outcome.order?.id ?? null,
      lots: outcome.lots ?? null,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
      ok: !outcome.refusal,
      reason: outcome.refusal?.key ?? null,
      reasonParams: outcome.refusal ? stringParams(outcome.refusal.params) : null,
      createdAt: new Date(this.now()),
    });
  }

  /** The provider's equity with what their pending orders hold back: all the money their sizes are chosen from. */
  private async providerEquity(providerId: number) {
    const account = await this.trading.account(this.db, providerId, false);
    const reserved = (await pendingOrdersOf(this.db, providerId)).map(reserveOf);
    return reserved.reduce(
      (sum, r) => sum.plus(r),
      this.trading.figures(account.balance, account.books).equity,
    );
  }
}

const stringParams = (params: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
