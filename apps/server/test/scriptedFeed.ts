import { startFakeFeed } from './fakeFeed';

/** How often each scripted price is sent again with a fresh time: well within QUOTE_MAX_AGE (10 s). */
const KEEP_LIVE_MS = 1000;

/**
 * A price provider speaking docs/feed-protocol.md whose prices the test decides: a server started with
 * FEED=external and FEED_URL=`url` quotes exactly these instruments at exactly these prices. Each holds
 * the price it was last moved to, sent again every second so its quote stays live; `move` sends a new
 * one at once; `silence` stops one, so its quote goes stale.
 */
export async function startScriptedFeed(prices: Record<string, string>) {
  const feed = await startFakeFeed();
  const current = new Map(Object.entries(prices));
  const send = (symbol: string, price: string) =>
    feed.send({ type: 'tick', symbol, price, time: Date.now(), volume: 1 });
  const timer = setInterval(() => {
    for (const [symbol, price] of current) send(symbol, price);
  }, KEEP_LIVE_MS);
  return {
    url: feed.url,
    /**
     * Resolves once the server has subscribed (it connected and asked for its instruments), having sent it
     * every price at once: a test's first order must not wait up to KEEP_LIVE_MS for its first quote.
     */
    async subscribed(): Promise<void> {
      await feed.subscribed(1);
      for (const [symbol, price] of current) send(symbol, price);
    },
    /** Moves `symbol` to `price` now. */
    move(symbol: string, price: string): void {
      current.set(symbol, price);
      send(symbol, price);
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
