import { D, type Dec, dec, Scale, toFixed } from '../decimal';
import type { DecLike } from './instrument';

/** Margin, fee and P&L as stored on the order: 6 decimals, half up (SPEC.md §9). */
export function roundMoney(value: DecLike): Dec {
  return dec(value).toDecimalPlaces(Scale.feeAndMargin, D.ROUND_HALF_UP);
}

/** A price rounded to the instrument's PricePrecision, half up. */
export function roundPrice(value: DecLike, pricePrecision: number = Scale.defaultPrice): Dec {
  return dec(value).toDecimalPlaces(pricePrecision, D.ROUND_HALF_UP);
}

/** Margin, fee or P&L text with 6 decimals, as CautionMoney, TradeFee and FactProfits are sent. */
export function moneyText(value: DecLike): string {
  return toFixed(value, Scale.feeAndMargin);
}

/** Balance text with 2 decimals. */
export function balanceText(value: DecLike): string {
  return toFixed(value, Scale.balance);
}

/** Price text with exactly PricePrecision decimals. */
export function priceText(value: DecLike, pricePrecision: number = Scale.defaultPrice): string {
  return toFixed(value, pricePrecision);
}
