import type { Membership, MembershipBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** Creates a membership, with its categories when `categories` is given, in one request. */
export const createMembership = async (body: MembershipBody): Promise<Membership> =>
  (await apiClient.post<Membership>('/services/memberships/', body)).data;

export const updateMembership = async (id: number, body: MembershipBody): Promise<Membership> =>
  (await apiClient.patch<Membership>(`/services/memberships/${id}/`, body)).data;
