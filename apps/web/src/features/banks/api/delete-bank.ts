import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Deleted, or deactivated when payments refer to it. */
export const deleteBank = async (id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`/banks/${id}/`)).data;
