import { apiClient } from '../../../lib/api-client';

/** 409 with the reason when a membership still includes it; deactivating is the way to retire it. */
export const deleteTreatment = async (id: number): Promise<void> => {
  await apiClient.delete(`/services/treatments/${id}/`);
};
