/// <reference types="vite-plugin-pwa/react" />

import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showConfirm } from './notice';

/**
 * Registers the service worker (the installable app's shell cache) and, when a new version is waiting,
 * asks before reloading into it. Loaded once the visit has settled (main.tsx); renders nothing itself.
 * Becoming ready to work offline is not announced: a toast a few seconds into the first visit became the
 * page's largest contentful paint and cost the home screen its Lighthouse LCP (issue 11).
 */
export default function PwaUpdate() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh) return;
    void showConfirm(t('pwa.updateReady'), t('pwa.reload'), t('pwa.later')).then((reload) => {
      setNeedRefresh(false);
      if (reload) void updateServiceWorker(true);
    });
  }, [needRefresh, setNeedRefresh, updateServiceWorker, t]);

  return null;
}
