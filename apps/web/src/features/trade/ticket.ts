import {
  checkOrderPrices,
  checkStops,
  type Instrument,
  moneyText,
  type OrderCost,
  openPrice,
  type PriceLookup,
  type PriceRefusal,
  type Quote,
  type Side,
  type StopKind,
  type Stops,
} from '@meridian/core';
import { onlyStop, pnlAtStop, type StopField, stopFieldRefusal, stopLevelOf, trailingOf } from './stopFields';

/** Why the order form will not send an order, before asking the server. */
export type TicketRefusal = PriceRefusal | 'trailing_invalid' | 'sl_required' | 'tp_required';

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
  /** The first reason not to send it, null when there is none. */
  refusal: TicketRefusal | null;
  /** Every field's reason not to send it, at most one each (pending price, SL, TP, trailing stop), in that order. */
  refusals: TicketRefusal[];
}

export interface TicketForm {
  terms: Instrument;
  lots: string;
  /** The quote now: the reference of the server's checks (a buy's stops on the bid, its target against the ask). */
  quote: Quote;
  pendingTarget: string | null;
  stopLoss: StopField;
  takeProfit: StopField;
  trailing: { on: boolean; value: string };
  prices: PriceLookup;
}

/** The order one side would send from the form, with its figures and the first reason not to send it. */
export function ticketFor(side: Side, form: TicketForm, cost: OrderCost): Ticket {
  const { terms, lots, prices } = form;
  const precision = terms.pricePrecision;
  const entry = { side, lots, price: cost.price.toFixed(precision) };
  const fieldOf = (kind: StopKind) => (kind === 'stopLoss' ? form.stopLoss : form.takeProfit);
  const level = (kind: StopKind) => stopLevelOf(kind, fieldOf(kind), entry, terms, prices);
  const stopLoss = level('stopLoss');
  const takeProfit = level('takeProfit');
  const trailing = trailingOf(
    form.trailing,
    precision,
    form.pendingTarget ?? openPrice(side, form.quote).toFixed(),
  );

  const priced = (stops: Stops) =>
    checkOrderPrices({ side, pendingTarget: form.pendingTarget, ...stops }, form.quote, precision);
  // A wrong pending price leaves the stops unjudged: they are judged against it.
  const targetRefusal = form.pendingTarget === null ? null : priced({ stopLoss: null, takeProfit: null });
  const stopRefusal = (kind: StopKind, level: string | null | 'invalid'): TicketRefusal | null => {
    const own = stopFieldRefusal(kind, fieldOf(kind), level);
    if (own || level === null || level === 'invalid' || targetRefusal) return own;
    return priced(onlyStop(kind, level));
  };
  const refusals = [
    targetRefusal,
    stopRefusal('stopLoss', stopLoss),
    stopRefusal('takeProfit', takeProfit),
    trailing.refusal,
  ].filter((r): r is TicketRefusal => r !== null);

  // What the position would show with the price at a level; none for a level on the wrong side of the fill.
  const pnlAt = (kind: StopKind, at: string | null | 'invalid') =>
    at === null || at === 'invalid' || checkStops(side, entry.price, onlyStop(kind, at), precision)
      ? null
      : pnlAtStop(terms, entry, at, prices);

  return {
    side,
    lots,
    fillPrice: entry.price,
    pendingTarget: form.pendingTarget,
    stopLoss: stopLoss === 'invalid' ? null : stopLoss,
    takeProfit: takeProfit === 'invalid' ? null : takeProfit,
    trailingPoints: trailing.points,
    trailingDistance: trailing.distance,
    margin: moneyText(cost.margin),
    fee: moneyText(cost.fee),
    pnlAtSl: pnlAt('stopLoss', stopLoss),
    pnlAtTp: pnlAt('takeProfit', takeProfit),
    refusal: refusals[0] ?? null,
    refusals,
  };
}
