/**
 * Number text for the screens. Prices arrive as plain decimal text, so rounding is done on the digits
 * themselves, exactly as @meridian/core's toFixed does it (half up, away from zero, no "-0.00"), without
 * pulling decimal.js onto the home screen's first paint (issue 11: it was 13 KiB of the 170 KiB budget).
 */

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

/** A price at the instrument's precision (SPEC.md §9: default 2); '--' when there is none. */
export function formatPrice(value: string | undefined, precision = 2): string {
  return value && isDecimalText(value) ? toFixedText(value, precision) : '--';
}

/** A signed percent change, e.g. +0.25% or -1.10%. */
export function formatChange(value: string | undefined): string {
  if (!value || !isDecimalText(value)) return '--';
  return `${isNegative(value) ? '' : '+'}${toFixedText(value, 2)}%`;
}

export function changeDirection(value: string | undefined): 'up' | 'down' | '' {
  if (!value || !isDecimalText(value)) return '';
  return isNegative(value) ? 'down' : isZero(value) ? '' : 'up';
}

/** Money at 2 decimals (balances, P&L on screen); '--' when there is none. */
export function formatMoney(value: string | undefined): string {
  return value && isDecimalText(value) ? toFixedText(value, 2) : '--';
}
