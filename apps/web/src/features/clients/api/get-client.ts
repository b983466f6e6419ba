import useSWR from 'swr';
import type { Client } from '@ginhawa/contract';
import { getOne } from '../../../lib/list-query';

export type { Client };

export const clientKey = (clientId: number) => `/clients/${clientId}/`;

/** Ids are positive integers; anything else is not a client and is not fetched. */
export const parseClientId = (value: string | undefined): number | null => {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
};

export const useClient = (clientId: number | null) =>
  useSWR<Client, unknown>(clientId === null ? null : clientKey(clientId), getOne<Client>);
