import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Page, PageQuery } from '@ginhawa/contract';
import { badRequest } from './http-error';

/** Relative links to the neighbouring pages, keeping every other query parameter. */
const pageLink = (url: string, page: number) => {
  const u = new URL(url, 'http://local');
  u.searchParams.set('page', String(page));
  return `${u.pathname}${u.search}`;
};

export const toPage = <T>(url: string, query: Pick<PageQuery, 'page' | 'pageSize'>, count: number, results: T[]): Page<T> => ({
  count,
  next: query.page * query.pageSize < count ? pageLink(url, query.page + 1) : null,
  previous: query.page > 1 ? pageLink(url, Math.min(query.page - 1, Math.max(1, Math.ceil(count / query.pageSize)))) : null,
  results,
});

export const offsetOf = (query: Pick<PageQuery, 'page' | 'pageSize'>) => (query.page - 1) * query.pageSize;

/**
 * `?ordering=name` / `-name` against an allow-list of columns; `id` always breaks ties so pages are stable.
 * An unknown field is a 400 naming the allowed ones.
 */
export const orderingOf = (ordering: string | undefined, allowed: Record<string, AnyColumn | SQL>, fallback: SQL[], tieBreaker: AnyColumn): SQL[] => {
  if (!ordering) return [...fallback, asc(tieBreaker)];
  const parts = ordering.split(',').map((p) => p.trim()).filter(Boolean);
  const result: SQL[] = [];
  for (const part of parts) {
    const name = part.replace(/^-/, '');
    const column = allowed[name];
    if (!column) throw badRequest('Please correct the highlighted fields.', { ordering: [`Order by one of: ${Object.keys(allowed).join(', ')}.`] });
    result.push(part.startsWith('-') ? desc(column) : asc(column));
  }
  return [...result, asc(tieBreaker)];
};

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
