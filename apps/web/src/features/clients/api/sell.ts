import type {
  ClientArrival,
  ClientArrivalBody,
  ClientMembershipBody,
  ClientMembershipSale,
  ClientTreatmentBody,
  ClientTreatmentSale,
} from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/** One key per sale dialog opening: a double click or a retry after a lost answer stores one sale. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

export const sellVoucher = async (body: ClientTreatmentBody, idempotencyKey: string): Promise<ClientTreatmentSale> =>
  (
    await apiClient.post<ClientTreatmentSale>('/clients/treatments/', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

export const sellMembership = async (
  body: ClientMembershipBody,
  idempotencyKey: string,
): Promise<ClientMembershipSale> =>
  (
    await apiClient.post<ClientMembershipSale>('/clients/memberships/', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;

/**
 * Logs a visit; with `voucher` one session is used in the same transaction (409 when none is left),
 * with `payment` the walk-in's sale line is written with it. The key makes a retry store one of each.
 */
export const logArrival = async (body: ClientArrivalBody, idempotencyKey: string): Promise<ClientArrival> =>
  (
    await apiClient.post<ClientArrival>('/clients/arrivals/', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data;
