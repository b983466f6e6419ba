export type QueryValue = string | number | boolean | null | undefined;

/** `/x/?page=1&pageSize=25&search=…`; empty values are left out so equal queries share a cache key. */
export const withQuery = (path: string, params: Record<string, QueryValue>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

/** The list screens' common query: page from 1, server ordering, search text. */
export type ListParams = { page: number; pageSize: number; search?: string; ordering?: string };

/** Options for a select: every row (these lists are small), by name. */
export const ALL_ROWS = { page: 1, pageSize: 500 } as const;
