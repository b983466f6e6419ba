import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const SERVICES_PREFIX = '/services/';

export type QueryValue = string | number | boolean | null | undefined;

/** `/services/x/?page=1&pageSize=25&search=…`; empty values are left out so equal queries share a key. */
export const withQuery = (path: string, params: Record<string, QueryValue>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

export const getPage = async <T>(key: string): Promise<Page<T>> => (await apiClient.get<Page<T>>(key)).data;
export const getOne = async <T>(key: string): Promise<T> => (await apiClient.get<T>(key)).data;

/** The list screens' common query: page from 1, server ordering, search text. */
export type ListParams = { page: number; pageSize: number; search?: string; ordering?: string };

/** Options for a select: every row (catalogue lists are small), ordered by name. */
export const ALL_ROWS = { page: 1, pageSize: 500, ordering: 'name' } as const;

/**
 * After any catalogue write every cached catalogue read is refetched: counts, names and member
 * prices shown in other lists change with it.
 */
export const useRevalidateServices = () => {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(SERVICES_PREFIX)), [mutate]);
};
