/**
 * Numbers as a trader types them in the language of the screen, read into the plain decimal text every check
 * and the server take ("0.02"). A phone's decimal keypad types the language's decimal sign (German "0,02",
 * French "0,02"), an external keyboard may type "."; figures may carry the language's grouping ("1.000,5",
 * "1 000,5") or a space's. A grouping sign is never read as a decimal sign: where "." groups (German, Italian,
 * Turkish…) "1.000" is one thousand, as the screens write it, and "." is the decimal point only where it
 * cannot be grouping ("0.02", "1.5").
 */
import type { Language } from '@meridian/contract';
import { intlLocale } from '../i18n/languages';

interface Signs {
  decimal: string;
  group: string;
}

const signsOf = new Map<Language, Signs>();
/** The language's decimal and grouping signs, as Intl writes them (Intl's spaces read as one plain space). */
function languageSigns(lang: Language): Signs {
  let signs = signsOf.get(lang);
  if (!signs) {
    const parts = new Intl.NumberFormat(intlLocale(lang), { useGrouping: 'always' }).formatToParts(1000.5);
    const sign = (type: 'decimal' | 'group') => plainSpaces(parts.find((p) => p.type === type)?.value ?? '');
    signs = { decimal: sign('decimal'), group: sign('group') };
    signsOf.set(lang, signs);
  }
  return signs;
}

/** Every kind of space (Intl groups French with a narrow no-break space, Russian with a no-break one) as " ". */
const plainSpaces = (text: string) => text.replace(/[\s\u00a0\u2007\u2009\u202f]/g, ' ');

/**
 * Arabic-Indic and Persian digits, and the Arabic decimal and grouping signs, as an Arabic keypad types them
 * (the grouping sign as a space, which groups in every language); the direction marks right-to-left text puts
 * before a minus (Intl's Arabic "\u200e-1") left out.
 */
function latinDigits(text: string): string {
  return text
    .replace(/[\u061c\u200e\u200f]/g, '')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ' ');
}

/**
 * The whole number `digits` written with one of `groups` between groups of three ("1.000.000", "1 000"), or in
 * plain digits; null when it is neither. A leading zero is no group ("0.020" is not twenty).
 */
function wholeNumber(digits: string, groups: readonly string[]): string | null {
  if (/^\d+$/.test(digits)) return digits;
  for (const group of groups) {
    const [first = '', ...rest] = digits.split(group);
    if (rest.length > 0 && /^[1-9]\d{0,2}$/.test(first) && rest.every((part) => /^\d{3}$/.test(part)))
      return first + rest.join('');
  }
  return null;
}

/**
 * What the trader typed as plain decimal text ("0,02" in German → "0.02", "1.000,5" → "1000.5",
 * "1 000,5" in French → "1000.5"), with a leading minus kept for the checks to judge; null when it is no
 * number in the language (English "0,02", "1,000.5" in German, "abc", "").
 */
export function readDecimal(typed: string, lang: Language): string | null {
  const text = plainSpaces(latinDigits(typed)).trim();
  const negative = /^[-\u2212]/.test(text);
  const body = negative ? text.slice(1) : text;
  const { decimal, group } = languageSigns(lang);
  const groups = [...new Set([group, ' '])].filter((sign) => sign !== '');
  // The language's own reading first: a whole number with its grouping, then its decimal sign; "." last.
  let read = wholeNumber(body, groups);
  for (const point of [...new Set([decimal, '.'])]) {
    if (read !== null) break;
    const at = body.indexOf(point);
    if (at < 0 || body.indexOf(point, at + 1) >= 0) continue;
    const whole = wholeNumber(
      body.slice(0, at),
      groups.filter((sign) => sign !== point),
    );
    const fraction = body.slice(at + 1);
    if (whole !== null && /^\d+$/.test(fraction)) read = `${whole}.${fraction}`;
  }
  return read === null ? null : `${negative ? '-' : ''}${read}`;
}

/** Plain decimal text with the language's decimal sign, as a field shows it ("0.02" → "0,02"); other text as is. */
export function writeDecimal(value: string, lang: Language): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  return value.replace('.', languageSigns(lang).decimal);
}
