import { membershipListQuerySchema, type Membership } from '@ginhawa/contract';
import { withQuery, type ListResource } from '../../../lib/list-query';
import { deleteMembership } from './delete-membership';
import { servicesStale } from './query';

/** Memberships, searched, filtered and ordered on the server. */
export const membershipsResource: ListResource<Membership, typeof membershipListQuerySchema> = {
  schema: membershipListQuerySchema,
  key: (query) => withQuery('/services/memberships/', query),
  stale: servicesStale,
  remove: (membership) => deleteMembership(membership.id),
};
