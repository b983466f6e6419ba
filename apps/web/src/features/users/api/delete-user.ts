import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Deleted if the account never did anything, else deactivated (its sessions end). */
export const deleteUser = async (id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`/users/${id}/`)).data;
