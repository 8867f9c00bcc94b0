import {
  type Candle,
  Code,
  type DayMarketMessage,
  type KlineMessage,
  klineTopic,
  type Period,
  Topic,
} from '@meridian/contract';
import type { LiveQuote } from './quotes';

/** A message for the subscribers of one topic. */
export interface TopicPush {
  topic: string;
  message: DayMarketMessage | KlineMessage;
}

/** DAY_MARKET: one instrument's quote after a tick, as the contract describes it. */
export const dayMarket = (symbol: string, quote: LiveQuote, time: number): TopicPush => ({
  topic: Topic.DAY_MARKET,
  message: {
    type: 'DAY_MARKET',
    code: Code.OK,
    symbol,
    quotation: {
      close: quote.price,
      bid: quote.price,
      ask: quote.ask,
      change: quote.change,
      open: quote.open,
      high: quote.high,
      low: quote.low,
      time,
    },
  },
});

/** The forming bar of one instrument and period, on its kline topic. */
export const kline = (symbol: string, period: Period, candle: Candle): TopicPush => ({
  topic: klineTopic(symbol, period),
  message: { type: 'kline', code: Code.OK, symbol, kline: { ...candle, Period: period } },
});
