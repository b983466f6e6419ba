import type { AdminUser, UserCreateBody, UserPatch } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const createUser = async (body: UserCreateBody): Promise<AdminUser> =>
  (await apiClient.post<AdminUser>('/users/', body)).data;

/** PUT, as docs/product.md §7 names it: the form always sends every field but the password, so replacing is what it means. */
export const updateUser = async (id: number, body: UserPatch): Promise<AdminUser> =>
  (await apiClient.put<AdminUser>(`/users/${id}/`, body)).data;

/** An admin sets someone's password (no old password needed); their sessions end. */
export const setUserPassword = async (id: number, body: { new_password: string }): Promise<void> => {
  await apiClient.post(`/users/${id}/update_password/`, body);
};
