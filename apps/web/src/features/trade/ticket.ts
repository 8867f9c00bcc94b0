import {
  checkOrderPrices,
  checkStops,
  checkTrailingDistance,
  floatingPnl,
  type Instrument,
  moneyText,
  type OrderCost,
  type PriceLookup,
  type PriceRefusal,
  type Side,
  type StopKind,
  stopLevel,
} from '@meridian/core';
import { pointsDistance, type StopField, stopPrice } from './stopFields';

/** Why the order form will not send an order, before asking the server. */
export type TicketRefusal = PriceRefusal | 'trailing_invalid';

/** One side's order as the form would send it now, with what it costs and what its stops would make or lose. */
export interface Ticket {
  side: Side;
  lots: string;
  /** The price it fills at now (the ask or bid), or its estimate at the pending target. */
  fillPrice: string;
  pendingTarget: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  /** The trailing stop as typed, in points, and as sent, in price units; null for none. */
  trailingPoints: string | null;
  trailingDistance: string | null;
  margin: string;
  fee: string;
  /** P&L in USD with the price at the stop loss or take profit; null without one on the right side. */
  pnlAtSl: string | null;
  pnlAtTp: string | null;
  refusal: TicketRefusal | null;
}

export interface TicketForm {
  terms: Instrument;
  lots: string;
  /** The market price now: the reference of the server's checks. */
  market: string;
  pendingTarget: string | null;
  stopLoss: StopField;
  takeProfit: StopField;
  trailing: { on: boolean; value: string };
  prices: PriceLookup;
}

const INVALID: Record<StopKind, PriceRefusal> = { stopLoss: 'sl_invalid', takeProfit: 'tp_invalid' };

/** The order one side would send from the form, with its figures and the first reason not to send it. */
export function ticketFor(side: Side, form: TicketForm, cost: OrderCost): Ticket {
  const { terms, lots, prices } = form;
  const precision = terms.pricePrecision;
  const entry = { side, lots, price: cost.price.toFixed(precision) };
  const level = (kind: StopKind) => {
    try {
      return stopPrice(kind, kind === 'stopLoss' ? form.stopLoss : form.takeProfit, entry, terms, prices);
    } catch {
      // No USD rate for the quote currency: the amount cannot be priced.
      return 'invalid';
    }
  };
  const stopLoss = level('stopLoss');
  const takeProfit = level('takeProfit');
  const trailingTyped = form.trailing.on && form.trailing.value.trim() ? form.trailing.value.trim() : null;
  const trailingDistance = trailingTyped === null ? null : pointsDistance(trailingTyped, precision);
  const reference = form.pendingTarget ?? form.market;

  const refusal =
    (stopLoss === 'invalid' ? INVALID.stopLoss : null) ??
    (takeProfit === 'invalid' ? INVALID.takeProfit : null) ??
    checkOrderPrices(
      {
        side,
        pendingTarget: form.pendingTarget,
        stopLoss: stopLoss === 'invalid' ? null : stopLoss,
        takeProfit: takeProfit === 'invalid' ? null : takeProfit,
      },
      form.market,
      precision,
    ) ??
    (trailingTyped !== null &&
    (trailingDistance === null || checkTrailingDistance(trailingDistance, reference, precision))
      ? 'trailing_invalid'
      : null);

  // What the position would show with the price at a level; none for a level on the wrong side.
  const pnlAt = (kind: StopKind, at: string | null) => {
    if (at === null || at === 'invalid') return null;
    const stops =
      kind === 'stopLoss' ? { stopLoss: at, takeProfit: null } : { stopLoss: null, takeProfit: at };
    if (checkStops(side, entry.price, stops, precision)) return null;
    try {
      // At the level as it will be stored.
      return moneyText(floatingPnl(terms, entry, stopLevel(at, precision) ?? at, prices));
    } catch {
      return null;
    }
  };

  return {
    side,
    lots,
    fillPrice: entry.price,
    pendingTarget: form.pendingTarget,
    stopLoss: stopLoss === 'invalid' ? null : stopLoss,
    takeProfit: takeProfit === 'invalid' ? null : takeProfit,
    trailingPoints: trailingTyped,
    trailingDistance,
    margin: moneyText(cost.margin),
    fee: moneyText(cost.fee),
    pnlAtSl: pnlAt('stopLoss', stopLoss),
    pnlAtTp: pnlAt('takeProfit', takeProfit),
    refusal,
  };
}
