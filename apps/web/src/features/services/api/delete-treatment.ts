import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** 409 with the reason when a membership still includes it; deactivating is the way to retire it. */
export const deleteTreatment = async (id: number): Promise<DeleteResult | undefined> =>
  (await apiClient.delete<DeleteResult | undefined>(`/services/treatments/${id}/`)).data;
