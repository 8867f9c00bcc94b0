import { OrderStatus } from '@meridian/contract';
import {
  checkExpiry,
  checkFunds,
  checkOrder,
  checkTrailingDistance,
  classifyPending,
  closePrice,
  type Instrument,
  OrderType,
  openPrice,
  orderCost,
  priceInput,
  type Side,
  stopLevel,
  trailedStop,
} from '@meridian/core';
import type { Db, Tx } from '../db/client';
import { refuse } from '../http/errors';
import type { Entry } from '../ledger';
import type { Settings } from '../settings';
import { announce } from './announcements';
import { type TradingContext, tradableOf } from './context';
import { breaksLimit, exposureLock } from './exposure';
import type { PriceState, Tradable } from './market';
import { orderById } from './orders.repo';
import { placeInTransaction } from './placement.repo';
import { orderRefusal } from './refusals';
import type { OrderRow } from './schema';

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
  /** When a pending order expires; null or absent: good till cancelled. */
  expiresAt?: Date | null;
  clientOrderId?: string;
  /** The copy (copy trading) placing it for its follower. */
  copyId?: number;
  /** Runs in the placing transaction once the account is locked; what it throws places nothing. */
  guard?: (tx: Db | Tx) => Promise<void>;
}

/** A trailing distance, when asked, must be a price difference less than where the order opens. */
function trailingRefusal(terms: Instrument, input: PlaceOrder, opens: string): 'trailing_invalid' | null {
  if (!input.trailingDistance) return null;
  return checkTrailingDistance(input.trailingDistance, input.pendingTarget ?? opens, terms.pricePrecision);
}

/** An order checked at the prices of now, before any money is read: where it opens, and why it is refused if it is. */
interface Checked {
  state: PriceState;
  /** Where a market order opens: a buy at the ask, a sell at the bid; '' with no live quote. */
  opens: string;
  refusal: Parameters<typeof orderRefusal>[0] | null;
}

/** The checks of an order that need no money. */
function checkPlacing(tradable: Tradable, input: PlaceOrder, state: PriceState, now: () => number): Checked {
  const { terms } = tradable;
  const opens = state.state === 'open' ? openPrice(input.side, state.quote).toFixed() : '';
  const refusal =
    state.state === 'closed'
      ? 'market_closed'
      : state.state === 'stale'
        ? 'price_unavailable'
        : (checkOrder(terms, input, state.quote) ??
          trailingRefusal(terms, input, opens) ??
          checkExpiry(input.expiresAt?.getTime() ?? null, input.pendingTarget !== null, now()));
  return { state, opens, refusal };
}

/**
 * The order as it is stored, priced at the account's fee type: the checks passed on its prices rounded as
 * they are stored, which are numbers now; its margin and fee at the price it opens at (a pending order's target).
 */
function priceOrder(
  tradable: Tradable,
  input: PlaceOrder,
  { state, opens }: Checked,
  settings: Settings,
  prices: TradingContext['market']['livePrices'],
) {
  const precision = tradable.terms.pricePrecision;
  const target = input.pendingTarget === null ? null : priceInput(input.pendingTarget, precision)!.toFixed();
  const feeType = Number(settings.trade_fee_type);
  const cost = orderCost(tradable.terms, input, target ?? opens, feeType, prices);
  const trailing = input.trailingDistance ? priceInput(input.trailingDistance, precision)!.toFixed() : null;
  // A trailing stop with no stop loss of its own starts its distance from the price it trails: the
  // target of a pending order, else where the position closes (a buy's bid), not across the spread.
  const trailFrom =
    target ?? (state.state === 'open' ? closePrice(input.side, state.quote).toFixed() : opens);
  const stopLoss =
    stopLevel(input.stopLoss, precision) ??
    (trailing && trailedStop(input.side, trailFrom, trailing, null, precision)!.toFixed());
  return { target, feeType, cost, trailing, stopLoss };
}
type Priced = ReturnType<typeof priceOrder>;

/** The ledger rows an order's margin and fee are taken with (none for a zero fee), under the order's id. */
function placingEntries(orderId: number, { cost }: Priced): Entry[] {
  const ref = { refType: 'order', refId: orderId };
  const entries: Entry[] = [{ ...ref, type: 'trade_margin', amount: cost.margin.neg().toString() }];
  if (!cost.fee.isZero()) entries.push({ ...ref, type: 'trade_fee', amount: cost.fee.neg().toString() });
  return entries;
}

/** The row of a new order, every column given but `updated_at` (the database's): a market order holds at once, a pending one waits. */
function newOrder(
  { id, userId }: { id: number; userId: number },
  tradable: Tradable,
  input: PlaceOrder,
  opens: string,
  { target, feeType, cost, trailing, stopLoss }: Priced,
  now: Date,
) {
  const { terms } = tradable;
  // A literal, not a spread: 30 properties added to a spread object leave it slow to read (insertOrder reads each).
  return {
    id,
    userId,
    instrumentId: terms.id,
    showCode: tradable.showCode,
    side: OrderType[input.side],
    status: target === null ? OrderStatus.holding : OrderStatus.pending,
    lots: input.lots,
    contractSize: String(terms.contractSize),
    leverage: input.leverage,
    originPrice: target ?? opens,
    price: cost.price.toString(),
    pendingKind: target === null ? null : classifyPending(input.side, target, opens),
    stopLoss,
    takeProfit: stopLevel(input.takeProfit, terms.pricePrecision),
    trailingDistance: trailing,
    margin: cost.margin.toString(),
    fee: cost.fee.toString(),
    swap: '0',
    clientOrderId: input.clientOrderId,
    copyId: input.copyId ?? null,
    spreadRate: tradable.spreadRate,
    quoteCurrency: terms.quoteCurrency,
    feeRate: String(terms.feeRate),
    feeType,
    version: 1,
    createdAt: now,
    filledAt: target === null ? now : null,
    expiresAt: input.expiresAt ?? null,
  };
}

/**
 * Places an order: the checks that need no money, then a transaction of two statements: lock the
 * account row, reading the settings and holdings and taking the order's id in the same round trip;
 * check the funds; insert the order, taking its margin and fee with their ledger rows, in one.
 * `session`, the caller's token hash, is proved by the lock (see `routeProvingSession`). A repeated
 * client order id answers with the order it placed, whatever has changed since (the market closed…).
 */
export async function place(
  ctx: TradingContext,
  userId: number,
  input: PlaceOrder,
  session?: string,
): Promise<OrderRow> {
  const tradable = tradableOf(ctx, input.instrumentId);
  const checked = checkPlacing(
    tradable,
    input,
    ctx.market.priceState(input.instrumentId, ctx.now()),
    ctx.now,
  );
  const { refusal } = checked;
  // Only a repeat may still succeed: its answer is the order already placed.
  if (refusal && input.clientOrderId === undefined) throw orderRefusal(refusal, tradable);
  // A market order is a new position: under an exposure limit, placed one at a time (`exposureLock`).
  const limit = input.pendingTarget === null ? tradable.exposureLimit : null;

  const lock = limit === null ? undefined : exposureLock(tradable.terms.id);
  const order = await placeInTransaction(ctx.db, ctx.options.concurrent, lock, async (placement) => {
    const account = await placement.lockAccount(userId, input.clientOrderId, session);
    if (account.existingId !== null) {
      return { row: (await orderById(placement.tx, account.existingId))!, repeated: true };
    }
    if (refusal) throw orderRefusal(refusal, tradable);
    await input.guard?.(placement.tx);
    if (limit !== null && (await breaksLimit(placement.tx, userId, input, limit)))
      throw refuse('exposure_limit_reached');
    const priced = priceOrder(tradable, input, checked, account.settings, ctx.market.livePrices);
    const figures = ctx.marks.figures(account.balance, account.books);
    const funds = checkFunds(figures, priced.cost, account.settings.margin_call_level);
    if (funds) throw orderRefusal(funds, tradable);
    const ids = { id: account.orderId, userId };
    const values = newOrder(ids, tradable, input, checked.opens, priced, new Date(ctx.now()));
    const row = await placement.insert(values, placingEntries(account.orderId, priced));
    return { row, repeated: false };
  });
  if (!order.repeated) {
    ctx.counts.placed++;
    announce(ctx, order.row);
  }
  return order.row;
}
