import { dec } from '@meridian/core';
import { startFakeFeed } from './fake-feed';

/** How the scripted provider quotes: one price (v1 ticks), or v2 quotes whose ask is `askPoints` points above the price, its bid. */
export interface ScriptedQuotes {
  askPoints?: number;
}

/** How often each scripted price is sent again with a fresh time: well within QUOTE_MAX_AGE (10 s). */
const KEEP_LIVE_MS = 1000;

/**
 * A price provider speaking docs/feed-protocol.md whose prices the test decides: a server started with
 * FEED=external and FEED_URL=`url` quotes exactly these instruments at exactly these prices. Each holds
 * the price it was last moved to, sent again every second so its quote stays live; `move` sends a new
 * one at once; `silence` stops one, so its quote goes stale.
 */
export async function startScriptedFeed(prices: Record<string, string>, options: ScriptedQuotes = {}) {
  const feed = await startFakeFeed();
  /** Each symbol's one price (v1), or its bid and ask (v2). */
  const current = new Map<string, string | { bid: string; ask: string }>(Object.entries(prices));
  const { askPoints } = options;
  const withAsk = (bid: string) => {
    const places = bid.split('.')[1]?.length ?? 0;
    return {
      bid,
      ask: dec(bid)
        .plus(dec(askPoints!).times(dec(10).pow(-places)))
        .toFixed(places),
    };
  };
  const send = (symbol: string, price: string | { bid: string; ask: string }) => {
    const time = Date.now();
    if (typeof price !== 'string') return feed.send({ type: 'quote', symbol, ...price, time, volume: 1 });
    if (askPoints !== undefined)
      return feed.send({ type: 'quote', symbol, ...withAsk(price), time, volume: 1 });
    feed.send({ type: 'tick', symbol, price, time, volume: 1 });
  };
  const timer = setInterval(() => {
    for (const [symbol, price] of current) send(symbol, price);
  }, KEEP_LIVE_MS);
  return {
    url: feed.url,
    /** Whether each price is sent as the bid (v2 quotes), or as one price the server puts its spread around. */
    sendsBids: askPoints !== undefined,
    /**
     * Resolves once the server has subscribed (it connected and asked for its instruments), having sent it
     * every price at once: a test's first order must not wait up to KEEP_LIVE_MS for its first quote.
     */
    async subscribed(): Promise<void> {
      await feed.subscribed(1);
      for (const [symbol, price] of current) send(symbol, price);
    },
    /** Moves `symbol` to `price` now (its bid, with `askPoints`). */
    move(symbol: string, price: string): void {
      current.set(symbol, price);
      send(symbol, price);
    },
    /** Quotes `symbol` at the provider's own `bid` and `ask` now (a v2 quote). */
    quote(symbol: string, bid: string, ask: string): void {
      current.set(symbol, { bid, ask });
      send(symbol, { bid, ask });
    },
    /** No more ticks of `symbol`: after QUOTE_MAX_AGE its quote is stale. */
    silence(symbol: string): void {
      current.delete(symbol);
    },
    async close(): Promise<void> {
      clearInterval(timer);
      await feed.close();
    },
  };
}

export type ScriptedFeed = Awaited<ReturnType<typeof startScriptedFeed>>;
