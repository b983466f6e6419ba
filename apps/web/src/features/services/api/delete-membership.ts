import { apiClient } from '../../../lib/api-client';

/** Its category links and included treatments go with it. */
export const deleteMembership = async (id: number): Promise<void> => {
  await apiClient.delete(`/services/memberships/${id}/`);
};
