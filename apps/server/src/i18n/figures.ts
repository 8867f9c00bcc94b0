import { LANGUAGE_TAGS, type Language } from '@meridian/contract';
import type { MessageParams } from './index';

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

/**
 * Decimal text in the reader's way (96,313.61 · 96.313,61 · 96 313,61), Latin digits, at the decimals it was
 * written with: Intl reads the text exactly, as a string. Anything else is returned as it is.
 */
export function localFigure(lang: Language, text: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const places = text.split('.')[1]?.length ?? 0;
  return figureFormat(lang, places).format(text as Intl.StringNumericLiteral);
}

/**
 * A message's params with their prices and money (decimal text with a fraction: '96313.61') in the reader's
 * way; whole numbers (ids, counts, minutes, codes) stay as they are.
 */
export function localDecimals(lang: Language, params: MessageParams): MessageParams {
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params))
    out[name] = typeof value === 'string' && /^-?\d+\.\d+$/.test(value) ? localFigure(lang, value) : value;
  return out;
}
