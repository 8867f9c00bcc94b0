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
import { type Entry, postAll } from '../ledger';
import { announce, countClosed, tellClosed } from './announcements';
import { type CloseReason, liveQuote, type TradingContext, tradableOf } from './context';
import { payNegativeBalance } from './negative-balance';
import {
  closeHoldingRow,
  holdingsOf,
  insertOrderRow,
  keepRestOf,
  orderById,
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

/** How a closed order ends, but for its profit. */
type Ending = Pick<OrderRow, 'status' | 'closePrice' | 'closeReason' | 'closedAt'>;

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
function partOf(
  order: OrderRow,
  closed: ReturnType<typeof splitPosition>['closed'],
  ending: Partial<OrderRow>,
) {
  const { id: _id, version: _version, clientOrderId: _client, updatedAt: _updated, ...terms } = order;
  return {
    ...terms,
    ...ending,
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
  ending: (lots: string) => Partial<OrderRow>,
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

/** `close`'s transaction: the closed order (or part), what stays open of it, and the pending orders protection cancelled. */
async function closeIn(
  ctx: TradingContext,
  tx: Tx,
  orderId: number,
  reason: CloseReason,
  options: CloseOptions,
) {
  // An owner given (the trader's own call, the engine's trigger) is checked on the order read under its
  // account's lock: one read less per close, which a gap through thousands of stops pays thousands of times.
  const owner = options.userId ?? (await ownerOf(tx, orderId));
  if (owner === undefined) throw refuse('order_not_found');
  const account = await readAccount(ctx.db, tx, owner, true);
  const { settings } = account;
  const found = await orderById(tx, orderId);
  if (found?.userId !== owner) throw refuse('order_not_found');
  const order = holdingToClose(found);
  if (reason === 'stop_out') {
    const { riskRate } = ctx.marks.figures(account.balance, account.books);
    if (!isStopOut(riskRate, settings.stop_out_level)) throw new StopOutLifted(`order ${orderId}`);
  }
  const tradable = tradableOf(ctx, order.instrumentId);
  if (options.lots !== undefined) {
    const refusal = checkPartialClose(tradable.terms, order.lots, options.lots);
    if (refusal) throw orderRefusal(refusal, tradable);
  }
  const terms = termsOf(order, tradable);
  const side = sideOf(order);
  const exit = closePrice(side, liveQuote(ctx, order.instrumentId));
  const pnlOf = (lots: string): Dec =>
    roundMoney(floatingPnl(terms, { side, lots, price: order.price }, exit, ctx.market.livePrices));
  const now = new Date(ctx.now());
  const ending: Ending = {
    status: OrderStatus.closed,
    closePrice: exit.toString(),
    closeReason: reason,
    closedAt: now,
  };
  const endOf = (lots: string) => ({ ...ending, profit: pnlOf(lots).toString() });
  const part =
    options.lots !== undefined && dec(options.lots).lt(order.lots)
      ? await closePart(tx, order, options.lots, endOf)
      : null;
  const row = part ? part.closed : await closeHoldingRow(tx, orderId, endOf(order.lots));
  // Another close won the race between our read and our update.
  if (!row) throw refuse('order_already_closed');
  const after = await postAll(tx, order.userId, 'balance', settlementOf(row));
  const protectionOn = settings.negative_balance_protection === '1';
  const withdrawals = ctx.options.withdrawals;
  const cancelled = await payNegativeBalance(tx, order.userId, after, protectionOn, now, withdrawals);
  await options.within?.(tx, row);
  return { row, rest: part?.rest ?? null, cancelled };
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
  const {
    row: closed,
    rest,
    cancelled,
  } = await ctx.db.transaction((tx) => closeIn(ctx, tx, orderId, reason, options));
  countClosed(ctx, reason, 1);
  if (rest) announce(ctx, rest);
  announce(ctx, closed);
  for (const order of cancelled) announce(ctx, order);
  tellClosed(ctx, closed.userId, [closed.id]);
  return closed;
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
