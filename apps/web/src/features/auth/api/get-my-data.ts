import useSWR from 'swr';
import { ADMIN_GROUP, type MyData } from '@ginhawa/contract';
import { ApiError, apiClient } from '../../../lib/api-client';

/**
 * The signed-in person as the shell uses them (docs/product.md §3): my_data with the two names in
 * camelCase; `locations` is where the person works, by name. Derived, so it follows the contract.
 */
export type User = Pick<MyData, 'id' | 'username' | 'email' | 'avatar' | 'groups' | 'locations'> & {
  firstName: string;
  lastName: string;
  /** Someone else set the password: the panel shows only "Choose a new password" (decision 0017). */
  mustChangePassword: boolean;
};

export const myDataKey = '/users/my_data/';

export const toUser = (data: MyData): User => ({
  id: data.id,
  username: data.username,
  firstName: data.first_name,
  lastName: data.last_name,
  email: data.email,
  avatar: data.avatar,
  groups: data.groups,
  locations: data.locations,
  mustChangePassword: data.must_change_password,
});

/**
 * Signed out is an answer, not an error: a 401 resolves to null. Not handed to the 401 handler
 * either: this read can answer before the app has installed it (app.tsx starts it as its module
 * loads, decision 1088), and the handler's fallback would reload the page to /login, losing where
 * the person was going; the guard sends them there with `?next=` instead.
 */
export const getMyData = async (): Promise<User | null> => {
  try {
    const { data } = await apiClient.get<MyData>(myDataKey, { signedOutIsAnAnswer: true });
    return toUser(data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

export const isAdmin = (user: Pick<User, 'groups'> | null | undefined): boolean =>
  user?.groups.includes(ADMIN_GROUP) ?? false;

/** The role label shown under a name: the first group (the server orders them Admin first). */
export const roleOf = (user: Pick<User, 'groups'>): string => user.groups[0] ?? 'Staff';

/** Auth state: loading, then a user or null. A failed profile fetch counts as signed out (docs/product.md §4). */
export const useUser = () => {
  const { data, error, isLoading, mutate } = useSWR<User | null, unknown>(myDataKey, getMyData);
  const user = error ? null : (data ?? null);
  return { user, isLoading: isLoading && data === undefined, error, mutate };
};
