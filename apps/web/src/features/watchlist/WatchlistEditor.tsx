import Popup from 'antd-mobile/es/components/popup';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import UpOutline from 'antd-mobile-icons/es/UpOutline';
import { useTranslation } from 'react-i18next';
import { useMarket } from '../../stores/market';
import { useInstrumentName } from '../../ui/instrumentName';
import { useWatchedInstruments, useWatchlist } from './store';
import { WatchStar } from './WatchStar';

/** A bottom sheet to reorder the favourites with a thumb: up and down buttons, and the star to take one off. */
export default function WatchlistEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const watched = useWatchedInstruments(useMarket((s) => s.instruments));
  const move = useWatchlist((s) => s.move);
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="watchlist-editor">
      <header className="watchlist-editor__header">
        <h2>{t('watchlist.reorder')}</h2>
        <button type="button" className="watchlist__edit" onClick={onClose}>
          {t('watchlist.done')}
        </button>
      </header>
      <ol className="watchlist-editor__list">
        {watched.map((instrument, index) => {
          const label = name(instrument.ShowCode);
          return (
            <li key={instrument.Id} className="watchlist-editor__row">
              <span className="watchlist-editor__name">
                <strong>{label}</strong>
                <small>{instrument.Code}</small>
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('watchlist.moveUp', { name: label })}
                disabled={index === 0}
                onClick={() => void move(instrument.Id, -1)}
              >
                <UpOutline />
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={t('watchlist.moveDown', { name: label })}
                disabled={index === watched.length - 1}
                onClick={() => void move(instrument.Id, 1)}
              >
                <DownOutline />
              </button>
              <WatchStar id={instrument.Id} name={label} />
            </li>
          );
        })}
      </ol>
    </Popup>
  );
}
