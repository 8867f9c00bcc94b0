import { useSyncExternalStore } from 'react';

/** The operator's pick in the header; 'system' follows the computer's light or dark setting. */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** Kept on this computer only; public/theme.js reads it before the first paint. */
const KEY = 'admin-theme';
const systemDark = matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function saved(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

let choice = saved();
const isDark = () => choice === 'dark' || (choice === 'system' && systemDark.matches);

function publish(): void {
  document.documentElement.dataset.theme = isDark() ? 'dark' : 'light';
  for (const listener of listeners) listener();
}
systemDark.addEventListener('change', publish);

export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // Storage blocked: the choice holds for this visit.
  }
  publish();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The choice and whether the back office is dark now (the choice, or the system's for 'system'). */
export function useAdminTheme(): { choice: ThemeChoice; dark: boolean } {
  return {
    choice: useSyncExternalStore(subscribe, () => choice),
    dark: useSyncExternalStore(subscribe, isDark),
  };
}
