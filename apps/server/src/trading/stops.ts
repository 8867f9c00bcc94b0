import { OrderStatus } from '@meridian/contract';
import {
  checkStops,
  checkTrailingDistance,
  closePrice,
  priceInput,
  type Quote,
  type Side,
  type Stops,
  stopLevel,
  trailedStop,
} from '@meridian/core';
import { refuse } from '../http/errors';
import { announce } from './announcements';
import { type TradingContext, tradableOf } from './context';
import type { Tradable } from './market';
import { orderOf, storeStops, trailStop } from './orders.repo';
import { orderRefusal } from './refusals';
import type { OrderRow } from './schema';
import { sideOf } from './terms';

export type StopsInput = Stops & { trailingDistance: string | null };

/**
 * An order's stops checked against the price they will watch (a position's closing side of `quote`, a
 * pending order's target) at the instrument's precision, as they are stored; refused when they do not pass.
 */
function checkedStops(order: OrderRow, tradable: Tradable, quote: Quote | undefined, stops: StopsInput) {
  const reference =
    order.status === OrderStatus.pending
      ? order.originPrice
      : quote
        ? closePrice(sideOf(order), quote).toFixed()
        : order.price;
  const precision = tradable.terms.pricePrecision;
  const { trailingDistance } = stops;
  const refusal =
    checkStops(sideOf(order), reference, stops, precision) ??
    (trailingDistance === null ? null : checkTrailingDistance(trailingDistance, reference, precision));
  if (refusal) throw orderRefusal(refusal, tradable);
  const trailing = trailingDistance === null ? null : priceInput(trailingDistance, precision)!.toFixed();
  return {
    stopLoss:
      stopLevel(stops.stopLoss, precision) ??
      (trailing && trailedStop(sideOf(order), reference, trailing, null, precision)!.toFixed()),
    takeProfit: stopLevel(stops.takeProfit, precision),
    trailingDistance: trailing,
  };
}

/**
 * Sets a holding or pending order's SL, TP and trailing stop (null clears one), checked against the
 * price they will watch (a position's closing side of the last quote, a pending order's target) at the
 * instrument's precision, and stored as checked. A trailing stop with no stop loss starts its distance
 * from that price.
 */
export async function setStops(
  ctx: TradingContext,
  userId: number,
  orderId: number,
  stops: StopsInput,
): Promise<OrderRow> {
  const order = await orderOf(ctx.db, userId, orderId);
  if (!order) throw refuse('order_not_found');
  if (order.status !== OrderStatus.holding && order.status !== OrderStatus.pending) {
    throw refuse('order_already_closed');
  }
  const tradable = tradableOf(ctx, order.instrumentId);
  const checked = checkedStops(order, tradable, ctx.market.lastQuote(order.instrumentId), stops);
  const row = await storeStops(ctx.db, orderId, checked);
  if (!row) throw refuse('order_already_closed');
  announce(ctx, row);
  return row;
}

/**
 * Moves a holding order's trailing stop to `level` if that is still better than where it stands: the
 * engine's trailing, which may lag a tick behind a change the trader made. Null when it did not move.
 */
export async function trail(
  ctx: TradingContext,
  orderId: number,
  side: Side,
  level: string,
): Promise<OrderRow | null> {
  const row = await trailStop(ctx.db, orderId, side, level);
  if (row) announce(ctx, row);
  return row ?? null;
}
