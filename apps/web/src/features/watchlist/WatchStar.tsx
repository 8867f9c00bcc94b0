import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../stores/user';
import { useWatchlist } from './store';

/** Stars or unstars an instrument: the watchlist is a signed-in trader's, so a visitor sees no star. */
export function WatchStar({
  id,
  name,
}: {
  id: number;
  /** The instrument's display name, for screen readers. */
  name: string;
}) {
  const { t } = useTranslation();
  const signedIn = useUser((s) => s.isLogin);
  const starred = useWatchlist((s) => s.ids.includes(id));
  const toggle = useWatchlist((s) => s.toggle);
  const load = useWatchlist((s) => s.load);

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  if (!signedIn) return null;
  return (
    <button
      type="button"
      className={starred ? 'watch-star watch-star--on' : 'watch-star'}
      aria-pressed={starred}
      aria-label={t(starred ? 'watchlist.unstar' : 'watchlist.star', { name })}
      onClick={() => void toggle(id)}
    >
      {starred ? <StarFill /> : <StarOutline />}
    </button>
  );
}
