import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { AdminUser, GroupName, GroupWithCount, Page } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { withQuery, type ListParams } from '../../../components/admin-list/query-string';

export const USERS_PATH = '/users/';
export const groupsKey = '/users/groups/';

export type UserListParams = ListParams & { group?: GroupName; location?: number; is_active?: boolean };

export const usersKey = (params: UserListParams) => withQuery(USERS_PATH, params);

const getPage = async (key: string): Promise<Page<AdminUser>> => (await apiClient.get<Page<AdminUser>>(key)).data;
const getGroups = async (key: string): Promise<GroupWithCount[]> => (await apiClient.get<GroupWithCount[]>(key)).data;

/** One page of accounts, searched, filtered and ordered on the server. */
export const useUsers = (params: UserListParams) => useSWR<Page<AdminUser>, unknown>(usersKey(params), getPage);

/** The five groups with how many active people are in each. */
export const useGroups = () => useSWR<GroupWithCount[], unknown>(groupsKey, getGroups);

/** After a write the account lists and group counts are refetched (not the signed-in user's own data). */
export const useRevalidateUsers = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    () => mutate((key) => typeof key === 'string' && (key === USERS_PATH || key.startsWith(`${USERS_PATH}?`) || key === groupsKey)),
    [mutate],
  );
};
