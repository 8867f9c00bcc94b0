import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@meridian/contract';
import { describe, expect, it } from 'vitest';
import { type MessageKey, translate } from './index';
import { ar } from './locales/ar';
import { cn } from './locales/cn';
import { de } from './locales/de';
import { en, type Messages } from './locales/en';
import { fr } from './locales/fr';
import { hk } from './locales/hk';
import { it as italian } from './locales/it';
import { jp } from './locales/jp';
import { kr } from './locales/kr';
import { pt } from './locales/pt';
import { ru } from './locales/ru';
import { spa } from './locales/spa';
import { th } from './locales/th';
import { tr } from './locales/tr';
import { vn } from './locales/vn';

const catalogs: Record<Language, Messages> = {
  hk,
  cn,
  en,
  jp,
  kr,
  th,
  vn,
  fr,
  de,
  ru,
  spa,
  pt,
  ar,
  it: italian,
  tr,
};

/** The plural categories of a language (CLDR, as Intl has them): Arabic's six, Russian's four, Chinese's one. */
const categories = (lang: Language) =>
  new Intl.PluralRules(LANGUAGE_TAGS[lang]).resolvedOptions().pluralCategories.slice().sort();
const FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Intl's spaces (Russian groups with a no-break one) as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const PLURALS = (Object.keys(en) as MessageKey[]).filter((key) => typeof en[key] !== 'string');

describe('the server message catalogue', () => {
  it('has every English key, and only those, in every language', () => {
    for (const lang of LANGUAGES)
      expect(Object.keys(catalogs[lang]).sort(), lang).toEqual(Object.keys(en).sort());
  });

  it("writes each plural in exactly the forms of the language's plural categories, by the figure English counts", () => {
    expect(PLURALS).toEqual(
      expect.arrayContaining([
        'lots_off_step',
        'lots_below_min',
        'lots_above_max',
        'close_rest_below_min',
        'copy_too_small',
      ]),
    );
    for (const lang of LANGUAGES)
      for (const key of Object.keys(en) as MessageKey[]) {
        const english = en[key];
        const message = catalogs[lang][key];
        if (typeof english === 'string') {
          expect(typeof message, `${lang} ${key}`).toBe('string');
          continue;
        }
        if (typeof message === 'string') throw new Error(`${lang} ${key} is no plural`);
        expect(message.by, `${lang} ${key}`).toBe(english.by);
        const forms = Object.keys(message).filter((name) => FORMS.has(name));
        expect(forms.sort(), `${lang} ${key}`).toEqual(categories(lang));
        // Every form says the figure it agrees with, and the other figures of the message.
        for (const form of forms)
          expect(placeholders(message[form as 'other']), `${lang} ${key} ${form}`).toEqual(
            placeholders(english.other),
          );
      }
  });

  it('counts the lots as each language does', () => {
    const lots = (lang: Language, key: MessageKey, figure: string) =>
      plain(translate(lang, key, { step: figure, min: figure, max: figure }));
    expect(lots('en', 'lots_off_step', '1')).toBe('The volume must be a multiple of 1 lot');
    expect(lots('en', 'lots_off_step', '0.01')).toBe('The volume must be a multiple of 0.01 lots');
    expect(lots('en', 'lots_below_min', '1')).toBe('The minimum volume is 1 lot');
    expect(lots('en', 'copy_too_small', '1')).toBe(
      'Too small to copy: the scaled volume is below the minimum of 1 lot',
    );
    expect(lots('de', 'lots_above_max', '1')).toBe('Das Maximum beträgt 1 Lot');
    expect(lots('de', 'close_rest_below_min', '1')).toBe(
      'Offen bleiben muss mindestens 1 Lot: schließen Sie alles oder weniger',
    );
    // Russian: 1 лот, 2 лота, 5 лотов, 21 лот, a fraction лота.
    expect(['1', '2', '5', '21', '0.01'].map((n) => lots('ru', 'lots_above_max', n))).toEqual([
      'Максимальный объём — 1 лот',
      'Максимальный объём — 2 лота',
      'Максимальный объём — 5 лотов',
      'Максимальный объём — 21 лот',
      'Максимальный объём — 0,01 лота',
    ]);
    // Arabic with digits: the plural from 3 to 10, the accusative singular from 11 to 99, the singular otherwise.
    expect(['1', '3', '50', '100'].map((n) => lots('ar', 'lots_below_min', n))).toEqual([
      'الحد الأدنى 1 لوت',
      'الحد الأدنى 3 لوتات',
      'الحد الأدنى 50 لوتًا',
      'الحد الأدنى 100 لوت',
    ]);
    // French counts below two as one, and a million "de lots".
    expect(lots('fr', 'lots_below_min', '0.01')).toBe('Le minimum est de 0,01 lot');
    expect(lots('fr', 'lots_above_max', '1000000')).toBe('Le maximum est de 1 000 000 de lots');
  });

  it('writes the figures of a message grouped in the language’s way, whole numbers too, but no ids or codes', () => {
    const max = (lang: Language) => plain(translate(lang, 'lots_above_max', { max: '1000' }));
    expect(max('en')).toBe('The maximum volume is 1,000 lots');
    expect(max('de')).toBe('Das Maximum beträgt 1.000 Lots');
    expect(max('ru')).toBe('Максимальный объём — 1 000 лотов');
    expect(max('ar')).toBe('الحد الأقصى 1,000 لوت');
    expect(translate('en', 'withdraw_below_min', { min: '1000' })).toBe('The minimum withdrawal is 1,000');
    expect(translate('en', 'code_too_soon', { seconds: 1 })).toBe(
      'Please wait 1 second before asking for another code',
    );
    expect(translate('en', 'statement_ref_order', { id: 12345 })).toBe('Order #12345');
    expect(translate('en', 'code_message', { code: '012345', minutes: 10 })).toBe(
      'Your Meridian verification code is 012345. It expires in 10 minutes. Never share it with anyone.',
    );
    expect(translate('de', 'notif_deposit_approved', { amount: '2500.00' })).toContain('2.500,00');
  });
});
