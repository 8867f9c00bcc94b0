import { intlLocale } from '../../i18n/languages';
import { useApp } from '../../stores/app';

/** A timestamp as a short date and time in the interface language, in UTC like the rest of the app, with Latin digits. */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(useApp.getState().lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
