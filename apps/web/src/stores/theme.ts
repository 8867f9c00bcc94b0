import { create } from 'zustand';

/** What the trader picked in settings; 'system' follows the phone's own light or dark setting. */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The device's choice in localStorage (never on the server); public/theme.js reads it before the first paint. */
const KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The browser's bar above the page takes the colour of the page's header (--card). */
const BAR_COLOUR: Record<Theme, string> = { light: '#ffffff', dark: '#161b22' };

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice !== 'system') return choice;
  return systemDark ? 'dark' : 'light';
}

/** The saved choice; anything else, or storage that cannot be read, is 'system'. */
export function savedChoice(read: () => string | null): ThemeChoice {
  try {
    const saved = read();
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** The same attributes public/theme.js sets at start; antd-mobile's dark variables key on the second. */
function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  if (theme === 'dark') root.setAttribute('data-prefers-color-scheme', 'dark');
  else root.removeAttribute('data-prefers-color-scheme');
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]'))
    meta.content = BAR_COLOUR[theme];
}

const readSaved = () => savedChoice(() => localStorage.getItem(KEY));
const systemDark = matchMedia(DARK_QUERY);

interface ThemeState {
  choice: ThemeChoice;
  /** The theme shown: the choice, or the system's for 'system'. */
  theme: Theme;
  choose(choice: ThemeChoice): void;
}

export const useTheme = create<ThemeState>()((set) => {
  const choice = readSaved();
  return {
    choice,
    theme: resolveTheme(choice, systemDark.matches),
    choose(next) {
      try {
        if (next === 'system') localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, next);
      } catch {
        // Storage blocked: the choice holds for this visit.
      }
      set({ choice: next, theme: resolveTheme(next, systemDark.matches) });
    },
  };
});

useTheme.subscribe((state, previous) => {
  if (state.theme !== previous.theme) applyTheme(state.theme);
});
applyTheme(useTheme.getState().theme);

/** The system switching (at dusk, say) or another tab choosing changes this page too. */
const follow = (choice: ThemeChoice) =>
  useTheme.setState({ choice, theme: resolveTheme(choice, systemDark.matches) });
systemDark.addEventListener('change', () => follow(useTheme.getState().choice));
window.addEventListener('storage', (event) => {
  if (event.key === KEY || event.key === null) follow(readSaved());
});
