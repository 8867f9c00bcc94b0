import { z } from 'zod';

/** A positive amount as decimal text, at most 8 decimals (the money columns' scale). */
export const positiveAmount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/)
  .refine((v) => !/^0+(\.0+)?$/.test(v));

/** A non-negative amount as decimal text (fees, rates, limits). */
export const amountOrZero = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/);

/** Free text from a form: trimmed, bounded, '' when absent. */
export const text = (max: number) => z.string().trim().max(max).default('');

/** An upload's url as the upload call returned it. */
export const uploadUrl = z.string().trim().min(1).max(500);
