import { LANGUAGE_TAGS, type Language } from '@meridian/contract';

export type MessageParams = Record<string, string | number>;

const formats = new Map<string, Intl.NumberFormat>();
/** One formatter per language and decimals: building one costs more than formatting a page of messages. */
function figureFormat(lang: Language, places: number): Intl.NumberFormat {
  const key = `${lang} ${places}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(`${LANGUAGE_TAGS[lang]}-u-nu-latn`, {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
    formats.set(key, format);
  }
  return format;
}

const isDecimalText = (text: string) => /^-?\d+(\.\d+)?$/.test(text);
/** The decimals a figure is written with: "0.01" has 2, "1000" none. */
export const placesOf = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * Decimal text in the reader's way, grouped (96,313.61 · 96.313,61 · 96 313,61 · 1,000), Latin digits, at the
 * decimals it was written with: Intl reads the text exactly, as a string. Anything else is returned as it is.
 */
export function localFigure(lang: Language, text: string): string {
  if (!isDecimalText(text)) return text;
  return figureFormat(lang, placesOf(text)).format(text as Intl.StringNumericLiteral);
}

/**
 * The params of messages that are figures: lots, prices, money, rates, counts and durations. The others
 * (ids, order numbers, codes, names, addresses) are written as they are: "#1234", never "#1,234".
 */
const FIGURES: ReadonlySet<string> = new Set([
  'step',
  'min',
  'max',
  'count',
  'days',
  'seconds',
  'minutes',
  'decimals',
  'available',
  'amount',
  'price',
  'level',
  'profit',
  'rate',
  'percent',
]);

/** A message's params with their figures in the reader's way (1,000 lots · 1.000 Lots · 96 313,61). */
export function localFigures(lang: Language, params: MessageParams): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params))
    out[name] = FIGURES.has(name) ? localFigure(lang, String(value)) : value;
  return out;
}
