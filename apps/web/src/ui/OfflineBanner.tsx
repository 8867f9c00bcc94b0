import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../api/ws';

/** Says, on every screen, that prices and the figures made from them are not live while the connection is down. */
export function OfflineBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  if (state !== 'offline' && state !== 'reconnecting') return null;
  return (
    <div className="offline-banner" role="status">
      {t(state === 'offline' ? 'offline.banner' : 'offline.reconnecting')}
    </div>
  );
}
