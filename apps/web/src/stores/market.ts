import { type Category, type DayMarketMessage, type Instrument, Topic } from '@meridian/contract';
import { create } from 'zustand';
import { type PersistStorage, persist, type StorageValue } from 'zustand/middleware';
import { fetchCategories, fetchTradeList } from '../api/market';
import { socket } from '../api/ws';

interface MarketState {
  instruments: Instrument[];
  categories: Category[];
  loaded: boolean;
  /** The instrument /trade shows. */
  currentId: number | null;
  select(id: number): void;
  load(): Promise<void>;
  applyQuotes(messages: DayMarketMessage[]): void;
}

type Persisted = Pick<MarketState, 'instruments' | 'categories' | 'currentId'>;

/**
 * sessionStorage written at most once a second and when the page is hidden. Quotes change the list many
 * times a second, and serializing the whole list on each change was most of the home screen's main-thread
 * time while it was loading (issue 11: Lighthouse long tasks in the quote listener).
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
      timer ??= setTimeout(flush, 1000);
    },
    removeItem(name) {
      queued = null;
      sessionStorage.removeItem(name);
    },
  };
}

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
        const [instruments, categories] = await Promise.all([fetchTradeList(), fetchCategories()]);
        const currentId = get().currentId ?? instruments[0]?.Id ?? null;
        set({ instruments, categories, loaded: true, currentId });
      },
      applyQuotes(messages) {
        const latest = new Map(messages.map((m) => [m.symbol, m.quotation]));
        set((state) => ({
          instruments: state.instruments.map((instrument) => {
            const q = latest.get(instrument.Code);
            if (!q) return instrument;
            return {
              ...instrument,
              ForexQuotations: { Open: q.open, Close: q.close, High: q.high, Low: q.low, Change: q.change },
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

export function useCurrentInstrument(): Instrument | undefined {
  return useMarket((s) => s.instruments.find((i) => i.Id === s.currentId) ?? s.instruments[0]);
}

let listening = false;

/**
 * The live market listener (SPEC.md §2: started by / and /trade): DAY_MARKET quotes, applied at most
 * once per animation frame however fast they arrive.
 */
export function startMarketListener(): void {
  if (listening) return;
  listening = true;
  let pending: DayMarketMessage[] = [];
  socket.subscribe(Topic.DAY_MARKET, (message) => {
    if (pending.length === 0) {
      requestAnimationFrame(() => {
        const batch = pending;
        pending = [];
        useMarket.getState().applyQuotes(batch);
      });
    }
    pending.push(message as unknown as DayMarketMessage);
  });
}
