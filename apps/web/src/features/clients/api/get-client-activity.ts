import useSWR from 'swr';
import type {
  ClientArrival,
  ClientArrivalListQuery,
  ClientMembership,
  ClientMembershipListQuery,
  ClientServices,
  ClientTreatment,
  ClientTreatmentListQuery,
  Page,
} from '@ginhawa/contract';
import { getOne, getPage, withQuery } from '../../../lib/list-query';

/** What the client may use now: vouchers with sessions left, active memberships and their treatments. */
export const useClientServices = (clientId: number) =>
  useSWR<ClientServices, unknown>(`/clients/${clientId}/services/`, getOne<ClientServices>);

export const useClientMemberships = (clientId: number) =>
  useSWR<Page<ClientMembership>, unknown>(
    withQuery('/clients/memberships/', {
      client: String(clientId),
      ordering: '-start_date',
      pageSize: 100,
    } satisfies ClientMembershipListQuery),
    getPage<ClientMembership>,
  );

export const useClientVouchers = (clientId: number) =>
  useSWR<Page<ClientTreatment>, unknown>(
    withQuery('/clients/treatments/', {
      client: String(clientId),
      ordering: '-created_at',
      pageSize: 100,
    } satisfies ClientTreatmentListQuery),
    getPage<ClientTreatment>,
  );

export const useClientArrivals = (clientId: number) =>
  useSWR<Page<ClientArrival>, unknown>(
    withQuery('/clients/arrivals/', {
      client: String(clientId),
      // Newest first in true time order: by day, then the clock, then the order they were logged.
      ordering: '-date,-time,-id',
      pageSize: 100,
    } satisfies ClientArrivalListQuery),
    getPage<ClientArrival>,
  );
