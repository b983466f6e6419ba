import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';

/** The client fields the detail screen shows (DESIGN.md §4); the full record arrives with the clients issue. */
export type Client = {
  id: number;
  first_name: string;
  last_name: string;
  phone?: string | null;
  email?: string | null;
  birthdate?: string | null;
  gender?: string | null;
  address?: string | null;
  notes?: string | null;
  location?: number | null;
  location_name?: string | null;
  is_active?: boolean;
};

export const clientKey = (clientId: number) => `/clients/${clientId}/`;

export const getClient = async (key: string): Promise<Client> => (await apiClient.get<Client>(key)).data;

/** Ids are positive integers; anything else is not a client and is not fetched. */
export const parseClientId = (value: string | undefined): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
};

export const useClient = (clientId: number | null) =>
  useSWR<Client, unknown>(clientId === null ? null : clientKey(clientId), getClient);
