import { LANGUAGE_TAGS, type Language } from '@meridian/contract';
import { placesOf } from './figures';

/**
 * A message whose words agree with one of its figures ("1 lot", "2 lots"; Russian "1 лот", "2 лота",
 * "5 лотов", "0,01 лота"): `by` names that param, and the text of each CLDR plural category of the
 * language (Intl.PluralRules) is given, every one the language has and no other.
 */
export interface Plural {
  by: string;
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

const rules = new Map<string, Intl.PluralRules>();
/** The plural rules of a language for a figure written with `places` decimals (1 lot, but 1.0 lots). */
function pluralRules(lang: Language, places: number): Intl.PluralRules {
  const key = `${lang} ${places}`;
  let found = rules.get(key);
  if (!found) {
    found = new Intl.PluralRules(LANGUAGE_TAGS[lang], { minimumFractionDigits: places });
    rules.set(key, found);
  }
  return found;
}

/** The text of `plural` for the figure `count` as written (decimal text or a number): its category's form. */
export function pluralText(lang: Language, plural: Plural, count: string | number | undefined): string {
  if (count === undefined || !/^-?\d+(\.\d+)?$/.test(String(count))) return plural.other;
  const category = pluralRules(lang, placesOf(String(count))).select(Number(count));
  return plural[category] ?? plural.other;
}
