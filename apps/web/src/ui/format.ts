/**
 * Number text for the screens. Prices arrive as plain decimal text, so rounding is done on the digits
 * themselves, exactly as @meridian/core's toFixed does it (half up, away from zero, no "-0.00"), without
 * pulling decimal.js onto the home screen's first paint (issue 11: it was 13 KiB of the 170 KiB budget).
 * The rounded text then goes to Intl.NumberFormat as a string, which formats it exactly (no float in
 * between) with the language's grouping, decimal sign and layout.
 */
import type { Language } from '@meridian/contract';
import { intlLocale } from '../i18n/languages';
import { useApp } from '../stores/app';

/** The account currency: every balance, margin, fee and P&L is in USD (TRADING.md "Account currency"). */
export const ACCOUNT_CURRENCY = 'USD';
/** Money on screen at 2 decimals, fee and margin too (the wire keeps SPEC.md §9's 6 for them). */
export const BALANCE_PLACES = 2;

/** True when `value` is a finite decimal written in plain digits (no exponent, no hex, no spaces). */
function isDecimalText(value: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(value);
}

/** Adds one to a string of digits: "0999" → "1000", "99" → "100". */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** Decimal text (checked by isDecimalText) at exactly `places` decimals, rounded half up. */
export function toFixedText(value: string, places: number): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  let digits = whole + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction[places] ?? '0') >= '5') digits = incrementDigits(digits);
  const intPart = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0';
  const text = places > 0 ? `${intPart}.${digits.slice(digits.length - places)}` : intPart;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

const isNegative = (value: string) => value.startsWith('-');
const isZero = (value: string) => !/[1-9]/.test(value);

/** "12.5" → "0.125": a percent figure as the fraction Intl's percent style expects, moved on the digits. */
function percentToFraction(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const padded = whole.padStart(3, '0');
  const moved = `${padded.slice(0, -2)}.${padded.slice(-2)}${fraction}`.replace(/^0+(?=\d)/, '');
  return negative ? `-${moved}` : moved;
}

type Style = { kind: 'decimal' } | { kind: 'percent' } | { kind: 'currency'; code: string };
const formats = new Map<string, Intl.NumberFormat>();
/** Intl formatters are costly to build and the home screen formats prices four times a second: one per shape. */
function numberFormat(lang: Language, places: number, style: Style, signed: boolean): Intl.NumberFormat {
  const key = `${lang} ${places} ${style.kind} ${style.kind === 'currency' ? style.code : ''} ${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(lang), {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      signDisplay: signed ? 'exceptZero' : 'auto',
      ...(style.kind === 'decimal'
        ? {}
        : style.kind === 'percent'
          ? { style: 'percent' }
          : // XXX ("no currency") is the template for codes Intl does not know: shown as a code, not as ¤.
            {
              style: 'currency',
              currency: style.code,
              currencyDisplay: style.code === 'XXX' ? 'code' : 'symbol',
            }),
    });
    formats.set(key, format);
  }
  return format;
}

/** Decimal text, already at `places`, as Intl reads it: exactly, as a string. */
const exact = (text: string) => text as Intl.StringNumericLiteral;

/** Options of every figure: the language (the interface's by default) and a + on gains. */
interface FigureOptions {
  lang?: Language;
  signed?: boolean;
}

/** A decimal at `places` in the language's way (1,234.50 · 1.234,50 · 1 234,50); '--' when there is none. */
export function formatNumber(
  value: string | undefined | null,
  places: number,
  { lang = useApp.getState().lang, signed = false }: FigureOptions = {},
): string {
  if (!value || !isDecimalText(value)) return '--';
  return numberFormat(lang, places, { kind: 'decimal' }, signed).format(exact(toFixedText(value, places)));
}

/** A figure at the decimals it was sent with (a price, lots), in the language's way; '--' when there is none. */
export function formatFigure(value: string | undefined | null, options?: FigureOptions): string {
  return formatNumber(value, value?.split('.')[1]?.length ?? 0, options);
}

/** Lots in a message: the figure in the language's way, and the `count` i18next picks the plural by (1 lot, 2 lots). */
export function lotsParams(value: string): { lots: string; count: number } {
  return { lots: formatFigure(value), count: Number(value) };
}

/** A price at the instrument's precision (SPEC.md §9: default 2); '--' when there is none. */
export function formatPrice(value: string | undefined, precision = 2, options?: FigureOptions): string {
  return formatNumber(value, precision, options);
}

/** A percent figure ("0.25" is 0.25 %) at 2 decimals, signed by default: +0.25% · +0,25 % · %0,25. */
export function formatPercent(
  value: string | undefined | null,
  { lang = useApp.getState().lang, signed = true }: FigureOptions = {},
): string {
  if (!value || !isDecimalText(value)) return '--';
  const fraction = percentToFraction(toFixedText(value, 2));
  return numberFormat(lang, 2, { kind: 'percent' }, signed).format(exact(fraction));
}

/** Well-formed ISO 4217 codes go to Intl; others (USDT) take the place a code has in the language. */
const isIsoCode = (code: string) => /^[A-Z]{3}$/.test(code);

/**
 * Money at `places` with its currency where the language puts it ($1,234.50 · 1.234,50 $ · 1 234,50 $US);
 * a currency Intl does not know (USDT) is written as its code in the place a code takes.
 */
export function formatMoneyWithCurrency(
  value: string | undefined | null,
  {
    places = BALANCE_PLACES,
    currency = ACCOUNT_CURRENCY,
    ...options
  }: FigureOptions & { places?: number; currency?: string } = {},
): string {
  if (!value || !isDecimalText(value)) return '--';
  const { lang = useApp.getState().lang, signed = false } = options;
  const text = exact(toFixedText(value, places));
  if (isIsoCode(currency))
    return numberFormat(lang, places, { kind: 'currency', code: currency }, signed).format(text);
  return numberFormat(lang, places, { kind: 'currency', code: 'XXX' }, signed)
    .formatToParts(text)
    .map((part) => (part.type === 'currency' ? currency : part.value))
    .join('');
}

export function changeDirection(value: string | undefined): 'up' | 'down' | '' {
  if (!value || !isDecimalText(value)) return '';
  return isNegative(value) ? 'down' : isZero(value) ? '' : 'up';
}
