import { type Dec, dec } from '../decimal';
import { roundMoney } from './format';
import { type DecLike, type Instrument, unitsOf } from './instrument';
import { type PriceLookup, toUsd } from './usd';

type MarginTerms = Pick<Instrument, 'fixedMargin' | 'contractSize' | 'quoteCurrency'>;

/** What an order's margin depends on: its lots, its fill price and the leverage chosen. */
export interface MarginInput {
  lots: DecLike;
  price: DecLike;
  leverage: number;
}

/**
 * Margin (CautionMoney) in USD, exact. Fixed mode: lots × ForexContNum, an amount already in USD
 * (it holds no price, so there is nothing to convert); otherwise lots × units × price ÷ leverage,
 * converted from the quote currency.
 */
export function orderMargin(instrument: MarginTerms, order: MarginInput, prices: PriceLookup): Dec {
  const units = unitsOf(instrument, order.lots);
  if (instrument.fixedMargin) return units;
  const inQuote = units.times(order.price).div(order.leverage);
  return toUsd(inQuote, instrument.quoteCurrency, prices);
}

/** Fee (TradeFee) in USD, exact: trade_fee_type 1 → lots × ForexFeeRate; otherwise margin × ForexFeeRate. */
export function orderFee(
  instrument: Pick<Instrument, 'feeRate'>,
  order: { lots: DecLike; margin: DecLike },
  tradeFeeType: number,
): Dec {
  const base = tradeFeeType === 1 ? order.lots : order.margin;
  return dec(base).times(instrument.feeRate);
}

/** The figures an order is placed with, rounded once for storage and display. */
export interface OrderCost {
  /** Fill price (Price). */
  price: Dec;
  /** CautionMoney, 6 decimals. */
  margin: Dec;
  /** TradeFee, 6 decimals. */
  fee: Dec;
}

/**
 * Price, margin and fee of a new order filling at `fillAt` (its side's price of the quote, see `openPrice`,
 * or the pending target for a pending order): the one composition the server's submit and the web's order
 * form preview share.
 */
export function orderCost(
  instrument: Instrument,
  order: { lots: DecLike; leverage: number },
  fillAt: DecLike,
  tradeFeeType: number,
  prices: PriceLookup,
): OrderCost {
  const price = dec(fillAt);
  const margin = orderMargin(instrument, { lots: order.lots, price, leverage: order.leverage }, prices);
  const fee = orderFee(instrument, { lots: order.lots, margin }, tradeFeeType);
  return { price, margin: roundMoney(margin), fee: roundMoney(fee) };
}
