import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const SERVICES_PREFIX = '/services/';

export { withQuery, type ListParams } from '../../../components/admin-list/query-string';

export const getPage = async <T>(key: string): Promise<Page<T>> => (await apiClient.get<Page<T>>(key)).data;
export const getOne = async <T>(key: string): Promise<T> => (await apiClient.get<T>(key)).data;

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
