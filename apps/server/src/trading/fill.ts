import { OrderStatus } from '@meridian/contract';
import { type AccountFigures, canPay, type Dec, dec, isExpired, openPrice, orderCost } from '@meridian/core';
import type { Tx } from '../db/client';
import { type Entry, postEach } from '../ledger';
import { pushTo } from '../util/multimap';
import { announce, tellFilled } from './announcements';
import { bookOf } from './book';
import { liveQuote, type TradingContext } from './context';
import { breaksLimit, lockExposure } from './exposure';
import {
  type AccountState,
  accountStates,
  cancelPendingRows,
  type Filling,
  fillPendingRows,
  lockAccounts,
  orderById,
  ordersByIds,
  readAccount,
} from './orders.repo';
import { refundOf, reserveOf } from './reserve';
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

/**
 * A fill decided under its account's lock, before anything is written: the order holds as `filling` says
 * and `entries` are posted, or it is cancelled for `refusal` and its reserve refunded.
 */
type FillDecision = { pending: OrderRow; at: Date } & (
  | { filling: Filling; entries: Entry[] }
  | { refusal: FillRefusal }
);

/**
 * Decides a pending order's fill at the live price, against its account read under lock: every check but
 * the exposure limit (`fillIn` asks the database). Throws when there is no live price or no terms to fill
 * with: the engine keeps the order and tries again.
 */
function decideFill(ctx: TradingContext, pending: OrderRow, account: AccountState, at: Date): FillDecision {
  const tradable = ctx.market.tradable(pending.instrumentId);
  if (!tradable) throw new Error(`instrument ${pending.instrumentId} of order ${pending.id} is not loaded`);
  // A buy fills at the live ask, a sell at the live bid.
  const fillAt = openPrice(sideOf(pending), liveQuote(ctx, pending.instrumentId)).toFixed();
  const cost = orderCost(
    termsOf(pending, tradable),
    { lots: pending.lots, leverage: pending.leverage },
    fillAt,
    pending.feeType,
    ctx.market.livePrices,
  );
  const more = { margin: cost.margin.minus(pending.margin), fee: cost.fee.minus(pending.fee) };
  const figures = () => ctx.marks.figures(account.balance, account.books);
  const refusal = refusedFill(pending, account, more.margin.plus(more.fee), at.getTime(), figures);
  if (refusal) return { pending, at, refusal };
  const filling = {
    price: cost.price.toString(),
    originPrice: fillAt,
    margin: cost.margin.toString(),
    fee: cost.fee.toString(),
    filledAt: at,
  };
  return { pending, at, filling, entries: fillEntries(pending.id, more) };
}

/** The account as a decided fill leaves it: its postings on the balance, and the position in its books. */
function leftBy(account: AccountState, d: FillDecision): AccountState {
  if ('refusal' in d)
    return { ...account, balance: dec(account.balance).plus(reserveOf(d.pending)).toFixed() };
  const posted = d.entries.reduce((sum, e) => sum.plus(e.amount), dec(account.balance));
  const position = bookOf({ ...d.pending, price: d.filling.price, margin: d.filling.margin });
  return { ...account, balance: posted.toFixed(), books: [...account.books, position] };
}

/**
 * Writes decided fills: the fills in one statement, the cancels in one per reason, then each account's
 * postings in one (a fill's margin and fee beyond its reserve, a cancel's refund), for the orders still
 * pending when written. Returns their rows in the order decided.
 */
async function settleFills(tx: Tx, decisions: FillDecision[]): Promise<OrderRow[]> {
  const written = new Map<number, OrderRow>();
  const fills = decisions.flatMap((d) => ('filling' in d ? [{ id: d.pending.id, filling: d.filling }] : []));
  if (fills.length > 0) for (const row of await fillPendingRows(tx, fills)) written.set(row.id, row);
  const cancels = new Map<FillRefusal, FillDecision[]>();
  for (const d of decisions) if ('refusal' in d) pushTo(cancels, d.refusal, d);
  for (const [reason, these] of cancels) {
    const rows = await cancelPendingRows(
      tx,
      these.map((d) => d.pending.id),
      reason,
      these[0]!.at,
    );
    for (const row of rows) written.set(row.id, row);
  }
  const entries = new Map<number, Entry[]>();
  for (const d of decisions)
    if (written.has(d.pending.id))
      pushTo(entries, d.pending.userId, ...('filling' in d ? d.entries : [refundOf(d.pending)]));
  await postEach(
    tx,
    'balance',
    [...entries]
      .filter(([, posted]) => posted.length > 0)
      .map(([userId, posted]) => ({ userId, entries: posted })),
  );
  return decisions.flatMap((d) => written.get(d.pending.id) ?? []);
}

/** Tells the engines of the orders filled or cancelled, and each trader's order list of their fills. */
function announceFills(ctx: TradingContext, rows: OrderRow[]): void {
  const filledBy = new Map<number, number[]>();
  for (const row of rows) {
    announce(ctx, row);
    if (row.status === OrderStatus.holding) pushTo(filledBy, row.userId, row.id);
  }
  for (const [userId, ids] of filledBy) tellFilled(ctx, userId, ids);
}

/** `fill`'s transaction: the filled order, the order cancelled instead, or null when it is no longer pending. */
async function fillIn(ctx: TradingContext, tx: Tx, orderId: number): Promise<OrderRow | null> {
  const pending = await orderById(tx, orderId);
  if (!pending || pending.status !== OrderStatus.pending) return null;
  const limit = ctx.market.tradable(pending.instrumentId)?.exposureLimit ?? null;
  // Before the account's lock, as `place` takes them: the one order of the two locks.
  if (limit !== null) await lockExposure(tx, pending.instrumentId);
  const account = await readAccount(ctx.db, tx, pending.userId, true);
  let decided = decideFill(ctx, pending, account, new Date(ctx.now()));
  if (
    'filling' in decided &&
    limit !== null &&
    (await breaksLimit(tx, pending.userId, { ...pending, side: sideOf(pending) }, limit))
  )
    decided = { pending, at: decided.at, refusal: 'exposure_limit' };
  // Cancelled between our read and the account's lock: nothing fills, no money moves.
  const [done] = await settleFills(tx, [decided]);
  return done ?? null;
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
  if (done) announceFills(ctx, [done]);
  return done;
}

/** A pending order the engine saw a tick reach. */
export interface PendingTriggered {
  orderId: number;
  userId: number;
}

/** What became of a triggered fill: its row filled or cancelled, null when no longer pending, or why it failed. */
export type FillOutcome = { orderId: number } & ({ done: OrderRow | null } | { failure: unknown });

/**
 * Fills many triggered pending orders in one transaction, as `fill` would one by one, for a gap through
 * thousands of them: the accounts are locked in id order, then read with their holdings and the orders in
 * statements of their own, and the orders decided in id order within each account, each against the
 * account as the ones before it left it. An order that cannot be decided (no live price, an instrument
 * with an exposure limit, which fills alone) is reported and writes nothing. Anything else that fails rolls
 * the whole batch back, for the caller to fill one by one.
 */
export async function fillTriggered(
  ctx: TradingContext,
  triggered: PendingTriggered[],
): Promise<FillOutcome[]> {
  const sorted = [...triggered].sort((a, b) => a.userId - b.userId || a.orderId - b.orderId);
  const userIds = [...new Set(sorted.map((t) => t.userId))];
  const outcomes: FillOutcome[] = [];
  let done: OrderRow[] = [];
  await ctx.db.transaction(async (tx) => {
    const settings = await lockAccounts(tx, userIds);
    const accounts = await accountStates(ctx.db, tx, userIds, settings);
    const found = new Map(
      (
        await ordersByIds(
          tx,
          sorted.map((t) => t.orderId),
        )
      ).map((o) => [o.id, o]),
    );
    const at = new Date(ctx.now());
    const decisions: FillDecision[] = [];
    for (const { orderId, userId } of sorted) {
      const pending = found.get(orderId);
      if (pending?.userId !== userId || pending.status !== OrderStatus.pending) {
        outcomes.push({ orderId, done: null });
        continue;
      }
      try {
        if ((ctx.market.tradable(pending.instrumentId)?.exposureLimit ?? null) !== null)
          throw new Error(`order ${orderId}: an instrument with an exposure limit fills one order at a time`);
        const account = accounts.get(userId)!;
        const decided = decideFill(ctx, pending, account, at);
        accounts.set(userId, leftBy(account, decided));
        decisions.push(decided);
      } catch (failure) {
        outcomes.push({ orderId, failure });
      }
    }
    done = await settleFills(tx, decisions);
    // The orders were read under their accounts' locks, which every change of their status takes.
    if (done.length !== decisions.length) throw new Error('a pending order of a locked account moved');
  });
  for (const row of done) outcomes.push({ orderId: row.id, done: row });
  announceFills(ctx, done);
  return outcomes;
}
