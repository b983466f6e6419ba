import { asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { normalizePhPhone, type Page } from '@ginhawa/contract';

/** Page params every list query has (see contract listQuerySchema). */
export type ListParams = { page: number; pageSize: number; ordering?: readonly string[] };

/** Select this as `total` in a list's columns: the row count before LIMIT, in the same round trip. */
export const totalRows = sql<number>`count(*) over ()`.mapWith(Number);

export type ListSpec<Q extends PgSelect, Item> = {
  /**
   * Builds the list's select, with `total: totalRows` among its columns, made dynamic
   * (`db.select({...columns, total: totalRows}).from(t)…$dynamic()`). Called again only when a
   * page past the end needs the count.
   */
  select: () => Q;
  where?: SQL;
  /** Sortable fields (the contract's ordering enum) to their expressions; names sort by lower(name). */
  orderBy: Record<string, AnyColumn | SQL>;
  /** The order without `?ordering=`. */
  defaultOrder: SQL[];
  /** Breaks ties so pages are stable. */
  tieBreaker: AnyColumn;
} & (
  | { toItem: (row: Omit<Awaited<Q>[number], 'total'>) => Item }
  | {
      /**
       * Deferred join, for lists paged deep into 100,000 rows (clients): `select` reads only the
       * key (no `total`), which an index-only walk answers even at offset 90,000; `load` then
       * reads the page's rows in full and returns them in the order given.
       */
      load: (rows: Awaited<Q>) => Promise<Item[]>;
      /**
       * The exact total for `where`, run beside the page (two pool connections on PostgreSQL).
       * Not `count(*) over ()` here: the window keeps every matching row before the page is cut,
       * about 3× a plain index-only count at 100,000 rows (docs/decisions/0400-clients.md).
       */
      count: (where: SQL | undefined) => Promise<number>;
    }
);

/** Relative links to the neighbouring pages, keeping every other query parameter. */
const pageLink = (url: string, page: number) => {
  const u = new URL(url, 'http://local');
  u.searchParams.set('page', String(page));
  return `${u.pathname}${u.search}`;
};

export const toPage = <T>(
  url: string,
  params: Pick<ListParams, 'page' | 'pageSize'>,
  count: number,
  results: T[],
): Page<T> => ({
  count,
  next: params.page * params.pageSize < count ? pageLink(url, params.page + 1) : null,
  previous:
    params.page > 1 ? pageLink(url, Math.min(params.page - 1, Math.max(1, Math.ceil(count / params.pageSize)))) : null,
  results,
});

const orderOf = (
  ordering: readonly string[] | undefined,
  spec: Pick<ListSpec<PgSelect, unknown>, 'orderBy' | 'defaultOrder' | 'tieBreaker'>,
): SQL[] => {
  const chosen = ordering?.length
    ? ordering.map((part) => {
        // The contract's enum already refused unknown fields; the fallback keeps the types honest.
        const expression = spec.orderBy[part.replace(/^-/, '')] ?? spec.tieBreaker;
        return part.startsWith('-') ? desc(expression) : asc(expression);
      })
    : spec.defaultOrder;
  return [...chosen, asc(spec.tieBreaker)];
};

/** The count is the page's, not the item's: items (toSnake of a row among them) never carry it. */
const withoutTotal = <R>(row: R): Omit<R, 'total'> => {
  const { total: _total, ...item } = row as R & { total?: number };
  return item;
};

/**
 * The one list: filters, ordering and page in one query, `{count, next, previous, results}` out.
 * The count rides on every row (`count(*) over ()`); only a page past the end asks again.
 * With `load` (deferred join) the keys and the count are two queries side by side instead.
 */
export const listPage = async <Q extends PgSelect, Item>(
  url: string,
  params: ListParams,
  spec: ListSpec<Q, Item>,
): Promise<Page<Item>> => {
  const offset = (params.page - 1) * params.pageSize;
  const readPage = async () =>
    (await spec
      .select()
      .where(spec.where)
      .orderBy(...orderOf(params.ordering, spec))
      .limit(params.pageSize)
      .offset(offset)) as Awaited<Q>;
  if ('load' in spec) {
    const [keys, count] = await Promise.all([readPage(), spec.count(spec.where)]);
    return toPage(url, params, count, await spec.load(keys));
  }
  const rows = await readPage();
  let count = (rows[0] as { total?: number } | undefined)?.total ?? 0;
  if (!rows.length && offset > 0) {
    const [first] = (await spec.select().where(spec.where).limit(1)) as Awaited<Q>;
    count = (first as { total?: number } | undefined)?.total ?? 0;
  }
  return toPage(
    url,
    params,
    count,
    rows.map((row) => spec.toItem(withoutTotal(row))),
  );
};

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list's `search`: the text anywhere in any of `columns`, case-insensitive, or, given a `phone`
 * column, a number equal to the text written as +63… (`false` leaves out a column the caller may
 * not search by). No condition without a text.
 */
export const searchWhere = (
  search: string | undefined,
  columns: readonly (AnyColumn | SQL | false)[],
  { phone }: { phone?: AnyColumn | false } = {},
) => {
  if (!search) return undefined;
  const pattern = likePattern(search);
  const number = phone ? normalizePhPhone(search) : null;
  return or(
    ...columns.map((column) => (column === false ? undefined : ilike(column, pattern))),
    phone && number ? eq(phone, number) : undefined,
  );
};

/** Rows to skip for a page (lists paged by other means, e.g. notifications). */
export const offsetOf = (params: Pick<ListParams, 'page' | 'pageSize'>) => (params.page - 1) * params.pageSize;

/** Case-insensitive sort key for a text column: names order the same whatever their case. */
export const lower = (column: AnyColumn) => sql`lower(${column})`;
