import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { z } from 'zod';
import type { DeleteResult, Page } from '@ginhawa/contract';
import { apiClient } from './api-client';

/** `/x/?page=1&pageSize=25&search=…`; empty values are left out so equal queries share a cache key. */
export const withQuery = (path: string, params: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

/** Options for a select: every row (these lists are small). */
export const ALL_ROWS = { page: 1, pageSize: 500 } as const;

/** The SWR fetcher of every paged list: the key is the path with its query. */
export const getPage = async <T>(key: string): Promise<Page<T>> => (await apiClient.get<Page<T>>(key)).data;

/** The SWR fetcher of one record. */
export const getOne = async <T>(key: string): Promise<T> => (await apiClient.get<T>(key)).data;

/**
 * A contract list query schema (`bankListQuerySchema` …). Only `ordering` is named: the admin list
 * asks it which sort orders the server accepts, so the grid cannot offer one the server refuses.
 */
export type ListQuerySchema = z.ZodObject<{ ordering: z.ZodType<unknown, string | undefined> }>;

/**
 * What an admin list screen needs from a feature's api: how to read a page and how to delete a
 * row. It lives in `features/*\/api`, so only the api files touch the API client.
 */
export type ListResource<R, S extends ListQuerySchema> = {
  /** The contract's list query schema; its input type is the list's parameter type. */
  schema: S;
  /** The SWR key (path and query) of one page. */
  key: (query: z.input<S>) => string;
  /** Which cached reads a write to this resource makes stale. */
  stale: (key: string) => boolean;
  /** Deletes (or deactivates) a row; the server's sentence is shown when it sends one. */
  remove: (row: R) => Promise<DeleteResult | undefined>;
};

/** After a write: refetch every cached read `stale` picks. Pass a stable (module-level) function. */
export const useRevalidate = (stale: (key: string) => boolean) => {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && stale(key)), [mutate, stale]);
};

/** `stale` for a resource whose every read starts with `path` (`/banks/`, `/services/`). */
export const under =
  (...paths: string[]) =>
  (key: string): boolean =>
    paths.some((path) => key.startsWith(path));
