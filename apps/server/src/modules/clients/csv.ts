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

/**
 * One CSV cell. Text a spreadsheet would run as a formula (=, @, or +/- not followed by a digit)
 * gets a leading apostrophe: an export must not become an attack on whoever opens it.
 */
export const csvCell = (value: string | number | boolean | null | undefined): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-][^\d]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const SURNAME_PARTICLES = new Set(['de', 'dela', 'del', 'delos', 'della', 'san', 'sta', 'sta.', 'santa', 'van', 'von', 'da', 'di', 'mac', 'mc']);

/**
 * Splits a spreadsheet's one "name" column. "Dela Cruz, Rosa" is last-comma-first; otherwise the
 * last word is the surname, together with Filipino particles before it ("Rosa Dela Cruz", "Jose de los Santos").
 */
export const splitFullName = (full: string): { first: string; last: string } => {
  const text = full.trim().replace(/\s+/g, ' ');
  if (text.includes(',')) {
    const [last, ...rest] = text.split(',');
    return { first: rest.join(',').trim(), last: last!.trim() };
  }
  const words = text.split(' ');
  if (words.length === 1) return { first: words[0]!, last: '' };
  let start = words.length - 1;
  while (start > 1 && (SURNAME_PARTICLES.has(words[start - 1]!.toLowerCase()) || words[start - 1]!.toLowerCase() === 'los' || words[start - 1]!.toLowerCase() === 'la')) start -= 1;
  return { first: words.slice(0, start).join(' '), last: words.slice(start).join(' ') };
};
