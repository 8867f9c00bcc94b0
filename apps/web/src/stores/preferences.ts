import { create } from 'zustand';
import { inOrder } from '../api/inOrder';
import { fetchPreferences, type Preferences, savePreferences } from '../api/preferences';
import { useUser } from './user';

/** The server's defaults, shown to a visitor and until a trader's own arrive. */
const DEFAULTS: Preferences = {
  one_tap: false,
  chart_type: 'candles',
  chart_period: '15min',
  chart_indicators: [],
};

interface PreferencesState {
  preferences: Preferences;
  /** Whose preferences are loaded (0: none, the defaults). */
  loadedFor: number;
  /** Loads the signed-in trader's preferences once. */
  load(): Promise<void>;
  /** Changes some at once; kept on the server for a signed-in trader, put back if the server refuses. */
  change(patch: Partial<Preferences>): Promise<void>;
}

/** Counts changes, so that only the latest one's answer is applied. */
let changes = 0;
/** Two quick taps are saved in the order they were made: the server keeps the one that arrives last. */
const save = inOrder(savePreferences);

export const usePreferences = create<PreferencesState>()((set, get) => ({
  preferences: DEFAULTS,
  loadedFor: 0,
  async load() {
    const userId = useUser.getState().user?.id ?? 0;
    if (userId === 0 || get().loadedFor === userId) return;
    const preferences = await fetchPreferences().catch(() => null);
    if (preferences) set({ preferences, loadedFor: userId });
  },
  async change(patch) {
    const before = get().preferences;
    const mine = ++changes;
    set({ preferences: { ...before, ...patch } });
    if (!useUser.getState().isLogin) return;
    // Only the latest change's answer is taken: an earlier one arriving late must not undo a later choice.
    try {
      const saved = await save(patch);
      if (mine === changes) set({ preferences: saved });
    } catch {
      if (mine === changes) set({ preferences: before });
    }
  },
}));

// Another trader signing in on this device must not see the last one's choices.
useUser.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) usePreferences.setState({ preferences: DEFAULTS, loadedFor: 0 });
});
