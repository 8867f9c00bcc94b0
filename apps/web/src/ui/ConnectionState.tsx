import type { Instrument, Language } from '@meridian/contract';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { socket } from '../api/ws';
import { intlLocale } from '../i18n/languages';
import { useApp } from '../stores/app';
import { quotes } from '../stores/market';

type Quoted = Pick<Instrument, 'Code' | 'MarketStatus'>;

const onSocketState = (onChange: () => void) => socket.onState(onChange);
const socketState = () => socket.state;

/** The socket's state as React renders it: connecting, live, reconnecting or offline. */
export function useConnectionState() {
  return useSyncExternalStore(onSocketState, socketState, socketState);
}

/** One timer for every price age on the screen, running only while one is shown. */
const secondListeners = new Set<() => void>();
let secondTimer: ReturnType<typeof setInterval> | undefined;
function everySecond(listener: () => void): () => void {
  secondListeners.add(listener);
  secondTimer ??= setInterval(() => {
    for (const l of secondListeners) l();
  }, 1000);
  return () => {
    secondListeners.delete(listener);
    if (secondListeners.size > 0) return;
    clearInterval(secondTimer);
    secondTimer = undefined;
  };
}

/**
 * The whole seconds of the instrument's stale price, -1 while it is fresh: a number, so that a row is drawn
 * again only when what it shows changes, not every second.
 */
function useStaleSeconds(instrument: Quoted): number {
  const read = () => {
    const age = quotes.staleAge(instrument, Date.now());
    return age === undefined ? -1 : Math.floor(age / 1000);
  };
  return useSyncExternalStore(everySecond, read, read);
}

const formats = new Map<Language, Intl.RelativeTimeFormat>();
/** "Last price 42 sec. ago" in the interface language. */
function useStaleText(seconds: number): string | null {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  if (seconds < 0) return null;
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlLocale(lang), { style: 'short' });
    formats.set(lang, format);
  }
  const ago =
    seconds < 60
      ? format.format(-seconds, 'second')
      : seconds < 3600
        ? format.format(-Math.floor(seconds / 60), 'minute')
        : format.format(-Math.floor(seconds / 3600), 'hour');
  return t('connection.stale', { ago });
}

/**
 * Whether prices are live, as a dot and a word, and, for `instrument`, how old its price is once it is
 * stale: a trader must not take a frozen number for the market. A closed market's price is not live, however
 * well connected the app is: it says closed.
 */
export function ConnectionState({ instrument }: { instrument?: Quoted }) {
  const { t } = useTranslation();
  const connection = useConnectionState();
  const state = connection === 'live' && instrument && instrument.MarketStatus !== 1 ? 'closed' : connection;
  const stale = useStaleText(useStaleSeconds(instrument ?? NOT_QUOTED));
  return (
    <span className={`connection connection--${state}`} data-state={state}>
      <span className="connection__dot" aria-hidden="true" />
      {/* Announced when the state changes; the age beside it, counting every second, is not. */}
      <span className="connection__word" role="status">
        {state === 'closed' ? t('market.closed') : t(`connection.${state}`)}
      </span>
      {stale && <span className="connection__age">{stale}</span>}
    </span>
  );
}
/** No instrument: nothing is ever stale. */
const NOT_QUOTED: Quoted = { Code: '', MarketStatus: 0 };

/** A quote row's note that its price is stale, how old it is, in place of `children` (shown while fresh). */
export function StaleAge({ instrument, children }: { instrument: Quoted; children: ReactNode }) {
  const stale = useStaleText(useStaleSeconds(instrument));
  return stale ? <span className="quote-row__stale">{stale}</span> : children;
}
