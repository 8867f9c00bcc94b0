import { useTranslation } from 'react-i18next';
import type { CopyEvent } from '../../api/copying';
import { formatFigure } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';

/** What the provider did and how the copy took it: the lots scaled, or why it could not be copied. */
export function CopyEvents({ events }: { events: CopyEvent[] }) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  if (events.length === 0) return <p className="copy-events__empty muted">{t('copy.noEvents')}</p>;
  return (
    <ol className="copy-events">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an event has no id of its own and its row holds no state
        <li key={index} className={event.ok ? 'copy-event' : 'copy-event copy-event--failed'}>
          <div className="copy-event__head">
            <strong>{t(`copy.action.${event.action}`)}</strong>
            <span>{name(event.code)}</span>
            <span className={event.side === 1 ? 'tag tag--buy' : 'tag tag--sell'}>
              {t(event.side === 1 ? 'order.buy' : 'order.sell')}
            </span>
            <time className="copy-event__time num" dateTime={`${event.time.replace(' ', 'T')}Z`}>
              {event.time}
            </time>
          </div>
          <div className="copy-event__lots">
            {t('copy.lots')} <span className="num">{formatFigure(event.provider_lots)}</span>{' '}
            <span className="copy-arrow" aria-hidden="true">
              →
            </span>{' '}
            <span className="num">{event.lots ? formatFigure(event.lots) : '—'}</span>
          </div>
          <div className={event.ok ? 'copy-event__result up' : 'copy-event__result down'}>
            {event.ok ? t('copy.eventOk') : t('copy.eventFailed', { reason: event.reason })}
          </div>
        </li>
      ))}
    </ol>
  );
}
