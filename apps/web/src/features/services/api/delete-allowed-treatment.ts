import { apiClient } from '../../../lib/api-client';

export const deleteAllowedTreatment = async (id: number): Promise<void> => {
  await apiClient.delete(`/services/membership-allowed-treatments/${id}/`);
};
