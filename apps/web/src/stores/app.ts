import { DEFAULT_LANGUAGE, type Language } from '@meridian/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface AppState {
  lang: Language;
  /** Whether balances are shown or masked in the user centre. */
  showBalance: boolean;
  setLang(lang: Language): void;
  toggleBalance(): void;
}

/** Persisted in localStorage (SPEC.md §9). */
export const useApp = create<AppState>()(
  persist(
    (set) => ({
      lang: DEFAULT_LANGUAGE,
      showBalance: true,
      setLang: (lang) => set({ lang }),
      toggleBalance: () => set((s) => ({ showBalance: !s.showBalance })),
    }),
    { name: 'app' },
  ),
);
