import type { ClientArrival, ClientArrivalPatch } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

/**
 * Cancels an arrival logged by mistake: a redeemed voucher session comes back, once. An arrival
 * paid at the desk is refused (409) while its sale line is on file (docs/decisions/0411).
 */
export const cancelArrival = async (id: number, body: ClientArrivalPatch): Promise<ClientArrival> =>
  (await apiClient.patch<ClientArrival>(`/clients/arrivals/${id}/`, body)).data;
