import type { ChangeOwnPasswordBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Changes my own password; the server keeps this browser signed in with a fresh session. */
export const updatePassword = async (userId: number, body: ChangeOwnPasswordBody): Promise<string> => {
  const { data } = await apiClient.post<{ message: string }>(`/users/${userId}/update_password/`, body);
  return data.message;
};
