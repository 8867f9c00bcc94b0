import type { AccountPush, Instrument, Order } from '@meridian/contract';
import {
  closePrice,
  type Dec,
  dec,
  floatingPnl,
  MissingUsdRateError,
  moneyText,
  type PriceLookup,
  priceText,
  sideOfOrderType,
  usdConversion,
} from '@meridian/core';
import { priceLookup } from './prices';

/**
 * Floating P&L worked out in the app from the quotes it follows, by packages/core's rules, as the server's
 * engine marks it (trading/marking.ts): a position closes at its closing side's price (a buy at the bid), its
 * P&L in the quote currency converts to USD at the last bid of the pair core names, and its accrued swap
 * counts. The server's FOREX_TRADE figures stay the truth: where they differ at the same price, the difference
 * is carried (`corrections`).
 */

type Priced = Pick<Instrument, 'Code' | 'ForexQuotations'>;

/** The pair `currency` converts to USD at, by core's rule (xxxUSD, else USDxxx); none for USD or without one. */
function usdPairOf(currency: string, codes: ReadonlySet<string>): string | undefined {
  let pair: string | undefined;
  try {
    // Core asks for the pairs it would use in its order; the one that answers is the one it converts at.
    usdConversion(currency, (asked) => {
      if (!codes.has(asked)) return undefined;
      pair = asked;
      return '1';
    });
  } catch (err) {
    if (!(err instanceof MissingUsdRateError)) throw err;
  }
  return pair;
}

/** The quotes that price `quoted`: each instrument's own, and the pair its quote currency converts to USD at. */
export function pricingSymbols(
  instruments: readonly Pick<Instrument, 'Code'>[],
  quoted: readonly Pick<Instrument, 'Code' | 'QuoteCurrency'>[],
): string[] {
  const codes = new Set(instruments.map((i) => i.Code));
  const symbols = new Set<string>();
  for (const { Code, QuoteCurrency } of quoted) {
    symbols.add(Code);
    const pair = usdPairOf(QuoteCurrency, codes);
    if (pair) symbols.add(pair);
  }
  return [...symbols].sort();
}

/** A held position at the app's quotes: where it closes now (its UpdatePrice) and its P&L in USD, exact. */
export interface Mark {
  updatePrice: string;
  pnl: Dec;
}

type Terms = Pick<Instrument, 'Bid' | 'Ask' | 'PricePrecision' | 'ForexContNum' | 'QuoteCurrency'>;

/** The position marked at its instrument's quote; null without a quote, or without the pair its P&L converts at. */
export function markOf(
  order: Pick<Order, 'OrderType' | 'Quantity' | 'Price' | 'Swap'>,
  instrument: Terms | undefined,
  prices: PriceLookup,
): Mark | null {
  if (!instrument?.Bid || !instrument.Ask) return null;
  const side = sideOfOrderType(order.OrderType);
  const exit = closePrice(side, { bid: instrument.Bid, ask: instrument.Ask });
  try {
    const terms = { contractSize: instrument.ForexContNum, quoteCurrency: instrument.QuoteCurrency };
    const pnl = floatingPnl(terms, { side, lots: order.Quantity, price: order.Price }, exit, prices);
    return { updatePrice: priceText(exit, instrument.PricePrecision), pnl: pnl.plus(order.Swap) };
  } catch (err) {
    if (err instanceof MissingUsdRateError) return null;
    throw err;
  }
}

/** Each held position's mark at the app's quotes (null where it cannot be marked), by id. */
export function marksOf(
  held: readonly Order[],
  instruments: readonly (Terms & Priced & Pick<Instrument, 'Id'>)[],
): Map<number, Mark | null> {
  const byId = new Map(instruments.map((i) => [i.Id, i]));
  const prices = priceLookup(instruments);
  return new Map(held.map((o) => [o.Id, markOf(o, byId.get(o.ForexId), prices)]));
}

/**
 * After a FOREX_TRADE push: by position, what the server's P&L differs from the app's by at the same price
 * (the push's UpdatePrice is the app's): a swap charged since the positions were read, terms changed since
 * the position opened. A position pushed at another price (the push is older or newer than the app's quote)
 * keeps the difference it had: the next push at the app's price settles it, and the figure shown never steps
 * back to an older price. No entry where the two agree.
 */
export function corrections(
  previous: ReadonlyMap<number, Dec>,
  pushed: AccountPush['TransOrder'],
  marks: ReadonlyMap<number, Mark | null>,
): Map<number, Dec> {
  const next = new Map<number, Dec>();
  for (const { Id, UpdatePrice, FactProfits } of pushed) {
    const mark = marks.get(Id);
    if (!mark || mark.updatePrice !== UpdatePrice) {
      const kept = previous.get(Id);
      if (kept) next.set(Id, kept);
    } else if (moneyText(mark.pnl) !== FactProfits) next.set(Id, dec(FactProfits).minus(mark.pnl));
  }
  return next;
}

/** What the server last said of each position (a read, or a push since): shown where the app cannot mark it. */
export type ServerMarks = ReadonlyMap<number, Pick<Order, 'UpdatePrice' | 'FactProfits'>>;

/** The held positions at the app's quotes, and their Σ P&L (ProfitsTotal) as the wire writes it. */
export function liveHoldings(
  held: readonly Order[],
  marks: ReadonlyMap<number, Mark | null>,
  corrected: ReadonlyMap<number, Dec>,
  server: ServerMarks,
): { positions: Order[]; floatingPnl: string } {
  let total = dec(0);
  const positions = held.map((order) => {
    const mark = marks.get(order.Id);
    if (!mark) {
      const said = { ...order, ...server.get(order.Id) };
      total = total.plus(said.FactProfits);
      return said;
    }
    const pnl = mark.pnl.plus(corrected.get(order.Id) ?? 0);
    total = total.plus(pnl);
    return { ...order, UpdatePrice: mark.updatePrice, FactProfits: moneyText(pnl) };
  });
  return { positions, floatingPnl: moneyText(total) };
}
