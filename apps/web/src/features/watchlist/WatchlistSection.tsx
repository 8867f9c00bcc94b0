import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The reorder sheet and antd-mobile's popup come only when the trader opens it: the home screen stays light. */
const WatchlistEditor = lazy(() => import('./WatchlistEditor'));

/** The home screen's first section: the trader's favourites (`children`, the live quote rows) and a way to reorder them. */
export function WatchlistSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <section className="watchlist" aria-labelledby="watchlist-title">
      <header className="watchlist__header">
        <h2 id="watchlist-title">{t('watchlist.title')}</h2>
        <button type="button" className="watchlist__edit" onClick={() => setEditing(true)}>
          {t('watchlist.reorder')}
        </button>
      </header>
      {children}
      {editing && (
        <Suspense fallback={null}>
          <WatchlistEditor onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </section>
  );
}
