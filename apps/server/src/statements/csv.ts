import { utcText } from '../util/time';

/** Excel reads a CSV as UTF-8 only when it starts with this byte order mark. */
export const BOM = '\uFEFF';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A cell as it is written: a money amount (a plain number, negative ones included) or free text. */
export type Cell = { number: string } | string;

const NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * Text a spreadsheet may run as a formula (OWASP "CSV injection"): a formula sign (= + - @, full-width too)
 * first or after spaces and separators, or a control character or a separator (tab, CR, LF, ; ,) first.
 */
const FORMULA_LIKE = /^[\s;,]*[=+\-@＝＋－＠]|^[\t\r\n;,]/;

/**
 * A cell as written: a number as it is; text always quoted, so no separator inside it (the comma, or the
 * semicolon some locales split on) starts a cell, and a leading apostrophe makes formula-like text plain text.
 */
function cellText(cell: Cell): string {
  if (typeof cell !== 'string') {
    if (!NUMBER.test(cell.number)) throw new Error(`not a number: ${cell.number}`);
    return cell.number;
  }
  const text = FORMULA_LIKE.test(cell) ? `'${cell}` : cell;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line (RFC 4180, CRLF); every file the server writes is made of these. */
export const csvLine = (cells: Cell[]) => `${cells.map(cellText).join(',')}\r\n`;

/** A download's name: what it holds and the UTC day it was made, "orders-2024-05-01.csv". */
export const csvFilename = (kind: string, now: number) =>
  `${kind}-${utcText(new Date(now)).slice(0, 10)}.csv`;
