import { z } from 'zod';

/** Form fields arrive as text; an empty field means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
/** Text that is not plain digits is no id: Number() would read "0x10" as 16, "1e2" as 100 and " 1 " as 1. */
const digitsOnly = (value: unknown) =>
  typeof value === 'string' && !/^\d+$/.test(value) ? Number.NaN : value;

/** A row id: a positive 32-bit integer, sent as a number or as digits. */
export const id = z.preprocess(
  digitsOnly,
  z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
);
export const optionalId = z.preprocess(blankToUndefined, id.optional());

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
export type Page<T> = z.infer<ReturnType<typeof page<z.ZodType<T>>>>;

/** An answer with nothing to say beyond its msg. */
export const nothing = z.null();

/** Page input of every back-office list: 1-based page and a bounded page size (20 unless given). */
export const adminPageInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type AdminPageInput = z.output<typeof adminPageInput>;

/** An optional text filter of a back-office list: blank means "no filter". */
export const filterText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);

/** A yes/no from JSON (true/false) or a form ('true'/'false', '1'/'0'). */
export const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** A back-office page of rows and how many there are in all. */
export const rowsPage = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int() });
export type RowsPage<T> = z.infer<ReturnType<typeof rowsPage<z.ZodType<T>>>>;

/**
 * A time as JSON writes a Date: ISO 8601 in UTC ("2024-05-01T12:00:00.000Z"). The server's view may hold
 * it as a Date still; what it sends is the text.
 */
export const isoTime = z.union([z.iso.datetime(), z.date().transform((d) => d.toISOString())]);

/** The url image_upload returned for a picture the caller uploaded (proofs, ID pictures). */
export const uploadUrl = z.string().trim().min(1).max(500);

/** A back-office change filed for a second operator instead of being made (four eyes): status 0, waiting. */
export const filedRequest = z.object({ request_id: z.number().int(), status: z.literal(0) });
export type FiledRequest = z.infer<typeof filedRequest>;
