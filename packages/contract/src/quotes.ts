/** Quote constants the app shares with the server, apart from the wire schemas (no zod in the web bundle). */

/**
 * A quote older than this while its market is open is stale (TRADING.md "Prices"): the server's default
 * QUOTE_MAX_AGE, and the age after which the app shows how old the last price is.
 */
export const QUOTE_MAX_AGE_MS = 10_000;
