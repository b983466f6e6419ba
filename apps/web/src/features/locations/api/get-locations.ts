import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Location, Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { withQuery, type ListParams } from '../../../components/admin-list/query-string';

export const LOCATIONS_PATH = '/locations/';

export type LocationListParams = ListParams & { is_active?: boolean };

export const locationsKey = (params: LocationListParams) => withQuery(LOCATIONS_PATH, params);

const getPage = async (key: string): Promise<Page<Location>> => (await apiClient.get<Page<Location>>(key)).data;

/** One page of locations, searched, filtered and ordered on the server. */
export const useLocations = (params: LocationListParams) => useSWR<Page<Location>, unknown>(locationsKey(params), getPage);

/** After a write every cached location read is refetched (counts and names show elsewhere too). */
export const useRevalidateLocations = () => {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(LOCATIONS_PATH)), [mutate]);
};
