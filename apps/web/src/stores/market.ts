import type { Category, Instrument } from '@meridian/contract';
import type { PriceLookup } from '@meridian/core';
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { fetchCategories, fetchTradeList } from '../api/market';
import { sharedFor } from '../api/shared';
import { socket } from '../api/ws';
import { useApp } from './app';
import { priceLookup } from './prices';
import { type Quote, QuoteFollower } from './quoteFollower';

interface MarketState {
  instruments: Instrument[];
  categories: Category[];
  loaded: boolean;
  /** The instrument /trade shows. */
  currentId: number | null;
  select(id: number): void;
  load(): Promise<void>;
  applyQuotes(quotes: Quote[]): void;
}

type Persisted = Pick<MarketState, 'instruments' | 'categories' | 'currentId'>;

/**
 * sessionStorage written at most every 5 s and when the page is hidden (a reload hides it first). Quotes
 * change the list many times a second, and serializing the whole list on each change was most of the home
 * screen's main-thread time while it was loading (issue 11: Lighthouse long tasks in the quote listener).
 */
function lazySessionStorage(): PersistStorage<Persisted> {
  let queued: [string, StorageValue<Persisted>] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!queued) return;
    const [name, value] = queued;
    queued = null;
    try {
      sessionStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Storage full or unavailable: the list is fetched again on the next visit.
    }
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  return {
    getItem(name) {
      const text = sessionStorage.getItem(name);
      return text ? (JSON.parse(text) as StorageValue<Persisted>) : null;
    },
    setItem(name, value) {
      queued = [name, value];
      timer ??= setTimeout(flush, 5000);
    },
    removeItem(name) {
      queued = null;
      sessionStorage.removeItem(name);
    },
  };
}

/**
 * The list and its categories, shared by the start-up prefetch and the page that then mounts (api/shared.ts),
 * in one language: the category names are the server's, in the language asked for.
 */
const requestMarket = sharedFor(() => Promise.all([fetchTradeList(), fetchCategories()]), {
  keyOf: () => useApp.getState().lang,
});
/** The answer last put in the store: a second caller of the same shared answer must not undo the quotes since. */
let applied: unknown = null;

/** The trade list lives in sessionStorage (SPEC.md §9) so a reload paints at once, then refreshes. */
export const useMarket = create<MarketState>()(
  persist(
    (set, get) => ({
      instruments: [],
      categories: [],
      loaded: false,
      currentId: null,
      select: (id) => set({ currentId: id }),
      async load() {
        const answer = await requestMarket();
        if (answer === applied) return;
        applied = answer;
        const [instruments, categories] = answer;
        const currentId = get().currentId ?? instruments[0]?.Id ?? null;
        set({ instruments, categories, loaded: true, currentId });
      },
      applyQuotes(quotes) {
        const latest = new Map(quotes.map((m) => [m.symbol, m.quotation]));
        set((state) => ({
          instruments: state.instruments.map((instrument) => {
            const q = latest.get(instrument.Code);
            if (!q) return instrument;
            return {
              ...instrument,
              ForexQuotations: { Open: q.open, Close: q.close, High: q.high, Low: q.low, Change: q.change },
              Bid: q.bid,
              Ask: q.ask,
            };
          }),
        }));
      },
    }),
    {
      name: 'market',
      storage: lazySessionStorage(),
      partialize: (s): Persisted => ({
        instruments: s.instruments,
        categories: s.categories,
        currentId: s.currentId,
      }),
    },
  ),
);

/**
 * Loads the instrument list for a screen that needs its terms (lot step, minimum, precision) and may be the
 * first one opened (a reload, a deep link): until now only the market and trade screens asked for it.
 */
export function useInstrumentTerms(): void {
  const load = useMarket((s) => s.load);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
}

/** Current prices by pair code, for converting P&L and margin of non-USD instruments to USD. */
export function usePriceLookup(): PriceLookup {
  const instruments = useMarket((s) => s.instruments);
  return useMemo(() => priceLookup(instruments), [instruments]);
}

export function useCurrentInstrument(): Instrument | undefined {
  return useMarket((s) => s.instruments.find((i) => i.Id === s.currentId) ?? s.instruments[0]);
}

/** Quotes are shown in batches this often: four redraws a second read as live, and cost a phone far less than one a tick. */
const QUOTE_BATCH_MS = 250;

let pending: Quote[] = [];
/**
 * Quotes applied together at most every QUOTE_BATCH_MS however fast they arrive (about 35 a second from the
 * simulated feed when every instrument was followed: one redraw each kept the main thread busy for the whole
 * load, issue 11).
 */
function takeQuotes(quotes: Quote[]): void {
  if (pending.length === 0)
    setTimeout(() => {
      const batch = pending;
      pending = [];
      useMarket.getState().applyQuotes(batch);
    }, QUOTE_BATCH_MS);
  pending.push(...quotes);
}

/** The app's quotes (SPEC.md §2: the live market listener), taken for what is on screen (stores/quoteFollower.ts). */
export const quotes = new QuoteFollower(socket, takeQuotes);

/**
 * Follows the quotes of `symbols` (instrument codes) while the calling screen is mounted: each on its own
 * DAY_MARKET:<symbol>, every tick. A screen shows an instrument's price, or works a figure out from it.
 */
export function useFollowQuotes(symbols: readonly string[]): void {
  const key = [...new Set(symbols)].sort().join(',');
  useEffect(() => (key ? quotes.follow(key.split(',')) : undefined), [key]);
}

/** Follows the whole market's quotes, at most once a second (DAY_MARKET_SNAPSHOT), while `shown`: a screen listing it. */
export function useFollowMarketList(shown = true): void {
  useEffect(() => (shown ? quotes.followList() : undefined), [shown]);
}
