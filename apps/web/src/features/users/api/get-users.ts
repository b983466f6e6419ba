import useSWR from 'swr';
import { userListQuerySchema, type AdminUser, type GroupWithCount } from '@ginhawa/contract';
import { getOne, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';
import { deleteUser } from './delete-user';

export const USERS_PATH = '/users/';
export const groupsKey = '/users/groups/';

/** The account lists and group counts; not the signed-in user's own data under /users/me/. */
const stale = (key: string) => key === USERS_PATH || key.startsWith(`${USERS_PATH}?`) || key === groupsKey;

/** Sign-in accounts, searched, filtered and ordered on the server. */
export const usersResource: ListResource<AdminUser, typeof userListQuerySchema> = {
  schema: userListQuerySchema,
  key: (query) => withQuery(USERS_PATH, query),
  stale,
  remove: (user) => deleteUser(user.id),
};

/** The five groups with how many active people are in each. */
export const useGroups = () => useSWR<GroupWithCount[], unknown>(groupsKey, getOne<GroupWithCount[]>);

/** After a write the account lists and group counts are refetched. */
export const useRevalidateUsers = () => useRevalidate(stale);
