import type { AccountFigures, Side } from '@meridian/core';
import type { Bus } from '../bus/bus';
import type { Db, Tx } from '../db/client';
import type { AppError } from '../http/errors';
import type { Book, Marked, Position } from './book';
import { cancel } from './cancel';
import {
  type CloseOptions,
  close,
  closeAll,
  closeTriggered,
  type Triggered,
  type TriggeredOutcome,
} from './close';
import type { CloseReason, TradingContext, TradingCounts, TradingOptions } from './context';
import { resetOrders } from './demo-reset';
import { type FillOutcome, fill, fillTriggered, type PendingTriggered } from './fill';
import type { TradingMarket } from './market';
import { Marks } from './marking';
import { type AccountState, holdingsOf, openOrderCount, readAccount } from './orders.repo';
import { type PlaceOrder, place } from './place';
import type { OrderRow } from './schema';
import { type StopsInput, setStops, trail } from './stops';

/**
 * Placing, filling, closing and cancelling orders: the face the rest of the server uses, each use case a
 * module of its own (place, fill, close, cancel, stops, demo-reset) over one `TradingContext`. Every change
 * of money locks the account row first and moves the balance with its ledger row in the same transaction;
 * every status change is a conditional update, so an order fills once and closes once whatever races.
 */
export class Trading {
  private readonly ctx: TradingContext;
  readonly counts: TradingCounts = { placed: 0, closed: new Map() };

  constructor(
    readonly db: Db,
    readonly market: TradingMarket,
    bus: Bus,
    readonly now: () => number,
    options: TradingOptions,
  ) {
    this.ctx = { db, market, bus, now, options, marks: new Marks(market), counts: this.counts };
  }

  /** A holding order marked at the latest price (see `Marks.mark`). */
  mark(order: Position): Marked {
    return this.ctx.marks.mark(order);
  }

  /** How many orders are pending or holding on an instrument. */
  openOrderCount(tx: Tx | Db, instrumentId: number): Promise<number> {
    return openOrderCount(tx, instrumentId);
  }

  holdings(tx: Tx | Db, userId: number): Promise<OrderRow[]> {
    return holdingsOf(tx, userId);
  }

  /** The totals of TRADING.md "Account figures" for a balance and its holding orders, as books. */
  figures(balance: string, books: Book[]): AccountFigures {
    return this.ctx.marks.figures(balance, books);
  }

  /** An account's money as its checks read it; with `lock`, its row is locked for the rest of the transaction first. */
  account(tx: Db | Tx, userId: number, lock: boolean): Promise<AccountState> {
    return readAccount(this.db, tx, userId, lock);
  }

  /** See `place` (place.ts). */
  place(userId: number, input: PlaceOrder, session?: string): Promise<OrderRow> {
    return place(this.ctx, userId, input, session);
  }

  /** See `fill` (fill.ts). */
  fill(orderId: number): Promise<OrderRow | null> {
    return fill(this.ctx, orderId);
  }

  /** See `close` (close.ts). */
  close(orderId: number, reason: CloseReason, options: CloseOptions = {}): Promise<OrderRow> {
    return close(this.ctx, orderId, reason, options);
  }

  /** See `fillTriggered` (fill.ts). */
  fillTriggered(triggered: PendingTriggered[]): Promise<FillOutcome[]> {
    return fillTriggered(this.ctx, triggered);
  }

  /** See `closeTriggered` (close.ts). */
  closeTriggered(triggered: Triggered[]): Promise<TriggeredOutcome[]> {
    return closeTriggered(this.ctx, triggered);
  }

  /** See `closeAll` (close.ts). */
  closeAll(
    userId: number,
    filter: { instrumentId?: number; which: 'all' | 'profit' | 'loss' },
  ): Promise<{ id: number; closed: OrderRow | null; refusal: AppError | null }[]> {
    return closeAll(this.ctx, userId, filter);
  }

  /** See `cancel` (cancel.ts). */
  cancel(userId: number, orderId: number): Promise<OrderRow> {
    return cancel(this.ctx, userId, orderId);
  }

  /** See `setStops` (stops.ts). */
  setStops(userId: number, orderId: number, stops: StopsInput): Promise<OrderRow> {
    return setStops(this.ctx, userId, orderId, stops);
  }

  /** See `trail` (stops.ts). */
  trail(orderId: number, side: Side, level: string): Promise<OrderRow | null> {
    return trail(this.ctx, orderId, side, level);
  }

  /** See `resetOrders` (demo-reset.ts). */
  resetOrders(tx: Tx, userId: number): Promise<() => void> {
    return resetOrders(this.ctx, tx, userId);
  }
}
