import {
  checkTrailingDistance,
  dec,
  floatingPnl,
  type Instrument,
  isDecimalText,
  moneyText,
  type PriceLookup,
  type PriceRefusal,
  pointsText,
  priceForPnl,
  type Side,
  type StopKind,
  type Stops,
  stopAtDistance,
  stopLevel,
} from '@meridian/core';

/** How a trader types a stop: as the price itself, as points from the fill price, or as USD of P&L there. */
export type StopMode = 'price' | 'points' | 'money';
export const STOP_MODES: readonly StopMode[] = ['price', 'points', 'money'];

/** A stop-loss or take-profit field of the order form: its toggle, its mode and what was typed. */
export interface StopField {
  on: boolean;
  mode: StopMode;
  value: string;
}

export const NO_STOP: StopField = { on: false, mode: 'price', value: '' };

/** Points as typed: a whole number above zero (the instrument's smallest price step, see market/points). */
export function pointsDistance(typed: string, pricePrecision: number): string | null {
  const text = typed.trim();
  if (!/^\d+$/.test(text) || Number(text) === 0 || !Number.isSafeInteger(Number(text))) return null;
  return pointsText(Number(text), pricePrecision);
}

/** Where an open position is: its side, lots and the price it fills (or filled) at. */
export interface Entry {
  side: Side;
  lots: string;
  price: string;
}

/**
 * The price a stop field asks for on a position: null when it is off or blank, 'invalid' when what was typed
 * names no price. A price typed as such is passed on as typed: the order checks judge it (checkOrderPrices).
 */
export function stopPrice(
  kind: StopKind,
  field: StopField,
  entry: Entry,
  terms: Pick<Instrument, 'contractSize' | 'quoteCurrency' | 'pricePrecision'>,
  prices: PriceLookup,
): string | null | 'invalid' {
  const typed = field.value.trim();
  if (!field.on || typed === '') return null;
  if (field.mode === 'price') return typed;
  if (field.mode === 'points') {
    const distance = pointsDistance(typed, terms.pricePrecision);
    const level = distance === null ? null : stopAtDistance(kind, entry.side, entry.price, distance);
    return level?.toFixed(terms.pricePrecision) ?? 'invalid';
  }
  if (!isDecimalText(typed) || dec(typed).lte(0)) return 'invalid';
  // A stop loss is the price where the position has lost the amount, a take profit where it has made it.
  const pnl = kind === 'stopLoss' ? dec(typed).neg() : dec(typed);
  const level = priceForPnl(terms, entry.side, entry.lots, entry.price, pnl, prices);
  return level?.toFixed(terms.pricePrecision) ?? 'invalid';
}

/** stopPrice, with 'invalid' where an amount cannot be priced (no USD rate for the quote currency). */
export function stopLevelOf(...args: Parameters<typeof stopPrice>): string | null | 'invalid' {
  try {
    return stopPrice(...args);
  } catch {
    return 'invalid';
  }
}

const INVALID: Record<StopKind, PriceRefusal> = { stopLoss: 'sl_invalid', takeProfit: 'tp_invalid' };
const REQUIRED = { stopLoss: 'sl_required', takeProfit: 'tp_required' } as const;

/**
 * What is wrong with a stop field before its level is judged against the price: switched on and left empty
 * (the trader meant a stop, and going without it is not what they asked), or naming no price.
 */
export function stopFieldRefusal(
  kind: StopKind,
  field: StopField,
  level: string | null | 'invalid',
): PriceRefusal | (typeof REQUIRED)[StopKind] | null {
  if (field.on && field.value.trim() === '') return REQUIRED[kind];
  return level === 'invalid' ? INVALID[kind] : null;
}

/** The P&L in USD of a position with the price at a stop level as it will be stored; null when it cannot be priced. */
export function pnlAtStop(
  terms: Pick<Instrument, 'contractSize' | 'quoteCurrency' | 'pricePrecision'>,
  entry: Entry,
  level: string,
  prices: PriceLookup,
): string | null {
  try {
    return moneyText(floatingPnl(terms, entry, stopLevel(level, terms.pricePrecision) ?? level, prices));
  } catch {
    return null;
  }
}

/** Stops with only the one of `kind` set: each is judged alone, so its message stands beside its own field. */
export const onlyStop = (kind: StopKind, level: string): Stops =>
  kind === 'stopLoss' ? { stopLoss: level, takeProfit: null } : { stopLoss: null, takeProfit: level };

/** A trailing stop as typed: its points, its distance in price units, and the server's refusal of it at `reference`. */
export function trailingOf(
  trailing: { on: boolean; value: string },
  pricePrecision: number,
  reference: string,
): { points: string | null; distance: string | null; refusal: 'trailing_invalid' | null } {
  const points = trailing.on && trailing.value.trim() ? trailing.value.trim() : null;
  const distance = points === null ? null : pointsDistance(points, pricePrecision);
  const refused =
    points !== null &&
    (distance === null || checkTrailingDistance(distance, reference, pricePrecision) !== null);
  return { points, distance, refusal: refused ? 'trailing_invalid' : null };
}
