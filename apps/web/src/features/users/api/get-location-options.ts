import useSWR from 'swr';
import type { Location, Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { ALL_ROWS, withQuery } from '../../../components/admin-list/query-string';

const getPage = async (key: string): Promise<Page<Location>> => (await apiClient.get<Page<Location>>(key)).data;

/** Locations to choose from: active ones for a new workplace, all of them for the list filter. */
export const useLocationOptions = ({ activeOnly }: { activeOnly: boolean }) =>
  useSWR<Page<Location>, unknown>(withQuery('/locations/', { ...ALL_ROWS, ordering: 'name', is_active: activeOnly ? true : undefined }), getPage);
