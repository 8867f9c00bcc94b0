/** The watchlist's constants, apart from the wire schemas so that a client can use them without zod. */

/** Favourite instruments a trader may keep at once. */
export const WATCHLIST_MAX = 50;
