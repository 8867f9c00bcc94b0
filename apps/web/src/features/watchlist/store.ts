import type { Instrument } from '@meridian/contract';
import { useMemo } from 'react';
import { create } from 'zustand';
import { fetchWatchlist, reorderWatchlist, unwatch, watch } from '../../api/watchlist';
import { useUser } from '../../stores/user';

interface WatchlistState {
  /** The signed-in trader's favourite instruments, first to last. */
  ids: number[];
  /** Whose list is loaded (0: nobody's). */
  loadedFor: number;
  /** Loads the signed-in trader's list once. */
  load(): Promise<void>;
  /** Stars or unstars at once; put back as it was when the server refuses. */
  toggle(id: number): Promise<void>;
  /** Moves an instrument one place up (-1) or down (+1). */
  move(id: number, by: -1 | 1): Promise<void>;
}

/** Kept on the server only: a signed-out visitor has no favourites (no list of this device's own). */
export const useWatchlist = create<WatchlistState>()((set, get) => {
  let loading: Promise<void> | null = null;
  /** Shows `next` now and keeps what the server answers, or goes back to the list before. */
  async function optimistic(next: number[], save: () => Promise<number[]>) {
    const before = get().ids;
    set({ ids: next });
    try {
      set({ ids: await save() });
    } catch {
      set({ ids: before });
    }
  }
  return {
    ids: [],
    loadedFor: 0,
    load() {
      const userId = useUser.getState().user?.id ?? 0;
      if (userId === 0 || get().loadedFor === userId) return Promise.resolve();
      // Every star on the screen asks; one request answers them all.
      loading ??= fetchWatchlist()
        .then((ids) => {
          if (useUser.getState().user?.id === userId) set({ ids, loadedFor: userId });
        })
        .catch(() => {})
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    toggle(id) {
      const { ids } = get();
      return ids.includes(id)
        ? optimistic(
            ids.filter((i) => i !== id),
            () => unwatch(id),
          )
        : optimistic([...ids, id], () => watch(id));
    },
    async move(id, by) {
      const ids = [...get().ids];
      const from = ids.indexOf(id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      await optimistic(ids, () => reorderWatchlist(ids));
    },
  };
});

// Another trader signing in on this device must not see the last one's favourites.
useUser.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useWatchlist.setState({ ids: [], loadedFor: 0 });
});

/** The starred instruments of `instruments`, in the trader's order (none while signed out). */
export function useWatchedInstruments(instruments: Instrument[]): Instrument[] {
  const ids = useWatchlist((s) => s.ids);
  const signedIn = useUser((s) => s.isLogin);
  return useMemo(() => {
    if (!signedIn || ids.length === 0) return [];
    const byId = new Map(instruments.map((i) => [i.Id, i]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }, [ids, instruments, signedIn]);
}
