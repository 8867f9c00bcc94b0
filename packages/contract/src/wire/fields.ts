import { z } from 'zod';

/** Form fields arrive as text; an empty field means "not given". */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
export const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional());

/** A row id: a positive 32-bit integer, sent as a number or as text. */
export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const pageInput = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});

/** Prices, lots and amounts arrive as text; the trading rules say what is wrong with a bad one. */
export const decimalText = z.string().trim().max(40);

/** Money, prices and lots on the wire: decimal text, never a float (e.g. "1234.56", "-0.50"). */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A decimal, or '' where the figure does not apply yet. */
export const decimalOrBlank = z.union([decimal, z.literal('')]);
/** A UTC time as the wire writes it: "YYYY-MM-DD HH:mm:ss". */
export const utcTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
export const utcTimeOrBlank = z.union([utcTime, z.literal('')]);
/** A page of rows and how many there are in all. */
export const page = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });

/** An answer with nothing to say beyond its msg. */
export const nothing = z.null();
