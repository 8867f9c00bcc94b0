/** Websocket protocol at /v1/ws (SPEC.md §7, §9). */
export const WS_PATH = '/v1/ws';

export const Topic = {
  DAY_MARKET: 'DAY_MARKET',
  FOREX_TRADE: 'FOREX_TRADE',
  FOREX_CLOSED: 'FOREX_CLOSED',
  FOREX_FILLED: 'FOREX_FILLED',
  NOTIFICATION: 'NOTIFICATION',
} as const;

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
