import type { Client, ClientBody, ClientPatch, DeleteResult } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';

export const createClient = async (body: ClientBody): Promise<Client> =>
  (await apiClient.post<Client>('/clients/', body)).data;

export const updateClient = async (id: number, body: ClientPatch): Promise<Client> =>
  (await apiClient.patch<Client>(`/clients/${id}/`, body)).data;

/** Deletes a client without history; one with history is deactivated and the server says so. */
export const deleteClient = async (id: number): Promise<DeleteResult | undefined> =>
  (await apiClient.delete<DeleteResult | undefined>(`/clients/${id}/`)).data;

/** The existing client a duplicate-phone 409 names ("Rosa Cruz (client #12) already has …"). */
export const duplicateClientId = (message: string): number | null => {
  const match = /\(client #(\d+)\)/.exec(message);
  return match ? Number(match[1]) : null;
};
