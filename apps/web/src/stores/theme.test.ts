import { afterEach, describe, expect, it, vi } from 'vitest';
import startCode from '../../public/theme.js?raw';

/** A browser as far as the theme looks at it: saved choice (or storage that throws) and the system's setting. */
function device(saved: string | null | 'blocked', systemDark: boolean) {
  const attributes: Record<string, string> = {};
  const root = {
    dataset: {} as Record<string, string>,
    setAttribute: (name: string, value: string) => {
      attributes[name] = value;
    },
    removeAttribute: (name: string) => {
      delete attributes[name];
    },
  };
  const store = new Map<string, string>(saved && saved !== 'blocked' ? [['theme', saved]] : []);
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  return {
    root,
    attributes,
    store,
    globals: {
      document: { documentElement: root, querySelectorAll: () => [] },
      matchMedia: () => ({ matches: systemDark, addEventListener: () => {} }),
      get localStorage(): typeof storage {
        if (saved === 'blocked') throw new Error('SecurityError');
        return storage;
      },
      window: { addEventListener: () => {} },
    },
  };
}

async function openApp(phone: ReturnType<typeof device>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(Object.getOwnPropertyDescriptors(phone.globals)))
    Object.defineProperty(globalThis, name, { ...value, configurable: true });
  return import('./theme');
}

/** public/theme.js, run as the page runs it before the first paint. */
function startScript(phone: ReturnType<typeof device>) {
  const g = phone.globals;
  new Function('document', 'matchMedia', 'g', `with (g) { ${startCode} }`)(g.document, g.matchMedia, g);
}

afterEach(() => {
  for (const name of ['document', 'matchMedia', 'localStorage', 'window'])
    delete (globalThis as Record<string, unknown>)[name];
});

describe('the theme a trader sees', () => {
  it('follows the system when nothing is chosen: dark when the phone is dark', async () => {
    const phone = device(null, true);
    const { useTheme } = await openApp(phone);
    expect(useTheme.getState()).toMatchObject({ choice: 'system', theme: 'dark' });
    expect(phone.root.dataset.theme).toBe('dark');
    expect(phone.attributes['data-prefers-color-scheme']).toBe('dark');
  });

  it('keeps an explicit choice whatever the system says, and saves it on the device', async () => {
    const phone = device('light', true);
    const { useTheme } = await openApp(phone);
    expect(useTheme.getState().theme).toBe('light');
    useTheme.getState().choose('dark');
    expect(phone.store.get('theme')).toBe('dark');
    expect(phone.root.dataset.theme).toBe('dark');
    useTheme.getState().choose('system');
    expect(phone.store.has('theme')).toBe(false);
    expect(useTheme.getState().theme).toBe('dark');
  });

  it('falls back to the system when storage cannot be read or holds something else', async () => {
    const blocked = device('blocked', false);
    const { useTheme, savedChoice } = await openApp(blocked);
    expect(useTheme.getState()).toMatchObject({ choice: 'system', theme: 'light' });
    useTheme.getState().choose('dark');
    expect(useTheme.getState().theme).toBe('dark');
    expect(savedChoice(() => 'purple')).toBe('system');
  });

  it('is the same before the first paint (public/theme.js) as in the app', async () => {
    for (const saved of [null, 'light', 'dark', 'blocked', 'purple'] as const)
      for (const systemDark of [false, true]) {
        const early = device(saved, systemDark);
        startScript(early);
        const later = device(saved, systemDark);
        await openApp(later);
        expect(early.root.dataset.theme, `${saved} ${systemDark}`).toBe(later.root.dataset.theme);
        expect(early.attributes).toEqual(later.attributes);
      }
  });
});
