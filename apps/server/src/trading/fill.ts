import { OrderStatus } from '@meridian/contract';
import { type AccountFigures, canPay, type Dec, isExpired, openPrice, orderCost } from '@meridian/core';
import type { Tx } from '../db/client';
import { type Entry, postAll } from '../ledger';
import { announce, tellFilled } from './announcements';
import { liveQuote, type TradingContext } from './context';
import { breaksLimit, lockExposure } from './exposure';
import { type AccountState, fillPendingRow, orderById, readAccount } from './orders.repo';
import { cancelPending } from './reserve';
import type { OrderRow } from './schema';
import { sideOf, termsOf } from './terms';

/** Why a pending order is cancelled at its fill rather than filled. */
type FillRefusal = 'insufficient_margin' | 'exposure_limit' | 'account_disabled' | 'expired';

/**
 * Why a pending order cannot fill now that its account is locked, but for the exposure limit (which reads
 * the database, and is checked last): `due` is the margin and fee it takes beyond its reserve.
 */
function refusedFill(
  pending: OrderRow,
  account: AccountState,
  due: Dec,
  at: number,
  figures: () => AccountFigures,
): FillRefusal | null {
  // Its price came after its expiry, before the expiry job reached it: it expires, it does not fill.
  if (isExpired(pending.expiresAt?.getTime() ?? null, at)) return 'expired';
  if (account.disabled) return 'account_disabled';
  if (due.isPositive() && !canPay(figures(), due)) return 'insufficient_margin';
  return null;
}

/** The ledger rows of what a fill takes beyond the reserve, or gives back of it (none for no difference). */
function fillEntries(orderId: number, more: { margin: Dec; fee: Dec }): Entry[] {
  const ref = { refType: 'order', refId: orderId };
  const entries: Entry[] = [];
  if (!more.margin.isZero())
    entries.push({ ...ref, type: 'trade_margin', amount: more.margin.neg().toFixed() });
  if (!more.fee.isZero()) entries.push({ ...ref, type: 'trade_fee', amount: more.fee.neg().toFixed() });
  return entries;
}

/** `fill`'s transaction: the filled order, the order cancelled instead, or null when it is no longer pending. */
async function fillIn(ctx: TradingContext, tx: Tx, orderId: number): Promise<OrderRow | null> {
  const pending = await orderById(tx, orderId);
  if (!pending || pending.status !== OrderStatus.pending) return null;
  const tradable = ctx.market.tradable(pending.instrumentId);
  // No terms to fill with: an error, so that the engine keeps the order and tries again.
  if (!tradable) throw new Error(`instrument ${pending.instrumentId} of order ${orderId} is not loaded`);
  const side = sideOf(pending);
  // A buy fills at the live ask, a sell at the live bid.
  const fillAt = openPrice(side, liveQuote(ctx, pending.instrumentId)).toFixed();
  const limit = tradable.exposureLimit;
  // Before the account's lock, as `place` takes them: the one order of the two locks.
  if (limit !== null) await lockExposure(tx, pending.instrumentId);
  const account = await readAccount(ctx.db, tx, pending.userId, true);
  const cost = orderCost(
    termsOf(pending, tradable),
    { lots: pending.lots, leverage: pending.leverage },
    fillAt,
    pending.feeType,
    ctx.market.livePrices,
  );
  const more = { margin: cost.margin.minus(pending.margin), fee: cost.fee.minus(pending.fee) };
  const due = more.margin.plus(more.fee);
  const now = new Date(ctx.now());
  const figures = () => ctx.marks.figures(account.balance, account.books);
  const refusal =
    refusedFill(pending, account, due, ctx.now(), figures) ??
    (limit !== null && (await breaksLimit(tx, pending.userId, { ...pending, side }, limit))
      ? 'exposure_limit'
      : null);
  if (refusal) return cancelPending(tx, pending.id, refusal, now);
  const filled = await fillPendingRow(tx, orderId, {
    price: cost.price.toString(),
    originPrice: fillAt,
    margin: cost.margin.toString(),
    fee: cost.fee.toString(),
    filledAt: now,
  });
  // Cancelled between our read and the account's lock: nothing fills, no money moves.
  if (!filled) return null;
  const entries = fillEntries(orderId, more);
  if (entries.length > 0) await postAll(tx, pending.userId, 'balance', entries);
  return filled;
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
export async function fill(ctx: TradingContext, orderId: number): Promise<OrderRow | null> {
  const done = await ctx.db.transaction((tx) => fillIn(ctx, tx, orderId));
  if (done) announce(ctx, done);
  // The trader's order list moves it from pending to holding at once.
  if (done?.status === OrderStatus.holding) tellFilled(ctx, done.userId, [done.id]);
  return done;
}
