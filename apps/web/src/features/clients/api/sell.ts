import type {
  ClientArrival,
  ClientArrivalBody,
  ClientMembershipBody,
  ClientMembershipSale,
  ClientTreatmentBody,
  ClientTreatmentSale,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { idempotent } from '../../../lib/idempotency';

/* `idempotencyKey`: one per sale dialog opening, so a double click or a retry stores one sale. */

export const sellVoucher = async (body: ClientTreatmentBody, idempotencyKey: string): Promise<ClientTreatmentSale> =>
  (await apiClient.post<ClientTreatmentSale>('/clients/treatments/', body, idempotent(idempotencyKey))).data;

export const sellMembership = async (
  body: ClientMembershipBody,
  idempotencyKey: string,
): Promise<ClientMembershipSale> =>
  (await apiClient.post<ClientMembershipSale>('/clients/memberships/', body, idempotent(idempotencyKey))).data;

/**
 * Logs a visit; with `voucher` one session is used in the same transaction (409 when none is left),
 * with `payment` the walk-in's sale line is written with it. The key makes a retry store one of each.
 */
export const logArrival = async (body: ClientArrivalBody, idempotencyKey: string): Promise<ClientArrival> =>
  (await apiClient.post<ClientArrival>('/clients/arrivals/', body, idempotent(idempotencyKey))).data;
