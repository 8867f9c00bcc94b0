import type { NotificationKind } from '@meridian/contract';
import { OrderStatus } from '@meridian/contract';
import { balanceText, moneyText, priceText } from '@meridian/core';
import type { CopyFailed, CopyStopped } from '../copying';
import type { FundingReviewed } from '../funding';
import type { OrderRow, TradingMarket } from '../trading';
import type { Notice } from './record';

const CLOSED_KINDS: Partial<Record<string, NotificationKind>> = {
  stop_loss: 'stop_loss_hit',
  take_profit: 'take_profit_hit',
  stop_out: 'stop_out',
};

/**
 * What an order change (the trading bus) tells its trader: a stop or a stop-out closed it, a pending order
 * filled, or the server cancelled it for want of margin or at its expiry. Null for the changes the trader made.
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
  if (order.status === OrderStatus.cancelled && order.closeReason === 'expired') {
    return { ...base, kind: 'pending_expired', ref: `order:${order.id}:closed` };
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

/** What a review tells its trader: approved or refused, with the operator's reason. */
export function fundingNotice(event: FundingReviewed): Notice {
  const base = { userId: event.userId, ref: `${event.request}:${event.id}` };
  const amount = balanceText(event.amount);
  if (event.request === 'deposit') {
    return {
      ...base,
      kind: event.approved ? 'deposit_approved' : 'deposit_refused',
      params: { amount, reason: event.reason ?? '' },
    };
  }
  return {
    ...base,
    kind: event.approved ? 'withdrawal_paid' : 'withdrawal_refused',
    // No operator: the platform returned it to pay a trading loss, whose reason the reader's language gives.
    params: { amount, reason: event.operatorId === null ? '' : (event.reason ?? '') },
  };
}

/** A provider trade the follower's copy could not copy, and why. */
export function copyFailedNotice(event: CopyFailed): Notice {
  return {
    userId: event.followerId,
    kind: 'copy_failed',
    params: {
      code: event.code,
      reason: event.reason ?? 'internal',
      reason_params: JSON.stringify(event.reasonParams ?? {}),
    },
    ref: `copy_event:${event.id}`,
  };
}

/** A copy the platform stopped (its loss limit, its provider gone) tells its follower; one they stopped, nothing. */
export function copyStoppedNotice(event: CopyStopped): Notice | null {
  if (event.reason !== 'loss_limit' && event.reason !== 'provider_left') return null;
  return {
    userId: event.followerId,
    kind: 'copy_stopped',
    params: { reason: event.reason, percent: moneyText(event.stopPercent) },
    ref: `copy_stopped:${event.copyId}`,
  };
}
