import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint } from '../endpoint';
import { PERIODS, type Period } from '../periods';
import { decimal, decimalOrBlank } from './fields';

/** Market data on the wire (SPEC.md §3): field names exactly as existing clients read them. */

/** A kline period as the wire writes it: 1min, 5min, 15min, 30min, 60min, 4hour, 1day, 1week. */
export const klinePeriod = z.enum(PERIODS.map((p) => p.period) as [Period, ...Period[]]);

/** The session's quote at the instrument's precision; OHLC are '' before its first tick. */
export const forexQuotations = z.object({
  Open: decimalOrBlank,
  Close: decimalOrBlank,
  High: decimalOrBlank,
  Low: decimalOrBlank,
  /** Percent change of Close against the session's Open, 2 decimals, e.g. "0.25" for +0.25 %; "0.00" with no quote. */
  Change: decimal,
});
export type ForexQuotations = z.infer<typeof forexQuotations>;

export const instrument = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ShowCode: z.string(),
  Logo: z.string(),
  CategoryId: z.number().int(),
  /** 1 = open for trading, 0 = closed. */
  MarketStatus: z.union([z.literal(0), z.literal(1)]),
  PricePrecision: z.number().int().nonnegative(),
  ForexQuotations: forexQuotations,
  /** The leverage options. */
  HasForexMultiple: z.array(z.object({ Value: z.number().int().positive() })),
  /** Minimum lots. */
  ForexMinCont: decimal,
  /** Units per lot. */
  ForexContNum: decimal,
  ForexFeeRate: decimal,
  /** Lot step. */
  Pip: decimal,
  /** 1 = fixed margin; any other value leveraged (SPEC.md §3). */
  MarginMode: z.number().int(),
  /** TRADING.md additions: the most lots per order, null for no maximum. */
  MaxCont: decimal.nullable(),
  SpreadRate: decimal,
  QuoteCurrency: z.string(),
  /** Beyond SPEC: the live bid (what a sell opens and a buy closes at; Close is the bid) and ask; '' before the first quote. */
  Bid: decimalOrBlank,
  Ask: decimalOrBlank,
});
export type Instrument = z.infer<typeof instrument>;

export const category = z.object({
  Id: z.number().int(),
  NameShowTrans: z.string(),
});
export type Category = z.infer<typeof category>;

export const candle = z.object({
  /** Bar open time, UTC seconds. */
  Time: z.number().int(),
  Open: decimal,
  High: decimal,
  Low: decimal,
  Close: decimal,
  /** Tick volume: how many price updates made the bar. */
  Volume: decimal,
});
export type Candle = z.infer<typeof candle>;

/** Live kline push on the instrument's kline topic (`KLINE:{Code}:{period}`). */
export const klineMessage = z.object({
  type: z.literal('kline'),
  code: z.literal(1),
  symbol: z.string(),
  kline: candle.extend({ Period: klinePeriod }),
});
export type KlineMessage = z.infer<typeof klineMessage>;

/** Live quote push on DAY_MARKET. */
export const dayMarketMessage = z.object({
  type: z.literal('DAY_MARKET'),
  code: z.literal(1),
  /** The instrument's Code. */
  symbol: z.string(),
  quotation: z.object({
    /** The bid, as the quote's Close. */
    close: decimal,
    /** Beyond SPEC: the bid a sell opens at and the ask a buy opens at. */
    bid: decimal,
    ask: decimal,
    /** Percent change against the session's open, 2 decimals. */
    change: decimal,
    open: decimal,
    high: decimal,
    low: decimal,
    /** UTC milliseconds of the tick. */
    time: z.number().int(),
  }),
});
export type DayMarketMessage = z.infer<typeof dayMarketMessage>;

/** DAY_MARKET_SNAPSHOT: the latest quote of each instrument that ticked since the last snapshot, as DAY_MARKET has it. */
export const dayMarketSnapshotMessage = z.object({
  type: z.literal('DAY_MARKET_SNAPSHOT'),
  code: z.literal(1),
  quotation: z.array(dayMarketMessage.pick({ symbol: true, quotation: true })),
});
export type DayMarketSnapshotMessage = z.infer<typeof dayMarketSnapshotMessage>;

/** One row of abbreviated_cache_kline: the small chart series of an instrument. */
export const sparkSeries = z.object({
  Id: z.number().int(),
  Code: z.string(),
  /** Half-hour closes over the last day, oldest first. */
  Points: z.array(decimal),
});
export type SparkSeries = z.infer<typeof sparkSeries>;

/** The most bars one kline call returns. */
export const MAX_BARS = 1000;

export const marketEndpoints = {
  tradeList: endpoint(api.tradeList, {
    summary: 'Every enabled instrument with its trading terms and live quote',
    input: z.object({}),
    answer: z.array(instrument),
  }),
  categories: endpoint(api.categories, {
    summary: "The market list's categories, named in the caller's language",
    input: z.object({}),
    answer: z.array(category),
  }),
  kline: endpoint(api.kline, {
    summary: "An instrument's latest bars of one period, oldest first, the bar in progress included",
    input: z.object({
      forex_id: z.coerce.number().int().positive(),
      period: klinePeriod,
      limit: z.coerce.number().int().min(1).max(MAX_BARS).default(MAX_BARS),
    }),
    answer: z.array(candle),
    errors: [Code.NOT_FOUND],
  }),
  abbreviatedKline: endpoint(api.abbreviatedKline, {
    summary: "Every instrument's small chart: the last day in half-hour closes",
    input: z.object({}),
    answer: z.array(sparkSeries),
  }),
  searchInstrument: endpoint(api.searchInstrument, {
    summary: 'Instruments whose code, name or currencies contain the text (name or searchCurrency)',
    input: z.object({
      name: z.string().trim().max(32).optional(),
      searchCurrency: z.string().trim().max(32).optional(),
    }),
    answer: z.array(instrument),
  }),
};
