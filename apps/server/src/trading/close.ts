import { OrderStatus } from '@meridian/contract';
import {
  checkPartialClose,
  closePrice,
  closingAmount,
  type Dec,
  dec,
  floatingPnl,
  isStopOut,
  roundMoney,
  splitPosition,
} from '@meridian/core';
import type { Tx } from '../db/client';
import { AppError, refuse } from '../http/errors';
import { type Entry, postEach } from '../ledger';
import type { Settings } from '../settings';
import { pushTo } from '../util/multimap';
import { announce, countClosed, tellClosed } from './announcements';
import { type CloseReason, liveQuote, type TradingContext, tradableOf } from './context';
import { payNegativeBalance } from './negative-balance';
import {
  closeHoldingRows,
  type Ending,
  holdingsOf,
  insertOrderRow,
  keepRestOf,
  lockAccounts,
  orderById,
  ordersByIds,
  ownerOf,
  readAccount,
} from './orders.repo';
import { orderRefusal, StopOutLifted } from './refusals';
import type { OrderRow } from './schema';
import { swapSettlement } from './swaps';
import { sideOf, termsOf } from './terms';

export interface CloseOptions {
  userId?: number;
  /** Closes only this many lots when fewer than the position holds. */
  lots?: string;
  /** Runs in the close's transaction (an operator's audit row): the close and it commit together. */
  within?: (tx: Tx, closed: OrderRow) => Promise<void>;
}

/** The ledger rows that settle a closed order: its accrued swap, then its margin and profit. */
const settlementOf = (row: OrderRow): Entry[] => [
  ...swapSettlement(row),
  {
    refType: 'order',
    refId: row.id,
    type: 'trade_settle',
    amount: closingAmount(row.margin, row.profit!).toString(),
  },
];

/** The part a partial close splits off a holding order, as a closed order of its own (see `splitPosition`). */
function partOf(order: OrderRow, closed: ReturnType<typeof splitPosition>['closed'], ending: Ending) {
  const { id: _id, version: _version, clientOrderId: _client, updatedAt: _updated, ...terms } = order;
  return {
    ...terms,
    ...ending,
    status: OrderStatus.closed,
    lots: closed.lots.toFixed(),
    margin: closed.margin.toFixed(),
    fee: closed.fee.toFixed(),
    swap: closed.swap.toFixed(),
    partOf: order.id,
  };
}

/**
 * Splits `lots` off a holding order as an order of their own, closed: it takes its share of the margin,
 * fee and accrued swap (`splitPosition`), and the position keeps the rest under its id, with its stops. The
 * margin and fee were taken under the position's id; the part's settlement is posted under the part's.
 */
async function closePart(
  tx: Tx,
  order: OrderRow,
  lots: string,
  ending: (lots: string) => Ending,
): Promise<{ closed: OrderRow; rest: OrderRow }> {
  const { closed, rest } = splitPosition(order, lots);
  const kept = await keepRestOf(
    tx,
    order.id,
    { lots: rest.lots.toFixed(), margin: rest.margin.toFixed(), fee: rest.fee.toFixed() },
    closed.swap.toFixed(),
  );
  if (!kept) throw refuse('order_already_closed');
  const part = await insertOrderRow(tx, partOf(order, closed, ending(lots)));
  return { closed: part, rest: kept };
}

/** The holding order to close, read again under its account's lock; refused when it is not one to close. */
function holdingToClose(order: OrderRow): OrderRow {
  if (order.status === OrderStatus.pending) throw refuse('order_not_holding');
  if (order.status !== OrderStatus.holding) throw refuse('order_already_closed');
  return order;
}

/** What a close reads of its account, locked: the settings, and for a stop-out the account's risk rate now. */
interface ClosingAccount {
  settings: Settings;
  riskRate?: () => Dec | null;
}

/** A close decided under its account's lock, before anything is written. */
interface Closing {
  order: OrderRow;
  reason: CloseReason;
  settings: Settings;
  /** The lots to split off, when fewer than the position holds. */
  part: string | null;
  /** How the order (or its part of `lots`) ends, its profit included. */
  endOf: (lots: string) => Ending;
  at: Date;
}

/**
 * Decides a close from its account, read under lock, and its order, read after: every refusal is thrown
 * here, before anything is written, so a batch (`closeTriggered`) can refuse one order and settle the rest.
 */
function decideClose(
  ctx: TradingContext,
  account: ClosingAccount,
  found: OrderRow | undefined,
  owner: number,
  reason: CloseReason,
  lots: string | undefined,
): Closing {
  if (found?.userId !== owner) throw refuse('order_not_found');
  const order = holdingToClose(found);
  if (reason === 'stop_out') {
    if (!account.riskRate) throw new Error("a stop-out is decided on its account's risk rate");
    if (!isStopOut(account.riskRate(), account.settings.stop_out_level))
      throw new StopOutLifted(`order ${order.id}`);
  }
  const tradable = tradableOf(ctx, order.instrumentId);
  if (lots !== undefined) {
    const refusal = checkPartialClose(tradable.terms, order.lots, lots);
    if (refusal) throw orderRefusal(refusal, tradable);
  }
  const terms = termsOf(order, tradable);
  const side = sideOf(order);
  const exit = closePrice(side, liveQuote(ctx, order.instrumentId));
  const pnlOf = (closed: string): Dec =>
    roundMoney(floatingPnl(terms, { side, lots: closed, price: order.price }, exit, ctx.market.livePrices));
  const at = new Date(ctx.now());
  return {
    order,
    reason,
    settings: account.settings,
    part: lots !== undefined && dec(lots).lt(order.lots) ? lots : null,
    endOf: (closed) => ({
      closePrice: exit.toString(),
      closeReason: reason,
      closedAt: at,
      profit: pnlOf(closed).toString(),
    }),
    at,
  };
}

/** A close written: the closed order (or part), what stays open of it, and the pending orders protection cancelled. */
interface Settled {
  row: OrderRow;
  rest: OrderRow | null;
  cancelled: OrderRow[];
  reason: CloseReason;
}

/**
 * Writes decided closes: the whole positions in one statement (a part split off on its own), then each
 * account's settlements in one posting, then what negative balance protection asks of each account the
 * closes left below zero, after its last close.
 */
async function settleCloses(ctx: TradingContext, tx: Tx, closings: Closing[]): Promise<Settled[]> {
  const whole = closings.filter((c) => c.part === null);
  const closed = new Map<number, { row: OrderRow; rest: OrderRow | null }>();
  if (whole.length > 0) {
    const rows = await closeHoldingRows(
      tx,
      whole.map((c) => ({ id: c.order.id, ending: c.endOf(c.order.lots) })),
    );
    // Another close won the race between our read and our update.
    if (rows.length !== whole.length) throw refuse('order_already_closed');
    for (const row of rows) closed.set(row.id, { row, rest: null });
  }
  for (const c of closings)
    if (c.part !== null) {
      const { closed: row, rest } = await closePart(tx, c.order, c.part, c.endOf);
      closed.set(c.order.id, { row, rest });
    }
  const entries = new Map<number, Entry[]>();
  const last = new Map<number, Closing>();
  for (const c of closings) {
    pushTo(entries, c.order.userId, ...settlementOf(closed.get(c.order.id)!.row));
    last.set(c.order.userId, c);
  }
  const after = await postEach(
    tx,
    'balance',
    [...entries].map(([userId, posted]) => ({ userId, entries: posted })),
  );
  const cancelled = new Map<number, OrderRow[]>();
  for (const [userId, c] of last) {
    const protectionOn = c.settings.negative_balance_protection === '1';
    const { withdrawals } = ctx.options;
    cancelled.set(
      userId,
      await payNegativeBalance(tx, userId, after.get(userId)!, protectionOn, c.at, withdrawals),
    );
  }
  return closings.map((c) => ({
    ...closed.get(c.order.id)!,
    cancelled: last.get(c.order.userId) === c ? cancelled.get(c.order.userId)! : [],
    reason: c.reason,
  }));
}

/** `close`'s transaction. */
async function closeIn(
  ctx: TradingContext,
  tx: Tx,
  orderId: number,
  reason: CloseReason,
  options: CloseOptions,
): Promise<Settled> {
  // An owner given (the trader's own call, the engine's trigger) is checked on the order read under its
  // account's lock: one read less per close, which a gap through thousands of stops pays thousands of times.
  const owner = options.userId ?? (await ownerOf(tx, orderId));
  if (owner === undefined) throw refuse('order_not_found');
  const account = await readAccount(ctx.db, tx, owner, true);
  const found = await orderById(tx, orderId);
  const riskRate = () => ctx.marks.figures(account.balance, account.books).riskRate;
  const closing = decideClose(
    ctx,
    { settings: account.settings, riskRate },
    found,
    owner,
    reason,
    options.lots,
  );
  const [settled] = await settleCloses(ctx, tx, [closing]);
  await options.within?.(tx, settled!.row);
  return settled!;
}

/** Announces committed closes: each order's new row, and one FOREX_CLOSED per account. */
function announceClosed(ctx: TradingContext, settled: Settled[]): void {
  const closedBy = new Map<number, number[]>();
  for (const { row, rest, cancelled, reason } of settled) {
    countClosed(ctx, reason, 1);
    if (rest) announce(ctx, rest);
    announce(ctx, row);
    for (const order of cancelled) announce(ctx, order);
    pushTo(closedBy, row.userId, row.id);
  }
  for (const [userId, ids] of closedBy) tellClosed(ctx, userId, ids);
}

/**
 * Closes a holding order at the live quote when it runs (a trigger's or a stop-out's too: never a price
 * captured earlier), a buy at the bid and a sell at the ask, in the quote currency it was placed under.
 * `userId` restricts it to the owner's orders. With `lots` under the position's, only that part closes
 * (see `closePart`). An account the close leaves with no position and a negative balance pays it as
 * `payNegativeBalance` says, in the same transaction. The order is read again once its account is
 * locked: every change of an order's status or size holds that lock, so what is closed is what is held.
 * A stop-out is checked again at the locked balance and the prices of now (`StopOutLifted`).
 */
export async function close(
  ctx: TradingContext,
  orderId: number,
  reason: CloseReason,
  options: CloseOptions = {},
): Promise<OrderRow> {
  const settled = await ctx.db.transaction((tx) => closeIn(ctx, tx, orderId, reason, options));
  announceClosed(ctx, [settled]);
  return settled.row;
}

/** A stop loss or take profit the engine saw a tick cross. */
export interface Triggered {
  orderId: number;
  userId: number;
  reason: 'stop_loss' | 'take_profit';
}

/** What became of a triggered close: its closed row, or why it was refused. */
export type TriggeredOutcome = { orderId: number } & (
  | { closed: OrderRow; refusal?: undefined }
  | { closed?: undefined; refusal: AppError }
);

/**
 * Closes many triggered stops in one transaction, as `close` would one by one, for a gap that crosses
 * thousands of them at once: the accounts are locked in id order, their orders read in one statement
 * under those locks, and each order decided on its own (a refused one is reported and writes nothing)
 * and settled. Anything else that fails rolls the whole batch back, for the caller to close one by one.
 */
export async function closeTriggered(
  ctx: TradingContext,
  triggered: Triggered[],
): Promise<TriggeredOutcome[]> {
  const sorted = [...triggered].sort((a, b) => a.userId - b.userId || a.orderId - b.orderId);
  const outcomes: TriggeredOutcome[] = [];
  let settled: Settled[] = [];
  await ctx.db.transaction(async (tx) => {
    const settings = await lockAccounts(tx, [...new Set(sorted.map((t) => t.userId))]);
    const found = new Map(
      (
        await ordersByIds(
          tx,
          sorted.map((t) => t.orderId),
        )
      ).map((o) => [o.id, o]),
    );
    const closings: Closing[] = [];
    for (const { orderId, userId, reason } of sorted) {
      try {
        closings.push(decideClose(ctx, { settings }, found.get(orderId), userId, reason, undefined));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcomes.push({ orderId, refusal: err });
      }
    }
    settled = await settleCloses(ctx, tx, closings);
  });
  for (const { row } of settled) outcomes.push({ orderId: row.id, closed: row });
  announceClosed(ctx, settled);
  return outcomes;
}

/**
 * Closes a trader's held positions at the market: all, those of one instrument, or only those in profit
 * or at a loss at the latest price. Each goes through `close`, so one another close takes first is
 * reported as refused, never closed twice.
 */
export async function closeAll(
  ctx: TradingContext,
  userId: number,
  filter: { instrumentId?: number; which: 'all' | 'profit' | 'loss' },
): Promise<{ id: number; closed: OrderRow | null; refusal: AppError | null }[]> {
  const chosen = (await holdingsOf(ctx.db, userId)).filter((order) => {
    if (filter.instrumentId !== undefined && order.instrumentId !== filter.instrumentId) return false;
    if (filter.which === 'all') return true;
    const pnl = ctx.marks.mark(order).pnl;
    return filter.which === 'profit' ? pnl.gt(0) : pnl.lt(0);
  });
  const results = [];
  for (const order of chosen.sort((a, b) => a.id - b.id)) {
    try {
      results.push({ id: order.id, closed: await close(ctx, order.id, 'user', { userId }), refusal: null });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id: order.id, closed: null, refusal: err });
    }
  }
  return results;
}
