import { OrderStatus } from '@meridian/contract';
import {
  type AccountFigures,
  accountFigures,
  bookPnl,
  canPay,
  checkFunds,
  checkOrder,
  checkPartialClose,
  checkStops,
  checkTrailingDistance,
  classifyPending,
  closePrice,
  closingAmount,
  type Dec,
  dec,
  floatingPnl,
  type Instrument,
  isStopOut,
  moneyText,
  OrderType,
  orderCost,
  type PartialCloseRefusal,
  priceInput,
  priceText,
  type Refusal,
  roundMoney,
  type Side,
  type Stops,
  sideOfOrderType,
  splitPosition,
  stopLevel,
  trailedStop,
  usdConversion,
} from '@meridian/core';
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Bus } from '../bus/bus';
import { Channel } from '../bus/channels';
import type { Db, Tx } from '../db/client';
import { type AdvisoryLock, onConnection } from '../db/prepared';
import { AppError, refuse } from '../http/errors';
import type { MessageKey } from '../i18n';
import { type Entry, lockAccount, postAll } from '../ledger/post';
import { type Book, bookOf, type Marked, type Position } from './book';
import { ORDER_CHANNEL, type OrderEvent } from './events';
import { breaksLimit, exposureLock, lockExposure } from './exposure';
import type { Tradable, TradingMarket } from './market';
import { payNegativeBalance, reserveOf } from './negative-balance';
import {
  type AccountState,
  ATTEMPTS,
  insertOrder,
  lockForOrder,
  lostRace,
  PG_STEPS,
  readAccount,
  type Steps,
} from './orders.repo';
import { forexClosed, forexFilled } from './pushes';
import { type OrderRow, orders } from './schema';
import { swapSettlement } from './swaps';

export type CloseReason =
  | 'user'
  | 'take_profit'
  | 'stop_loss'
  | 'stop_out'
  | 'operator'
  | 'demo_reset'
  | 'provider_closed'
  | 'copy_stopped';

/**
 * Where positions of an instrument, side and spread close now: the price, and the USD rate the P&L of
 * their quote currency converts at.
 */
interface Exit {
  last: string;
  tradable: Tradable;
  rate: string;
  price: Dec;
  /** The price as the order list shows it. */
  text: string;
}

/** The trading terms of an order: the instrument's, but for what the order keeps as it was placed. */
function termsOf(order: OrderRow, tradable: Tradable): Instrument {
  const { contractSize, spreadRate, quoteCurrency, feeRate } = order;
  return { ...tradable.terms, contractSize, spreadRate, quoteCurrency, feeRate };
}

export interface TradingOptions {
  /** Other connections write to the database at the same time (PostgreSQL, any number of nodes). */
  concurrent?: boolean;
}

export interface PlaceOrder {
  side: Side;
  instrumentId: number;
  lots: string;
  leverage: number;
  /** Null for a market order. */
  pendingTarget: string | null;
  /** Null when none is set. */
  stopLoss: string | null;
  takeProfit: string | null;
  /** A trailing stop's distance in price units; null for none. */
  trailingDistance?: string | null;
  clientOrderId?: string;
  /** The copy (copy trading) placing it for its follower. */
  copyId?: number;
  /** Runs in the placing transaction once the account is locked; what it throws places nothing. */
  guard?: (tx: Db | Tx) => Promise<void>;
}

const sideOf = (order: Pick<OrderRow, 'side'>): Side => sideOfOrderType(order.side);

/** Cancels a pending order its fill refused, and refunds its reserve (margin and fee) with its ledger row. */
async function cancelAtFill(
  tx: Tx,
  pending: OrderRow,
  reason: 'insufficient_margin' | 'exposure_limit' | 'account_disabled',
  now: Date,
): Promise<OrderRow | null> {
  const [cancelled] = await tx
    .update(orders)
    .set({ status: OrderStatus.cancelled, closeReason: reason, closedAt: now })
    .where(and(eq(orders.id, pending.id), eq(orders.status, OrderStatus.pending)))
    .returning();
  // The trader's cancel committed between our read and the account's lock: it has refunded already.
  if (!cancelled) return null;
  await postAll(tx, pending.userId, 'balance', [
    { refType: 'order', refId: pending.id, type: 'pending_refund', amount: reserveOf(cancelled).toFixed() },
  ]);
  return cancelled;
}

/** Refusal reasons of the core rules are message keys too; some carry the instrument's limits. */
function orderRefusal(
  refusal: Refusal | PartialCloseRefusal | 'trailing_invalid' | 'market_closed' | 'price_unavailable',
  tradable: Tradable,
): AppError {
  const { terms } = tradable;
  return refuse(refusal satisfies MessageKey, {
    step: String(terms.lotStep),
    min: String(terms.minLots),
    max: String(terms.maxLots ?? ''),
  });
}

/** A trailing distance, when asked, must be a price difference less than where the order opens. */
function trailingRefusal(terms: Instrument, input: PlaceOrder, market: string): 'trailing_invalid' | null {
  if (!input.trailingDistance) return null;
  return checkTrailingDistance(input.trailingDistance, input.pendingTarget ?? market, terms.pricePrecision);
}

/** Refusals an execution may lose a race with: the order moved on before it, and there is nothing to retry. */
const RACE_LOST: ReadonlySet<string> = new Set([
  'order_already_closed',
  'order_not_holding',
  'order_not_found',
]);
export const lostToAnotherExecution = (err: unknown) =>
  err instanceof StopOutLifted || RACE_LOST.has((err as { key?: unknown } | undefined)?.key as string);

/** Refusals of an execution that found no live price when it ran: its trigger waits for the next one. */
const NO_LIVE_PRICE: ReadonlySet<string> = new Set(['price_unavailable', 'market_closed']);
export const waitsForALivePrice = (err: unknown) =>
  NO_LIVE_PRICE.has((err as { key?: unknown } | undefined)?.key as string);

/**
 * A stop-out the locked account no longer calls for: money arrived (a deposit, an operator's credit) or the
 * price came back between the sweep's balance read and the close. Nothing closes; the account is swept again.
 */
export class StopOutLifted extends Error {}

/**
 * Placing, filling, closing and cancelling orders. Every change of money locks the account row first
 * and moves the balance with its ledger row in the same transaction; every status change is a
 * conditional update, so an order fills once and closes once whatever races.
 */
/** Orders this node placed, and positions it closed by reason, since it started (read by /metrics). */
export interface TradingCounts {
  placed: number;
  closed: Map<CloseReason, number>;
}

export class Trading {
  readonly counts: TradingCounts = { placed: 0, closed: new Map() };
  /** The close price of each instrument, side, spread and quote currency at its last price (see `exitOf`). */
  private readonly exits = new Map<string, Exit>();
  /** Each holding order's book, made once per row (a changed order is a new row), and its last mark. */
  private readonly rowMarks = new WeakMap<Position, { book: Book; at?: Exit; marked?: Marked }>();

  constructor(
    readonly db: Db,
    readonly market: TradingMarket,
    private readonly bus: Bus,
    readonly now: () => number = Date.now,
    private readonly options: TradingOptions = {},
  ) {}

  /** The open price an order needs: the market must be open and its price fresh. */
  private livePrice(instrumentId: number): string {
    const state = this.market.priceState(instrumentId, this.now());
    if (state.state === 'closed') throw refuse('market_closed');
    if (state.state === 'stale') throw refuse('price_unavailable');
    return state.price;
  }

  private tradable(instrumentId: number): Tradable {
    const tradable = this.market.tradable(instrumentId);
    if (!tradable) throw refuse('instrument_unknown');
    return tradable;
  }

  /**
   * FactProfits of a holding order at the latest price, exact, in USD, and as text (6 decimals); with
   * that price as the order list shows it (SPEC.md §9: at the instrument's precision). Worked out again
   * only when the exit price or the USD rate has moved: the engine marks every position of an account
   * at each of its sweeps, and between two ticks of an instrument they are the same.
   */
  mark(order: Position): Marked {
    let memo = this.rowMarks.get(order);
    if (!memo) {
      memo = { book: bookOf(order) };
      this.rowMarks.set(order, memo);
    }
    const exit = this.exitOf(memo.book);
    if (!exit) {
      const precision = this.market.tradable(order.instrumentId)?.terms.pricePrecision;
      return {
        updatePrice: priceText(order.price, precision),
        pnl: dec(order.swap),
        factProfits: moneyText(order.swap),
      };
    }
    if (memo.at !== exit) {
      const pnl = this.pnlAt(memo.book, exit);
      memo.at = exit;
      memo.marked = { updatePrice: exit.text, pnl, factProfits: moneyText(pnl) };
    }
    return memo.marked!;
  }

  /** Σ FactProfits of a book at `exit`, exact, in USD: what the price made, and the swap accrued. */
  private pnlAt(book: Book, exit: Exit): Dec {
    const side = sideOf(book);
    return bookPnl(book.quoteCurrency, { ...book, side }, exit.price, this.market.prices).plus(book.swap);
  }

  /**
   * The price positions of a book's instrument, side and spread close at now, with the USD rate their
   * P&L converts at; none without a price. The same for every such position until the next tick of
   * either: worked out once per tick, not once per position.
   */
  private exitOf(book: Pick<Book, 'instrumentId' | 'side' | 'spreadRate' | 'quoteCurrency'>): Exit | null {
    const { instrumentId, spreadRate, quoteCurrency } = book;
    const tradable = this.market.tradable(instrumentId);
    const last = this.market.lastPrice(instrumentId);
    if (!tradable || last === undefined) return null;
    const conversion = usdConversion(quoteCurrency, this.market.prices);
    const rate =
      conversion === null ? '' : 'times' in conversion ? `×${conversion.times}` : `÷${conversion.divide}`;
    const key = `${instrumentId}:${book.side}:${spreadRate}:${quoteCurrency}`;
    const known = this.exits.get(key);
    if (known && known.last === last && known.tradable === tradable && known.rate === rate) return known;
    const { pricePrecision } = tradable.terms;
    const price = closePrice(sideOf(book), last, { spreadRate, pricePrecision });
    const exit = { last, tradable, rate, price, text: priceText(price, pricePrecision) };
    this.exits.set(key, exit);
    return exit;
  }

  /** How many orders are pending or holding on an instrument. */
  async openOrderCount(tx: Tx | Db, instrumentId: number): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.instrumentId, instrumentId),
          inArray(orders.status, [OrderStatus.pending, OrderStatus.holding]),
        ),
      );
    return row?.n ?? 0;
  }

  async holdings(tx: Tx | Db, userId: number): Promise<OrderRow[]> {
    return tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.holding)));
  }

  /** The totals of TRADING.md "Account figures" for a balance and its holding orders, as books. */
  figures(balance: string, books: Book[]): AccountFigures {
    return accountFigures(
      balance,
      books.map((b) => {
        const exit = this.exitOf(b);
        return { margin: b.margin, pnl: exit ? this.pnlAt(b, exit) : dec(b.swap) };
      }),
    );
  }

  /** An account's money as its checks read it; with `lock`, its row is locked for the rest of the transaction first. */
  account(tx: Db | Tx, userId: number, lock: boolean): Promise<AccountState> {
    return readAccount(this.db, tx, userId, lock);
  }

  /**
   * The transaction an order is placed in. Its first statement locks the account and reads the holdings
   * at once, which needs every order committed before the lock was ours to be in that statement's
   * snapshot. Embedded, PGlite runs one transaction at a time, so it is. On PostgreSQL the transaction
   * is repeatable read: an account changed after the snapshot (another order, a close, a deposit) makes
   * the lock fail with a serialization error instead, and the placement runs again from the start. There
   * the transaction is opened in the locking statement's round trip and committed in the inserting
   * statement's (`Steps`): the order-place profile showed the server's time going to round trips.
   * With `lock`, the connection holds it for the whole transaction (see `onConnection`).
   */
  private async placing<T>(
    lock: AdvisoryLock | undefined,
    work: (tx: Db | Tx, steps: Steps) => Promise<T>,
  ): Promise<T> {
    if (!this.options.concurrent) {
      return this.db.transaction((tx) => work(tx, { begin: {}, commit: {}, state: { open: false } }));
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await onConnection(this.db, (conn, state) => work(conn, { ...PG_STEPS, state }), lock);
      } catch (err) {
        if (attempt >= ATTEMPTS || !lostRace(err)) throw err;
      }
    }
  }

  /**
   * Places an order: the checks that need no money, then a transaction of two statements: lock the
   * account row, reading the settings and holdings and taking the order's id in the same round trip;
   * check the funds; insert the order, taking its margin and fee with their ledger rows, in one.
   * `session`, the caller's token hash, is proved by the lock (see `routeProvingSession`). A repeated
   * client order id answers with the order it placed, whatever has changed since (the market closed…).
   */
  async place(userId: number, input: PlaceOrder, session?: string): Promise<OrderRow> {
    const tradable = this.tradable(input.instrumentId);
    const { terms } = tradable;
    const state = this.market.priceState(input.instrumentId, this.now());
    const market = state.state === 'open' ? state.price : '';
    const refusal =
      state.state === 'closed'
        ? 'market_closed'
        : state.state === 'stale'
          ? 'price_unavailable'
          : (checkOrder(terms, input, market) ?? trailingRefusal(terms, input, market));
    // Only a repeat may still succeed: its answer is the order already placed.
    if (refusal && input.clientOrderId === undefined) throw orderRefusal(refusal, tradable);
    // A market order is a new position: under an exposure limit, placed one at a time (`exposureLock`).
    const limit = input.pendingTarget === null ? tradable.exposureLimit : null;

    const lock = limit === null ? undefined : exposureLock(terms.id);
    const order = await this.placing(lock, async (tx, steps) => {
      // From here a transaction may be open on PostgreSQL: `placing` rolls back what is not committed.
      steps.state.open = true;
      const account = await lockForOrder(this.db, tx, userId, input.clientOrderId, session, steps.begin);
      const { balance, settings, orderId } = account;
      if (account.existingId !== null) {
        const [existing] = await tx.select().from(orders).where(eq(orders.id, account.existingId));
        return { row: existing!, repeated: true };
      }
      if (refusal) throw orderRefusal(refusal, tradable);
      await input.guard?.(tx);
      if (limit !== null && (await breaksLimit(tx, userId, input, limit)))
        throw refuse('exposure_limit_reached');
      // The checks passed on these prices rounded as they are stored: they are numbers now.
      const precision = terms.pricePrecision;
      const target =
        input.pendingTarget === null ? null : priceInput(input.pendingTarget, precision)!.toFixed();
      const feeType = Number(settings.trade_fee_type);
      const cost = orderCost(terms, input, target ?? market, feeType, this.market.livePrices);
      const trailing = input.trailingDistance
        ? priceInput(input.trailingDistance, precision)!.toFixed()
        : null;
      // A trailing stop with no stop loss of its own starts its distance from where the order opens.
      const stopLoss =
        stopLevel(input.stopLoss, precision) ??
        (trailing && trailedStop(input.side, target ?? market, trailing, null, precision)!.toFixed());
      const funds = checkFunds(this.figures(balance, account.books), cost, settings.margin_call_level);
      if (funds) throw orderRefusal(funds, tradable);
      const now = new Date(this.now());
      const ref = { refType: 'order', refId: orderId };
      const entries: Entry[] = [{ ...ref, type: 'trade_margin', amount: cost.margin.neg().toString() }];
      if (!cost.fee.isZero()) entries.push({ ...ref, type: 'trade_fee', amount: cost.fee.neg().toString() });
      const row = await insertOrder(
        this.db,
        tx,
        {
          id: orderId,
          userId,
          instrumentId: terms.id,
          showCode: tradable.showCode,
          side: OrderType[input.side],
          status: target === null ? OrderStatus.holding : OrderStatus.pending,
          lots: input.lots,
          contractSize: String(terms.contractSize),
          leverage: input.leverage,
          originPrice: target ?? market,
          price: cost.price.toString(),
          pendingKind: target === null ? null : classifyPending(input.side, target, market),
          stopLoss,
          takeProfit: stopLevel(input.takeProfit, precision),
          trailingDistance: trailing,
          margin: cost.margin.toString(),
          fee: cost.fee.toString(),
          swap: '0',
          clientOrderId: input.clientOrderId,
          copyId: input.copyId ?? null,
          spreadRate: String(terms.spreadRate),
          quoteCurrency: terms.quoteCurrency,
          feeRate: String(terms.feeRate),
          feeType,
          version: 1,
          createdAt: now,
          updatedAt: now,
          filledAt: target === null ? now : null,
        },
        entries,
        steps.commit,
      );
      steps.state.open = false;
      return { row, repeated: false };
    });
    if (!order.repeated) {
      this.counts.placed++;
      this.announce(order.row);
    }
    return order.row;
  }

  /**
   * Fills a pending order whose target a tick reached, at the live price when it runs (never one captured
   * earlier: a closed market or a stale quote refuses, and the engine keeps the order). Its margin and fee
   * were reserved at the target; at a gap the fill price differs, so both are worked out again at the fill and the difference
   * is taken or given back with its own ledger rows. An account that cannot pay more is not given a
   * position it cannot carry, nor is a disabled account given a new one: the order is cancelled (reason
   * `insufficient_margin` or `account_disabled`) and its reserve refunded; so is one whose position would
   * break its instrument's exposure limit (`exposure_limit`). Null when the order is no longer pending.
   */
  async fill(orderId: number): Promise<OrderRow | null> {
    const done = await this.db.transaction(async (tx) => {
      const [pending] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (!pending || pending.status !== OrderStatus.pending) return null;
      const tradable = this.market.tradable(pending.instrumentId);
      // No terms to fill with: an error, so that the engine keeps the order and tries again.
      if (!tradable) throw new Error(`instrument ${pending.instrumentId} of order ${orderId} is not loaded`);
      const tickPrice = this.livePrice(pending.instrumentId);
      const limit = tradable.exposureLimit;
      // Before the account's lock, as `place` takes them: the one order of the two locks.
      if (limit !== null) await lockExposure(tx, pending.instrumentId);
      const account = await this.account(tx, pending.userId, true);
      const side = sideOf(pending);
      const cost = orderCost(
        termsOf(pending, tradable),
        { side, lots: pending.lots, leverage: pending.leverage },
        tickPrice,
        pending.feeType,
        this.market.livePrices,
      );
      const more = { margin: cost.margin.minus(pending.margin), fee: cost.fee.minus(pending.fee) };
      const due = more.margin.plus(more.fee);
      const now = new Date(this.now());
      const ref = { refType: 'order', refId: orderId };
      if (account.disabled) return cancelAtFill(tx, pending, 'account_disabled', now);
      if (due.isPositive() && !canPay(this.figures(account.balance, account.books), due)) {
        return cancelAtFill(tx, pending, 'insufficient_margin', now);
      }
      if (limit !== null && (await breaksLimit(tx, pending.userId, { ...pending, side }, limit))) {
        return cancelAtFill(tx, pending, 'exposure_limit', now);
      }
      const [filled] = await tx
        .update(orders)
        .set({
          status: OrderStatus.holding,
          price: cost.price.toString(),
          originPrice: tickPrice,
          margin: cost.margin.toString(),
          fee: cost.fee.toString(),
          filledAt: now,
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.pending)))
        .returning();
      // Cancelled between our read and the account's lock: nothing fills, no money moves.
      if (!filled) return null;
      const entries: Entry[] = [];
      if (!more.margin.isZero())
        entries.push({ ...ref, type: 'trade_margin', amount: more.margin.neg().toFixed() });
      if (!more.fee.isZero()) entries.push({ ...ref, type: 'trade_fee', amount: more.fee.neg().toFixed() });
      if (entries.length > 0) await postAll(tx, pending.userId, 'balance', entries);
      return filled;
    });
    if (done) this.announce(done);
    // The trader's order list moves it from pending to holding at once.
    if (done?.status === OrderStatus.holding) {
      this.bus.publish(Channel.user, { userId: done.userId, message: forexFilled([done.id]) });
    }
    return done;
  }

  /**
   * Closes a holding order at the live market price when it runs (a trigger's or a stop-out's too: never a
   * price captured earlier), with the spread and quote currency it was placed under.
   * `userId` restricts it to the owner's orders. With `lots` under the position's, only that part closes
   * (see `closePart`). An account the close leaves with no position and a negative balance pays it as
   * `payNegativeBalance` says, in the same transaction. The order is read again once its account is
   * locked: every change of an order's status or size holds that lock, so what is closed is what is held.
   * A stop-out is checked again at the locked balance and the prices of now (`StopOutLifted`).
   */
  async close(
    orderId: number,
    reason: CloseReason,
    options: {
      userId?: number;
      /** Closes only this many lots when fewer than the position holds. */
      lots?: string;
      /** Runs in the close's transaction (an operator's audit row): the close and it commit together. */
      within?: (tx: Tx, closed: OrderRow) => Promise<void>;
    } = {},
  ) {
    const {
      row: closed,
      rest,
      cancelled,
    } = await this.db.transaction(async (tx) => {
      const [seen] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
      if (!seen || (options.userId !== undefined && seen.userId !== options.userId))
        throw refuse('order_not_found');
      const account = await this.account(tx, seen.userId, true);
      const { settings } = account;
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (order!.status === OrderStatus.pending) throw refuse('order_not_holding');
      if (order!.status !== OrderStatus.holding) throw refuse('order_already_closed');
      if (reason === 'stop_out') {
        const { riskRate } = this.figures(account.balance, account.books);
        if (!isStopOut(riskRate, settings.stop_out_level)) throw new StopOutLifted(`order ${orderId}`);
      }
      const tradable = this.tradable(order!.instrumentId);
      if (options.lots !== undefined) {
        const refusal = checkPartialClose(tradable.terms, order!.lots, options.lots);
        if (refusal) throw orderRefusal(refusal, tradable);
      }
      const market = this.livePrice(order!.instrumentId);
      const terms = termsOf(order!, tradable);
      const side = sideOf(order!);
      const exit = closePrice(side, market, terms);
      const pnlOf = (lots: string) =>
        roundMoney(floatingPnl(terms, { side, lots, price: order!.price }, exit, this.market.livePrices));
      const now = new Date(this.now());
      const ending = {
        status: OrderStatus.closed,
        closePrice: exit.toString(),
        closeReason: reason,
        closedAt: now,
      };
      const part =
        options.lots !== undefined && dec(options.lots).lt(order!.lots)
          ? await this.closePart(tx, order!, options.lots, (lots) => ({
              ...ending,
              profit: pnlOf(lots).toString(),
            }))
          : null;
      const [row] = part
        ? [part.closed]
        : await tx
            .update(orders)
            .set({ ...ending, profit: pnlOf(order!.lots).toString() })
            .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.holding)))
            .returning();
      // Another close won the race between our read and our update.
      if (!row) throw refuse('order_already_closed');
      const after = await postAll(tx, order!.userId, 'balance', [
        ...swapSettlement(row),
        {
          refType: 'order',
          refId: row.id,
          type: 'trade_settle',
          amount: closingAmount(row.margin, row.profit!).toString(),
        },
      ]);
      const protectionOn = settings.negative_balance_protection === '1';
      const cancelled = await payNegativeBalance(tx, order!.userId, after, protectionOn, now);
      await options.within?.(tx, row);
      return { row, rest: part?.rest ?? null, cancelled };
    });
    this.countClosed(reason, 1);
    if (rest) this.announce(rest);
    this.announce(closed);
    for (const order of cancelled) this.announce(order);
    this.bus.publish(Channel.user, {
      userId: closed.userId,
      message: forexClosed([closed.id]),
    });
    return closed;
  }

  /**
   * Splits `lots` off a holding order as an order of their own, closed: it takes its share of the margin,
   * fee and accrued swap (`splitPosition`), and the position keeps the rest under its id, with its stops. The
   * margin and fee were taken under the position's id; the part's settlement is posted under the part's.
   */
  private async closePart(
    tx: Tx,
    order: OrderRow,
    lots: string,
    ending: (lots: string) => Partial<OrderRow>,
  ): Promise<{ closed: OrderRow; rest: OrderRow }> {
    const { closed, rest } = splitPosition(order, lots);
    const [kept] = await tx
      .update(orders)
      .set({
        lots: rest.lots.toFixed(),
        margin: rest.margin.toFixed(),
        fee: rest.fee.toFixed(),
        // Less the part's share of what was read: a rollover that landed since stays with the position.
        swap: sql`${orders.swap} - ${closed.swap.toFixed()}::numeric`,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, OrderStatus.holding)))
      .returning();
    if (!kept) throw refuse('order_already_closed');
    const { id: _id, version: _version, clientOrderId: _client, updatedAt: _updated, ...terms } = order;
    const [part] = await tx
      .insert(orders)
      .values({
        ...terms,
        ...ending(lots),
        lots: closed.lots.toFixed(),
        margin: closed.margin.toFixed(),
        fee: closed.fee.toFixed(),
        swap: closed.swap.toFixed(),
        partOf: order.id,
      })
      .returning();
    return { closed: part!, rest: kept };
  }

  /**
   * Closes a trader's held positions at the market: all, those of one instrument, or only those in profit
   * or at a loss at the latest price. Each goes through `close`, so one another close takes first is
   * reported as refused, never closed twice.
   */
  async closeAll(
    userId: number,
    filter: { instrumentId?: number; which: 'all' | 'profit' | 'loss' },
  ): Promise<{ id: number; closed: OrderRow | null; refusal: AppError | null }[]> {
    const chosen = (await this.holdings(this.db, userId)).filter((order) => {
      if (filter.instrumentId !== undefined && order.instrumentId !== filter.instrumentId) return false;
      if (filter.which === 'all') return true;
      const pnl = this.mark(order).pnl;
      return filter.which === 'profit' ? pnl.gt(0) : pnl.lt(0);
    });
    const results = [];
    for (const order of chosen.sort((a, b) => a.id - b.id)) {
      try {
        results.push({ id: order.id, closed: await this.close(order.id, 'user', { userId }), refusal: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id: order.id, closed: null, refusal: err });
      }
    }
    return results;
  }

  /** Cancels a pending order and gives its margin and fee back. */
  async cancel(userId: number, orderId: number): Promise<OrderRow> {
    const cancelled = await this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      if (!order) throw refuse('order_not_found');
      await lockAccount(tx, userId);
      const [row] = await tx
        .update(orders)
        .set({ status: OrderStatus.cancelled, closeReason: 'cancelled', closedAt: new Date(this.now()) })
        .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.pending)))
        .returning();
      if (!row)
        throw refuse(order.status === OrderStatus.holding ? 'order_not_pending' : 'order_already_closed');
      await postAll(tx, userId, 'balance', [
        { type: 'pending_refund', amount: reserveOf(row).toFixed(), refType: 'order', refId: row.id },
      ]);
      return row;
    });
    this.announce(cancelled);
    return cancelled;
  }

  /**
   * Sets a holding or pending order's SL, TP and trailing stop (null clears one), checked against the
   * current side of the price at the instrument's precision, and stored as checked. A trailing stop with
   * no stop loss starts its distance from that price.
   */
  async setStops(
    userId: number,
    orderId: number,
    stops: Stops & { trailingDistance: string | null },
  ): Promise<OrderRow> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!order) throw refuse('order_not_found');
    if (order.status !== OrderStatus.holding && order.status !== OrderStatus.pending) {
      throw refuse('order_already_closed');
    }
    const tradable = this.tradable(order.instrumentId);
    const reference =
      order.status === OrderStatus.pending
        ? order.originPrice
        : (this.market.lastPrice(order.instrumentId) ?? order.price);
    const precision = tradable.terms.pricePrecision;
    const { trailingDistance } = stops;
    const refusal =
      checkStops(sideOf(order), reference, stops, precision) ??
      (trailingDistance === null ? null : checkTrailingDistance(trailingDistance, reference, precision));
    if (refusal) throw orderRefusal(refusal, tradable);
    const trailing = trailingDistance === null ? null : priceInput(trailingDistance, precision)!.toFixed();
    const [row] = await this.db
      .update(orders)
      .set({
        stopLoss:
          stopLevel(stops.stopLoss, precision) ??
          (trailing && trailedStop(sideOf(order), reference, trailing, null, precision)!.toFixed()),
        takeProfit: stopLevel(stops.takeProfit, precision),
        trailingDistance: trailing,
      })
      .where(and(eq(orders.id, orderId), inArray(orders.status, [OrderStatus.holding, OrderStatus.pending])))
      .returning();
    if (!row) throw refuse('order_already_closed');
    this.announce(row);
    return row;
  }

  /**
   * Moves a holding order's trailing stop to `level` if that is still better than where it stands: the
   * engine's trailing, which may lag a tick behind a change the trader made. Null when it did not move.
   */
  async trail(orderId: number, side: Side, level: string): Promise<OrderRow | null> {
    const better = side === 'buy' ? lt(orders.stopLoss, level) : gt(orders.stopLoss, level);
    const [row] = await this.db
      .update(orders)
      .set({ stopLoss: level })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, OrderStatus.holding),
          isNotNull(orders.trailingDistance),
          or(isNull(orders.stopLoss), better),
        ),
      )
      .returning();
    if (row) this.announce(row);
    return row ?? null;
  }

  /**
   * Demo reset: closes the user's positions at the last price and cancels pending orders inside the
   * caller's transaction, with no ledger rows (the reset sets the balance); announces after commit.
   */
  async resetOrders(tx: Tx, userId: number): Promise<() => void> {
    const open = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.userId, userId), inArray(orders.status, [OrderStatus.pending, OrderStatus.holding])),
      );
    const closedAt = new Date(this.now());
    const done: OrderRow[] = [];
    for (const order of open) {
      const holding = order.status === OrderStatus.holding;
      const { updatePrice, pnl } = holding ? this.mark(order) : { updatePrice: null, pnl: null };
      const [row] = await tx
        .update(orders)
        .set({
          status: holding ? OrderStatus.closed : OrderStatus.cancelled,
          closePrice: updatePrice,
          // The swap stays on the order as accrued: the reset settles nothing.
          profit: pnl ? roundMoney(pnl.minus(order.swap)).toString() : null,
          closeReason: 'demo_reset',
          closedAt,
        })
        .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
        .returning();
      if (row) done.push(row);
    }
    return () => {
      for (const row of done) this.announce(row);
      const ids = done.filter((o) => o.status === OrderStatus.closed).map((o) => o.id);
      if (ids.length > 0) {
        this.countClosed('demo_reset', ids.length);
        this.bus.publish(Channel.user, {
          userId,
          message: forexClosed(ids),
        });
      }
    };
  }

  private countClosed(reason: CloseReason, count: number): void {
    this.counts.closed.set(reason, (this.counts.closed.get(reason) ?? 0) + count);
  }

  private announce(order: OrderRow): void {
    this.bus.publish(ORDER_CHANNEL, { order } satisfies OrderEvent);
  }
}
