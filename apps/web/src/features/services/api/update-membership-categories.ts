import type { Membership } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** The membership is listed under exactly these categories afterwards. */
export const updateMembershipCategories = async (id: number, categories: number[]): Promise<Membership> =>
  (await apiClient.post<Membership>(`/services/memberships/${id}/update_categories/`, { categories })).data;
