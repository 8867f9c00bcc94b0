import { type Dec, dec, isDecimalText } from '../decimal';
import { type AccountFigures, DEFAULT_MARGIN_CALL_LEVEL, isMarginCall } from './account';
import { isTriggered, stopLossDirection, takeProfitDirection } from './direction';
import { closePrice, openPrice, type Quote } from './fill';
import { roundPrice } from './format';
import type { DecLike, Instrument } from './instrument';
import type { Side } from './side';

/** Why a typed SL or TP is refused. */
export type StopRefusal = 'sl_invalid' | 'sl_wrong_side' | 'tp_invalid' | 'tp_wrong_side';
/** Why a typed pending target is refused. */
export type PendingPriceRefusal = 'pending_price_invalid' | 'pending_price_at_market';
/** Why the prices a trader typed are refused (`checkOrderPrices`). */
export type PriceRefusal = PendingPriceRefusal | StopRefusal;

/** Why an order or an SL/TP edit is refused; the server maps each to a localized msg. */
export type Refusal =
  | 'lots_invalid'
  | 'lots_not_positive'
  | 'lots_off_step'
  | 'lots_below_min'
  | 'lots_above_max'
  | 'leverage_not_offered'
  | PriceRefusal
  | 'margin_call'
  | 'insufficient_margin';

// User input arrives as text: anything that is not plain decimal text is not a number.
function parse(value: DecLike): Dec | null {
  return typeof value === 'string' && !isDecimalText(value) ? null : dec(value);
}

/** Prices are stored with 18 digits before the point: a level at or past this is no price. */
const PRICE_CEILING = dec('1e18');

/**
 * A price the trader typed, as it will be stored: rounded to PricePrecision, so the checks judge the
 * level that will trigger, not the one typed. Null when it is not a number, one a price column cannot hold,
 * or a positive number that rounds to nothing (it would silently become "unset").
 */
export function priceInput(value: DecLike, pricePrecision: number): Dec | null {
  const parsed = parse(value);
  if (parsed === null) return null;
  const rounded = roundPrice(parsed, pricePrecision);
  if (rounded.abs().gte(PRICE_CEILING)) return null;
  return rounded.isZero() && !parsed.isZero() ? null : rounded;
}

/** Lots > 0, a multiple of Pip, ≥ ForexMinCont and ≤ the max lots when set; null when fine. */
export function checkLots(
  instrument: Pick<Instrument, 'lotStep' | 'minLots' | 'maxLots'>,
  lots: DecLike,
): Refusal | null {
  const value = parse(lots);
  if (value === null) return 'lots_invalid';
  if (value.lte(0)) return 'lots_not_positive';
  if (!value.mod(instrument.lotStep).isZero()) return 'lots_off_step';
  if (value.lt(instrument.minLots)) return 'lots_below_min';
  if (instrument.maxLots !== null && value.gt(instrument.maxLots)) return 'lots_above_max';
  return null;
}

/** Leverage must be one of the instrument's HasForexMultiple values; null when it is. */
export function checkLeverage(instrument: Pick<Instrument, 'leverages'>, leverage: number): Refusal | null {
  return instrument.leverages.includes(leverage) ? null : 'leverage_not_offered';
}

/** SL and TP as asked: null leaves either unset. */
export interface Stops {
  stopLoss: DecLike | null;
  takeProfit: DecLike | null;
}

/** A stop level as stored: at PricePrecision, or null when none is set. */
export function stopLevel(value: DecLike | null, pricePrecision: number): string | null {
  return value === null ? null : (priceInput(value, pricePrecision)?.toFixed() ?? null);
}

/**
 * A buy needs SL < reference < TP, a sell TP < reference < SL; null leaves either unset. The
 * reference is the market price for a market order or an edit, the target for a pending order.
 * Levels are judged as stored: at PricePrecision (see `priceInput`).
 */
export function checkStops(
  side: Side,
  reference: DecLike,
  stops: Stops,
  pricePrecision: number,
): StopRefusal | null {
  const stopLoss = stops.stopLoss === null ? null : priceInput(stops.stopLoss, pricePrecision);
  if (stops.stopLoss !== null && (stopLoss === null || stopLoss.lte(0))) return 'sl_invalid';
  const takeProfit = stops.takeProfit === null ? null : priceInput(stops.takeProfit, pricePrecision);
  if (stops.takeProfit !== null && (takeProfit === null || takeProfit.lte(0))) return 'tp_invalid';
  // A level the reference already reaches would fire at once: that is the wrong side.
  if (stopLoss && isTriggered(stopLossDirection(side), stopLoss, reference)) return 'sl_wrong_side';
  if (takeProfit && isTriggered(takeProfitDirection(side), takeProfit, reference)) return 'tp_wrong_side';
  return null;
}

/** A pending target must be a positive number other than the price its side opens at, at PricePrecision; null when it is. */
export function checkPendingPrice(
  target: DecLike,
  marketPrice: DecLike,
  pricePrecision: number,
): PendingPriceRefusal | null {
  const value = priceInput(target, pricePrecision);
  if (value === null || value.lte(0)) return 'pending_price_invalid';
  return value.eq(marketPrice) ? 'pending_price_at_market' : null;
}

/**
 * The typed prices of an order at `quote`: the pending target against the price its side opens at, then SL
 * and TP on the right side of where they will be watched: the price a market order's position closes at (a
 * buy's on the bid), or the target of a pending order. The order form runs it before sending.
 */
export function checkOrderPrices(
  order: Pick<OrderRequest, 'side' | 'pendingTarget' | 'stopLoss' | 'takeProfit'>,
  quote: Quote,
  pricePrecision: number,
): PriceRefusal | null {
  const { pendingTarget, side } = order;
  if (pendingTarget === null) return checkStops(side, closePrice(side, quote), order, pricePrecision);
  // A target that passed its check is a number: the stops are judged against it as it will be stored.
  return (
    checkPendingPrice(pendingTarget, openPrice(side, quote), pricePrecision) ??
    checkStops(order.side, priceInput(pendingTarget, pricePrecision)!, order, pricePrecision)
  );
}

/**
 * Whether the account can pay `amount` now: free margin and the balance itself must both cover it,
 * since it leaves the balance now and a floating profit is not cash.
 */
export function canPay(account: Pick<AccountFigures, 'balance' | 'freeMargin'>, amount: DecLike): boolean {
  return dec(amount).lte(account.freeMargin) && dec(amount).lte(account.balance);
}

/**
 * Money checks for a new order costing `margin` + `fee` (the amounts that will be taken): no new
 * order in a margin call, and the account must be able to pay the cost (`canPay`).
 */
export function checkFunds(
  account: AccountFigures,
  cost: { margin: DecLike; fee: DecLike },
  marginCallLevel: DecLike = DEFAULT_MARGIN_CALL_LEVEL,
): Refusal | null {
  if (isMarginCall(account.riskRate, marginCallLevel)) return 'margin_call';
  return canPay(account, dec(cost.margin).plus(cost.fee)) ? null : 'insufficient_margin';
}

/** An order as submitted; `pendingTarget` null for a market order. */
export interface OrderRequest extends Stops {
  side: Side;
  lots: DecLike;
  leverage: number;
  pendingTarget: DecLike | null;
}

/** Every check that needs no money, in the order a trader fixes them; run `checkFunds` after pricing. */
export function checkOrder(instrument: Instrument, order: OrderRequest, quote: Quote): Refusal | null {
  return (
    checkLots(instrument, order.lots) ??
    checkLeverage(instrument, order.leverage) ??
    checkOrderPrices(order, quote, instrument.pricePrecision)
  );
}
