import type { Instrument, PriceLookup, Quote } from '@meridian/core';
import { refuse } from '../http/errors';
import type { Market, MarketInstrument } from '../market';

/** One accepted quote of one instrument: its bid and ask as decimal text. */
export interface Tick {
  instrumentId: number;
  bid: string;
  ask: string;
  /** Epoch milliseconds. */
  time: number;
}

/** An instrument as trading sees it: its trading terms and its names. */
export interface Tradable {
  terms: Instrument;
  /** The spread a single provider price is quoted with: recorded on each order placed. */
  spreadRate: string;
  code: string;
  showCode: string;
  /** The largest absolute net lots of real accounts new positions may take it to; null: no limit. */
  exposureLimit: string | null;
}

/** Whether an order can be priced now: open with a fresh quote, closed, or open with a stale quote. */
export type PriceState = { state: 'open'; quote: Quote } | { state: 'closed' } | { state: 'stale' };

/** What the trading engine needs from market data. */
export interface TradingMarket {
  tradable(instrumentId: number): Tradable | undefined;
  priceState(instrumentId: number, now: number): PriceState;
  /** Latest bid and ask, fresh or not: what open positions are marked at. */
  lastQuote(instrumentId: number): Quote | undefined;
  /** Pair lookup for USD conversion ('GBPUSD', 'USDJPY'…) at the last bids: what positions are marked at. */
  prices: PriceLookup;
  /** The same, for money that moves now: a pair whose open market's quote is stale refuses ('price_unavailable'). */
  livePrices: PriceLookup;
  onTick(listener: (tick: Tick) => void): () => void;
}

/** Trading's view of the market service. */
export function tradingMarket(market: Market): TradingMarket {
  // Built once per definition (a reload replaces the definitions): every position marked reads them.
  const tradables = new WeakMap<MarketInstrument, Tradable>();
  return {
    tradable(instrumentId) {
      const i = market.instrument(instrumentId);
      if (!i) return undefined;
      let tradable = tradables.get(i);
      if (!tradable) {
        tradable = {
          code: i.code,
          showCode: i.showCode,
          spreadRate: i.spreadRate,
          exposureLimit: i.exposureLimit,
          terms: {
            id: i.id,
            contractSize: i.contractSize,
            minLots: i.minLots,
            lotStep: i.lotStep,
            maxLots: i.maxLots,
            leverages: i.leverages,
            feeRate: i.feeRate,
            fixedMargin: i.marginMode === 1,
            pricePrecision: i.pricePrecision,
            quoteCurrency: i.quoteCurrency,
          },
        };
        tradables.set(i, tradable);
      }
      return tradable;
    },
    priceState(instrumentId, now) {
      const quote = market.quote(instrumentId);
      if (!market.isOpen(instrumentId, now)) return { state: 'closed' };
      if (!quote || quote.stale) return { state: 'stale' };
      return { state: 'open', quote: { bid: quote.price, ask: quote.ask } };
    },
    lastQuote: (instrumentId) => market.lastQuote(instrumentId),
    prices(pair) {
      const instrument = market.instrumentByCode(pair);
      return instrument && market.lastPrice(instrument.id);
    },
    livePrices(pair) {
      const instrument = market.instrumentByCode(pair);
      if (!instrument) return undefined;
      const quote = market.quote(instrument.id);
      // A closed pair converts at its last price; an open one only at a fresh quote.
      if ((!quote || quote.stale) && market.isOpen(instrument.id)) throw refuse('price_unavailable');
      return market.lastPrice(instrument.id);
    },
    onTick: (listener) => market.onTick(listener),
  };
}
