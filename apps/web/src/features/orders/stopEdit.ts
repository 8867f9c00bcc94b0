import type { Order } from '@meridian/contract';
import {
  checkStops,
  type Instrument,
  type PriceLookup,
  type StopKind,
  sideOfOrderType,
  toPoints,
} from '@meridian/core';
import {
  type Entry,
  onlyStop,
  pnlAtStop,
  type StopField,
  stopFieldRefusal,
  stopLevelOf,
  trailingOf,
} from '../trade/stopFields';
import type { TicketRefusal } from '../trade/ticket';

/** The SL/TP editor's fields: SL and TP typed as on the order ticket, the trailing stop in points. */
export interface StopEditForm {
  stopLoss: StopField;
  takeProfit: StopField;
  trailing: { on: boolean; value: string };
}

/** Where an order's stops are reckoned from: points and USD from `entry`, the server's checks at `reference`. */
export interface StopBasis {
  entry: Entry;
  reference: string;
}

/** What one stop field asks for: the level to save (null: none, or not one that can be), and the P&L there. */
export interface StopOutcome {
  level: string | null;
  pnl: string | null;
}

/** The stops the editor would save. */
export interface StopEdit {
  stopLoss: StopOutcome;
  takeProfit: StopOutcome;
  /** In price units, null for none. */
  trailingDistance: string | null;
  /** Every field's refusal, SL, TP then trailing stop: nothing is sent while there is one. */
  refusals: TicketRefusal[];
}

type StopOrder = Pick<Order, 'OrderType' | 'Status' | 'Quantity' | 'Price' | 'OriginPrice' | 'UpdatePrice'>;

/**
 * A pending order's stops are reckoned from its target, where the server also judges them. A held position's
 * points and USD count from its fill price, and its stops are judged at the price it closes at now (a buy's
 * bid): its UpdatePrice, which the server marks at that side of the last quote and pushes live.
 */
export function stopBasis(order: StopOrder): StopBasis {
  const pending = order.Status === 0;
  const price = pending ? order.OriginPrice : order.Price;
  return {
    entry: { side: sideOfOrderType(order.OrderType), lots: order.Quantity, price },
    reference: pending ? order.OriginPrice : order.UpdatePrice || order.Price,
  };
}

/** An order's trailing distance in points of its instrument, as traders type and read it; '' for none. */
export function trailingPoints(order: Pick<Order, 'TrailingDistance'>, pricePrecision: number): string {
  return order.TrailingDistance === '0' ? '' : String(toPoints(order.TrailingDistance, pricePrecision));
}

/** The editor as it opens: each level saved, as a price ('0' on the wire is none), the trailing stop in points. */
export function savedForm(
  order: Pick<Order, 'TargetLossPrice' | 'TargetProfitPrice' | 'TrailingDistance'>,
  pricePrecision: number,
): StopEditForm {
  const saved = (level: string): StopField =>
    level === '0' ? { on: false, mode: 'price', value: '' } : { on: true, mode: 'price', value: level };
  const trailing = trailingPoints(order, pricePrecision);
  return {
    stopLoss: saved(order.TargetLossPrice),
    takeProfit: saved(order.TargetProfitPrice),
    trailing: { on: trailing !== '', value: trailing },
  };
}

/**
 * The stops the editor would save for an order: each typed as a price, points or USD (as the ticket's), judged
 * alone by the server's rules at `basis.reference` so its message stands beside it, with the P&L the position
 * would show at it.
 */
export function stopEditFor(
  basis: StopBasis,
  form: StopEditForm,
  terms: Pick<Instrument, 'contractSize' | 'quoteCurrency' | 'pricePrecision'>,
  prices: PriceLookup,
): StopEdit {
  const { entry, reference } = basis;
  const refusals: TicketRefusal[] = [];
  const outcome = (kind: StopKind): StopOutcome => {
    const field = kind === 'stopLoss' ? form.stopLoss : form.takeProfit;
    const level = stopLevelOf(kind, field, entry, terms, prices);
    const refusal =
      stopFieldRefusal(kind, field, level) ??
      (level === null || level === 'invalid'
        ? null
        : checkStops(entry.side, reference, onlyStop(kind, level), terms.pricePrecision));
    if (refusal) refusals.push(refusal);
    if (refusal || level === null || level === 'invalid') return { level: null, pnl: null };
    return { level, pnl: pnlAtStop(terms, entry, level, prices) };
  };
  const stopLoss = outcome('stopLoss');
  const takeProfit = outcome('takeProfit');
  const trailing = trailingOf(form.trailing, terms.pricePrecision, reference);
  if (trailing.refusal) refusals.push(trailing.refusal);
  return { stopLoss, takeProfit, trailingDistance: trailing.distance, refusals };
}
