import { dec, isDecimalText } from '@meridian/core';

/** An amount the user typed that is a positive decimal, or undefined. */
export function positiveAmount(text: string): string | undefined {
  const value = text.trim();
  return isDecimalText(value) && dec(value).gt(0) ? value : undefined;
}
