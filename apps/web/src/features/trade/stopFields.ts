import {
  dec,
  type Instrument,
  isDecimalText,
  type PriceLookup,
  pointsText,
  priceForPnl,
  type Side,
  type StopKind,
  stopAtDistance,
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
