/**
 * Every CSV the server writes for a merchant to open in a spreadsheet (orders, customers, products, reports,
 * payouts) goes through here, so none of them can carry a formula (OWASP "CSV Injection"): a text cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which makes Excel, LibreOffice and Google
 * Sheets show it as text instead of evaluating it. Quoting (RFC 4180: a cell with a comma, quote or line break is
 * quoted, quotes doubled) is csv-stringify's.
 *
 * Numbers stay numbers: a JavaScript number is written as is, and a text cell that is exactly a decimal number
 * (`-12.50`, `+3`, `0.5`) is left alone — a spreadsheet reads it as that number, never as a formula — so a
 * negative amount still sums, and the Shopify product export still re-imports its prices and quantities.
 * `restoreCsvCell` is the inverse the product import applies, so export → import keeps a title such as `=1+1`.
 */
import type { Transform } from 'node:stream';
import { stringify as stringifyStream } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/** The first characters that make a spreadsheet read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number, optionally signed: a spreadsheet reads it as a number, not a formula. */
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * One text cell made safe to open in a spreadsheet: `'` + the text when it starts with `=`, `+`, `-`, `@`, tab or
 * CR and is not a plain decimal number; otherwise the text unchanged. E.g. `=HYPERLINK("x")` → `'=HYPERLINK("x")`,
 * `-12.50` → `-12.50`, `+1 555 0100` → `'+1 555 0100`.
 */
export function neutraliseCsvCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * The inverse of `neutraliseCsvCell` for a cell read back from one of our exports: a `'` followed by a formula
 * start character is dropped (`'=1+1` → `=1+1`); anything else is returned unchanged.
 */
export function restoreCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) && !PLAIN_NUMBER.test(text.slice(1)) ? text.slice(1) : text;
}

/** csv-stringify's cast for text cells (numbers, booleans and dates keep the library's own casts). */
const cast = { string: (v: string) => neutraliseCsvCell(v) };

/**
 * The whole file as CSV text: `columns` (when given) is the header row, then one line per entry of `records`
 * (arrays of cells in column order; null/undefined → empty cell). Text cells are neutralised (module comment).
 */
export function toCsv(records: unknown[][], columns?: readonly string[]): string {
  return stringify(records, columns ? { header: true, columns: [...columns], cast } : { cast });
}

/**
 * A streaming CSV writer for large exports: pipe arrays of cells (the first one the header) into it and read CSV
 * text out. Same neutralising as `toCsv`. Use as `Readable.from(rows()).pipe(csvStream())`.
 */
export function csvStream(): Transform {
  return stringifyStream({ cast });
}
