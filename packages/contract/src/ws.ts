/** Websocket protocol at /v1/ws (SPEC.md §7, §9). */
export const WS_PATH = '/v1/ws';

export const Topic = {
  DAY_MARKET: 'DAY_MARKET',
  FOREX_TRADE: 'FOREX_TRADE',
  FOREX_CLOSED: 'FOREX_CLOSED',
  FOREX_FILLED: 'FOREX_FILLED',
  NOTIFICATION: 'NOTIFICATION',
  /**
   * The market list's quotes: at most once every DAY_MARKET_SNAPSHOT_MS, the latest quote of each instrument that
   * ticked since the last one, in one message. For a screen listing the whole market, which needs no more.
   */
  DAY_MARKET_SNAPSHOT: 'DAY_MARKET_SNAPSHOT',
} as const;

/** DAY_MARKET_SNAPSHOT goes out at most this often. */
export const DAY_MARKET_SNAPSHOT_MS = 1000;

/**
 * DAY_MARKET of one instrument alone, e.g. `DAY_MARKET:EURUSD`: the same messages, for a client that shows
 * that instrument and not the whole market.
 */
export function dayMarketTopic(symbol: string): `DAY_MARKET:${string}` {
  return `DAY_MARKET:${symbol}`;
}

/** Kline topic of one instrument and period, e.g. `KLINE:EURUSD:1min`. */
export function klineTopic(symbol: string, period: string): `KLINE:${string}` {
  return `KLINE:${symbol}:${period}`;
}

export const WS_PING_INTERVAL_MS = 5000;
/** Reconnect when more than this many pings in a row went unanswered. */
export const WS_MAX_MISSED_PONGS = 2;
export const WS_CONNECT_TIMEOUT_MS = 5000;
