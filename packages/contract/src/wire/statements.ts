import { z } from 'zod';
import { api } from '../api';
import { endpoint } from '../endpoint';
import { CLOSE_REASONS } from '../orders';
import { LEDGER_TYPES, STATEMENT_FORMATS } from '../statements';
import { decimal, decimalOrBlank, optionalId } from './fields';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A UTC calendar day, "YYYY-MM-DD", that exists. */
export const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => {
    // A day like 2026-02-30 rolls over to March; one that is no day at all is not a date.
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
  });
const optionalDay = z.preprocess(blankToUndefined, utcDay.optional());

/** Optional filters of a statement: UTC days from and to (inclusive) and the instrument; blank means none. */
const periodFilters = { from: optionalDay, to: optionalDay, forex_id: optionalId };

/** The ledger's filters: the period, the instrument of the order a row references, and the row's type. */
export const ledgerFilters = z.object({
  ...periodFilters,
  type: z.preprocess(blankToUndefined, z.enum(LEDGER_TYPES).optional()),
});
export type LedgerFilters = z.output<typeof ledgerFilters>;

/** The order history's filters: the period (of the close), the instrument and the close reason. */
export const historyFilters = z.object({
  ...periodFilters,
  type: z.preprocess(blankToUndefined, z.enum(CLOSE_REASONS).optional()),
});
export type HistoryFilters = z.output<typeof historyFilters>;

/** Only csv for now; anything else is refused. */
const formatInput = { format: z.enum(STATEMENT_FORMATS).default('csv') };

/** The calls answered with a file (text/csv with a BOM) instead of the envelope when they succeed. */
export const DOWNLOAD_ENDPOINTS = ['ledgerExport', 'historyExport'] as const;

/** One day of the balance and equity chart: balance at the day's end, equity from its snapshot or ''. */
export const accountDay = z.object({
  day: utcDay,
  balance: decimal,
  /** '' on a day without an equity snapshot. */
  equity: decimalOrBlank,
});
export type AccountDay = z.infer<typeof accountDay>;

/** What a download's answer is: the file's text, not an envelope. */
const csvFile = z.string().describe('The CSV file (UTF-8 with a BOM), sent as an attachment');

export const statementsEndpoints = {
  ledgerExport: endpoint(api.ledgerExport, {
    summary:
      "The account's ledger as a CSV file, oldest first, with the ledger's filters (from, to, forex_id, type)",
    input: ledgerFilters.extend(formatInput),
    answer: csvFile,
  }),
  historyExport: endpoint(api.historyExport, {
    summary: "The trader's order history as a CSV file, with its filters (from, to, forex_id, type)",
    input: historyFilters.extend(formatInput),
    answer: csvFile,
  }),
  accountHistory: endpoint(api.accountHistory, {
    summary: "The account's balance at each day's end and its daily equity snapshot, the last 90 days",
    input: z.object({}),
    answer: z.array(accountDay),
  }),
};
