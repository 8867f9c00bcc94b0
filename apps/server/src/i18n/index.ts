import type { Language } from '@meridian/contract';
import { localFigures, type MessageParams } from './figures';
import { ar } from './locales/ar';
import { cn } from './locales/cn';
import { de } from './locales/de';
import { en, type MessageKey, type Messages } from './locales/en';
import { fr } from './locales/fr';
import { hk } from './locales/hk';
import { it } from './locales/it';
import { jp } from './locales/jp';
import { kr } from './locales/kr';
import { pt } from './locales/pt';
import { ru } from './locales/ru';
import { spa } from './locales/spa';
import { th } from './locales/th';
import { tr } from './locales/tr';
import { vn } from './locales/vn';
import { pluralText } from './plural';

export type { MessageKey };

/** Server messages in every interface language; the type makes a missing key a compile error. */
const catalogs: Record<Language, Messages> = { hk, cn, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr };

export type { MessageParams };

/**
 * The message `key` in `language` with its params: a plural's form for the figure it counts by, and the
 * figures (lots, prices, money, counts) written in the language's way, grouped ("1,000 lots", "1.000 Lots").
 */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const message = catalogs[language][key];
  const text = typeof message === 'string' ? message : pluralText(language, message, params[message.by]);
  const figures = localFigures(language, params);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(figures[name] ?? ''));
}
