import type { DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Its category links and included treatments go with it. */
export const deleteMembership = async (id: number): Promise<DeleteResult | undefined> =>
  (await apiClient.delete<DeleteResult | undefined>(`/services/memberships/${id}/`)).data;
