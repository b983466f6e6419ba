/** CSV in and out (RFC 4180), shared by the clients import/export and the reports. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from './http-error';

/**
 * RFC 4180 CSV, read by csv-parse: quoted fields may hold commas, quotes ("") and line breaks;
 * lines end in CRLF, LF or CR, and may differ in length; a leading BOM is dropped; a quote inside
 * an unquoted field is text. The text is already strict UTF-8 (csv-upload.ts's decodeCsv). A quote
 * left open is a 400, not the rest of the file read as one field.
 */
export const parseCsv = (text: string): string[][] => {
  try {
    return parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = typeof err.lines === 'number' ? err.lines : 1;
    throw badRequest('The file is not valid CSV.', {
      file: [
        err.code === 'CSV_QUOTE_NOT_CLOSED'
          ? `A quoted field is never closed: the file ends inside it, at line ${line}. End the field with a double quote (").`
          : `Line ${line} cannot be read as CSV (${err.code}).`,
      ],
    });
  }
};

/** A plain number a spreadsheet should read as one: `-12.50`, `1500`, `+3`. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One CSV cell. Text a spreadsheet would evaluate (OWASP's rule: it starts with =, +, -, @, tab or
 * carriage return) gets a leading apostrophe, unless it is a plain number such as `-12.50`: an
 * export must not become an attack on whoever opens it (`-2+3+cmd|…`, `+1+1`).
 */
export const csvCell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** The first line of every CSV export: the UTF-8 BOM (so spreadsheets read the text as UTF-8), then the header. */
export const csvHeaderLine = (header: readonly string[]) => `\ufeff${csvLine([...header])}`;

/** A streamed text/csv body: the header, then one line per row, produced as the reader pulls. */
export function* csvLines(header: readonly string[], rows: Iterable<(string | number | boolean | null | undefined)[]>) {
  yield csvHeaderLine(header);
  for (const row of rows) yield csvLine(row);
}

/** A streamed text/csv answer (`?format=csv`): peso amounts as plain decimals, Manila dates. */
export const sendCsv = (reply: FastifyReply, name: string, lines: Iterable<string> | AsyncIterable<string>) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
