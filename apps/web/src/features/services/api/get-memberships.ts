import useSWR from 'swr';
import type { Membership, Page } from '@ginhawa/contract';
import { getPage, withQuery, type ListParams } from './query';

export type MembershipListParams = ListParams & { category?: number | null; is_active?: boolean | null };

export const membershipsKey = (params: MembershipListParams) => withQuery('/services/memberships/', params);

export const useMemberships = (params: MembershipListParams) => useSWR<Page<Membership>, unknown>(membershipsKey(params), getPage<Membership>);
