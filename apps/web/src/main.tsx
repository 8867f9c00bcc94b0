import type { Language } from '@meridian/contract';
// The first screen imports antd-mobile per component (not the package index, which reaches every widget):
// its global styles, then the pieces it shows.
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './App';
import { syncSession } from './api/session';
import { honourCompanyStatus } from './features/company/status';
import { setupI18n } from './i18n';
import { useApp } from './stores/app';
import { afterFirstPaint } from './ui/afterPaint';
import './styles.css';

type AntdLocale = typeof enUS;

/** The service worker and its update prompt, fetched after the first paint (not on its path). */
const PwaUpdate = lazy(() => import('./ui/PwaUpdate'));

function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted;
}

/** antd-mobile's own strings (pull-to-refresh, dialogs, pickers) in the interface language. */
const antdLocales: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
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

function Root() {
  const lang = useApp((s) => s.lang);
  const [locale, setLocale] = useState<AntdLocale>(enUS);
  useEffect(() => {
    let live = true;
    void antdLocales[lang]().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [lang]);
  const painted = usePainted();
  return (
    <ConfigProvider locale={locale}>
      <App />
      {painted && (
        <Suspense fallback={null}>
          <PwaUpdate />
        </Suspense>
      )}
    </ConfigProvider>
  );
}

/**
 * Fetches the language and the page the app opens on side by side, then renders both at once. Not a
 * top-level await: the page's chunk imports modules bundled with this one, and importing it while this
 * module is still evaluating would wait forever.
 */
async function start(): Promise<void> {
  await Promise.all([setupI18n(), preloadRoute(window.location.pathname)]);
  syncSession();
  void honourCompanyStatus();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();
