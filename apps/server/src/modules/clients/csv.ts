/** Client-specific CSV reading; the RFC 4180 parsing and writing is lib/csv.ts. */
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
