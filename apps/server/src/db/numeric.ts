import { dec } from '@meridian/core';

/** Numeric columns come back padded to their scale; operators read the exact value without the padding. */
export const exact = (value: string) => dec(value).toFixed();
