import useSWR from 'swr';
import type { Membership } from '@ginhawa/contract';
import { getOne } from '../../../lib/list-query';

export const membershipKey = (id: number) => `/services/memberships/${id}/`;

/** Ids are positive integers; anything else is not a membership and is not fetched. */
export const parseMembershipId = (value: string | undefined): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
};

export const useMembership = (id: number | null) =>
  useSWR<Membership, unknown>(id === null ? null : membershipKey(id), getOne<Membership>);
