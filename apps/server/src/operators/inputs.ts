import type { AdminPageInput } from '@meridian/contract';

/** Page input of every back-office list (the contract's adminPageInput): 1-based page, bounded size. */
export type PageInput = AdminPageInput;

export const offsetOf = ({ page, size }: PageInput) => (page - 1) * size;

/** A page of rows with the total the table's pager needs. */
export interface Page<T> {
  rows: T[];
  total: number;
}
