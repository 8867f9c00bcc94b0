import { utcText } from '../util/time';

/** Excel reads a CSV as UTF-8 only when it starts with this byte order mark. */
export const BOM = '\uFEFF';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A cell as it is written: a money amount (a plain number, negative ones included) or free text. */
export type Cell = { number: string } | string;

const NUMBER = /^-?\d+(\.\d+)?$/;
/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"), tab and CR included. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: Cell): string {
  if (typeof cell !== 'string') {
    if (!NUMBER.test(cell.number)) throw new Error(`not a number: ${cell.number}`);
    return cell.number;
  }
  // Text that a spreadsheet would run as a formula is shown as text instead.
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (RFC 4180, CRLF). */
export const csvLine = (cells: Cell[]) => `${cells.map(cellText).join(',')}\r\n`;

/** A download's name: what it holds and the UTC day it was made, "orders-2024-05-01.csv". */
export const csvFilename = (kind: string, now: number) =>
  `${kind}-${utcText(new Date(now)).slice(0, 10)}.csv`;
