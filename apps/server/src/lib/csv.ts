/** CSV in and out (RFC 4180), shared by the clients import/export and the reports. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks; CRLF or LF. A leading BOM is dropped. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
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
