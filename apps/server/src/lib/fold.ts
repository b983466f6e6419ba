import { sql, type SQL } from 'drizzle-orm';

/**
 * Accent-blind text for search (docs/decisions/0412-accent-blind-search.md): the letters with
 * marks that Filipino and Spanish names carry, upper and lower case, and their plain letters.
 * The database folds stored text with `translate()` (immutable, so a generated column and its
 * trigram index can use it; no extension needed on PGlite or PostgreSQL), and the server folds
 * what is typed with the same map, so "Osmena" finds "Osmeña" and "Osmeña" finds "Osmena".
 * Upper case is listed because lower() under the C collation leaves non-ASCII letters as they are.
 */
export const FOLD_FROM = 'ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç';
export const FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc';

const MAP = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]!]));

/** Lower case, then the marked letters as plain ones: what search_text holds. */
export const fold = (text: string) => [...text.normalize('NFC').toLowerCase()].map((ch) => MAP.get(ch) ?? ch).join('');

/** The same in SQL, on an expression of the row (kept identical to the generated column's). */
export const foldSql = (expression: SQL) =>
  sql`translate(lower(${expression}), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`;
