import type { Language } from '@meridian/contract';
// The first screen imports antd-mobile per component (not the package index, which reaches every widget):
// its global styles, then the pieces it shows.
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { type ComponentType, StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App';
import { syncSession } from './api/session';
import { socket } from './api/ws';
import { honourCompanyStatus } from './features/company/status';
import { initialLanguage, setupI18n } from './i18n';
import { useApp } from './stores/app';
// Follows the system's light or dark setting as it changes (public/theme.js chose the first one).
import './stores/theme';
import { afterFirstPaint, afterSettled } from './ui/afterPaint';
import './styles.css';

type AntdLocale = typeof enUS;

/**
 * The service worker and its update prompt (a chunk of their own, off the first screen's path), loaded once the
 * visit has settled (ui/afterPaint.ts). Offline, the chunk waits for the connection: a lazy component whose
 * import fails would throw past every boundary and take the whole app off the screen. A component of its own:
 * state set in Root would redraw the whole app once more (issue 11: total blocking time).
 */
function PwaUpdateWhenSettled() {
  const [PwaUpdate, setPwaUpdate] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      import('./ui/PwaUpdate').then(
        (module) => live && setPwaUpdate(() => module.default),
        () => window.addEventListener('online', load, { once: true }),
      );
    afterSettled(() => live && void load());
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, []);
  return PwaUpdate ? <PwaUpdate /> : null;
}

/** antd-mobile's own strings (pull-to-refresh, dialogs, pickers) in the interface language. */
const antdLocales: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  cn: () => import('antd-mobile/es/locales/zh-CN'),
  en: async () => ({ default: enUS }),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
};

/** The antd-mobile locale of `lang`, English where its chunk cannot be fetched. */
const antdLocale = (lang: Language): Promise<AntdLocale> =>
  antdLocales[lang]().then(
    (m) => m.default,
    () => enUS,
  );

/** `first` is the start language's antd-mobile locale, fetched before the first render; later changes fetch theirs. */
function Root({ first }: { first: AntdLocale }) {
  const lang = useApp((s) => s.lang);
  const [locale, setLocale] = useState<{ lang: Language; locale: AntdLocale }>(() => ({
    lang,
    locale: first,
  }));
  useEffect(() => {
    if (locale.lang === lang) return;
    let live = true;
    void antdLocale(lang).then((next) => live && setLocale({ lang, locale: next }));
    return () => {
      live = false;
    };
  }, [lang, locale.lang]);
  return (
    <ConfigProvider locale={locale.locale}>
      <App />
      <PwaUpdateWhenSettled />
    </ConfigProvider>
  );
}

/**
 * Fetches the language (the app's strings and antd-mobile's) and the page the app opens on side by side,
 * then renders them at once. Not a top-level await: the page's chunk imports modules bundled with this one,
 * and importing it while this module is still evaluating would wait forever.
 */
async function start(): Promise<void> {
  const language = initialLanguage(window.location.search);
  // First: API calls made from here on carry the language.
  const strings = setupI18n(language);
  socket.open();
  const [, , locale] = await Promise.all([
    strings,
    preloadRoute(window.location.pathname),
    antdLocale(language),
  ]);
  syncSession();
  // Not on the first paint's path: a company taken offline (status ≠ 0) sends the page away a moment later.
  afterFirstPaint(() => void honourCompanyStatus());
  const root = createRoot(document.getElementById('root')!);
  // A transition: React yields to the browser every few milliseconds instead of holding the main thread for
  // the whole first render (one task of 84 ms in a Lighthouse trace, 340 ms at its 4×: its longest after FCP).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root first={locale} />
      </StrictMode>,
    ),
  );
}

void start();
