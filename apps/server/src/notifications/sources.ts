import type { NotificationKind } from '@meridian/contract';
import { OrderStatus } from '@meridian/contract';
import { balanceText, moneyText, priceText } from '@meridian/core';
import { and, type Column, eq, gte, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import { copies, copyEvents } from '../copying/schema';
import type { Db } from '../db/client';
import { deposits, ReviewStatus, withdrawals } from '../funding/schema';
import type { TradingMarket } from '../trading/market';
import type { OrderRow } from '../trading/schema';
import type { Notice } from './record';
import { notifications } from './schema';

const CLOSED_KINDS: Partial<Record<string, NotificationKind>> = {
  stop_loss: 'stop_loss_hit',
  take_profit: 'take_profit_hit',
  stop_out: 'stop_out',
};

/**
 * What an order change (the trading bus) tells its trader: a stop or a stop-out closed it, a pending order
 * filled, or the server cancelled it for want of margin. Null for the changes the trader made.
 */
export function orderNotice(order: OrderRow, market: TradingMarket): Notice | null {
  const precision = market.tradable(order.instrumentId)?.terms.pricePrecision;
  const base = { userId: order.userId, params: { code: order.showCode, order_id: String(order.id) } };
  const closedKind = order.closeReason ? CLOSED_KINDS[order.closeReason] : undefined;
  if (order.status === OrderStatus.closed && closedKind) {
    return {
      ...base,
      kind: closedKind,
      ref: `order:${order.id}:closed`,
      params: {
        ...base.params,
        price: priceText(order.closePrice ?? order.price, precision),
        profit: balanceText(order.profit ?? '0'),
      },
    };
  }
  if (order.status === OrderStatus.cancelled && order.closeReason === 'insufficient_margin') {
    return { ...base, kind: 'pending_cancelled', ref: `order:${order.id}:closed` };
  }
  if (order.status === OrderStatus.holding && order.pendingKind && order.filledAt) {
    return {
      ...base,
      kind: 'pending_filled',
      ref: `order:${order.id}:filled`,
      params: { ...base.params, price: priceText(order.originPrice, precision) },
    };
  }
  return null;
}

/** Whether no notification tells of `ref` for the row's user yet. */
const untold = (userId: Column, ref: SQL) => (db: Db) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.ref, ref))),
  );

/** Deposits and withdrawals reviewed since `since` (their own clock) whose trader was not told yet. */
export async function fundingNotices(db: Db, since: Date): Promise<Notice[]> {
  const reviewed = [ReviewStatus.approved, ReviewStatus.rejected];
  const depositRows = await db
    .select()
    .from(deposits)
    .where(
      and(
        inArray(deposits.status, reviewed),
        gte(deposits.reviewedAt, since),
        untold(deposits.userId, sql`'deposit:' || ${deposits.id}`)(db),
      ),
    );
  const withdrawalRows = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.status, reviewed),
        gte(withdrawals.reviewedAt, since),
        untold(withdrawals.userId, sql`'withdrawal:' || ${withdrawals.id}`)(db),
      ),
    );
  const approved = (status: number) => status === ReviewStatus.approved;
  return [
    ...depositRows.map(
      (d): Notice => ({
        userId: d.userId,
        kind: approved(d.status) ? 'deposit_approved' : 'deposit_refused',
        params: { amount: balanceText(d.amount), reason: d.reason ?? '' },
        ref: `deposit:${d.id}`,
      }),
    ),
    ...withdrawalRows.map(
      (w): Notice => ({
        userId: w.userId,
        kind: approved(w.status) ? 'withdrawal_paid' : 'withdrawal_refused',
        // No operator: the platform returned it to pay a trading loss, whose reason the reader's language gives.
        params: { amount: balanceText(w.amount), reason: w.operatorId === null ? '' : (w.reason ?? '') },
        ref: `withdrawal:${w.id}`,
      }),
    ),
  ];
}

/** Copies that could not copy a trade, and copies the platform stopped, since `since` (the app's clock). */
export async function copyNotices(db: Db, since: Date): Promise<Notice[]> {
  const failed = await db
    .select({ event: copyEvents, followerId: copies.followerId })
    .from(copyEvents)
    .innerJoin(copies, eq(copies.id, copyEvents.copyId))
    .where(
      and(
        eq(copyEvents.ok, false),
        gte(copyEvents.createdAt, since),
        untold(copies.followerId, sql`'copy_event:' || ${copyEvents.id}`)(db),
      ),
    );
  const stopped = await db
    .select()
    .from(copies)
    .where(
      and(
        inArray(copies.stopReason, ['loss_limit', 'provider_left']),
        gte(copies.stoppedAt, since),
        untold(copies.followerId, sql`'copy_stopped:' || ${copies.id}`)(db),
      ),
    );
  return [
    ...failed.map(
      ({ event, followerId }): Notice => ({
        userId: followerId,
        kind: 'copy_failed',
        params: {
          code: event.showCode,
          reason: event.reason ?? 'internal',
          reason_params: JSON.stringify(event.reasonParams ?? {}),
        },
        ref: `copy_event:${event.id}`,
      }),
    ),
    ...stopped.map(
      (c): Notice => ({
        userId: c.followerId,
        kind: 'copy_stopped',
        params: { reason: c.stopReason ?? '', percent: moneyText(c.stopPercent) },
        ref: `copy_stopped:${c.id}`,
      }),
    ),
  ];
}
