import { z } from 'zod';

/** Page input of every back-office list: 1-based page, bounded size. */
export const pageInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageInput = z.infer<typeof pageInput>;

export const offsetOf = ({ page, size }: PageInput) => (page - 1) * size;

/** A page of rows with the total the table's pager needs. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Optional text filter: blank means "no filter". */
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

/** A row id. */
export const id = z.coerce.number().int().positive().max(2_147_483_647);
