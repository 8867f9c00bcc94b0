/** Market data on the wire (SPEC.md §3): field names exactly as existing clients read them. */

export interface ForexQuotations {
  Open: string;
  Close: string;
  High: string;
  Low: string;
  /** Percent change of Close against the session's Open, e.g. "0.25" for +0.25 %. */
  Change: string;
}

export interface Instrument {
  Id: number;
  Code: string;
  ShowCode: string;
  Logo: string;
  CategoryId: number;
  /** 1 = open for trading; anything else = closed. */
  MarketStatus: number;
  PricePrecision: number;
  ForexQuotations: ForexQuotations;
  HasForexMultiple: { Value: number }[];
  /** Minimum lots. */
  ForexMinCont: string;
  /** Units per lot. */
  ForexContNum: string;
  ForexFeeRate: string;
  /** Lot step. */
  Pip: string;
  /** 1 = fixed margin; otherwise leveraged. */
  MarginMode: number;
  /** TRADING.md additions. */
  MaxCont: string | null;
  SpreadRate: string;
  QuoteCurrency: string;
}

export interface Category {
  Id: number;
  NameShowTrans: string;
}

export interface Candle {
  /** Bar open time, UTC seconds. */
  Time: number;
  Open: string;
  High: string;
  Low: string;
  Close: string;
  Volume: string;
}

/** Live kline push on the instrument's kline topic. */
export interface KlineMessage {
  type: 'kline';
  code: number;
  symbol: string;
  kline: Candle & { Period: string };
}

/** Live quote push on DAY_MARKET. */
export interface DayMarketMessage {
  type: 'DAY_MARKET';
  code: number;
  symbol: string;
  quotation: { close: string; change: string; open: string; high: string; low: string; time: number };
}

/** One row of abbreviated_cache_kline: the small chart series of an instrument. */
export interface SparkSeries {
  Id: number;
  Code: string;
  /** Closes, oldest first. */
  Points: string[];
}
