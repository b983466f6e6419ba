import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Deleted, or deactivated when something refers to it; 409 while active employees work there. */
export const deleteLocation = async (id: number): Promise<DeleteResult> =>
  (await apiClient.delete<DeleteResult>(`/locations/${id}/`)).data;
