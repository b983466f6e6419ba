import { clientListQuerySchema, type Client, type ClientExportQuery } from '@ginhawa/contract';
import { API_URL } from '../../../config/env';
import { under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';
import { deleteClient } from './save-client';

export const CLIENTS_PATH = '/clients/';

/** Every cached client read: the list, search, one client and its activity (a sale changes the services). */
const stale = under(CLIENTS_PATH);

/** Clients, 100 a page, searched (name in any order, phone in any form, email), filtered and ordered on the server. */
export const clientsResource: ListResource<Client, typeof clientListQuerySchema> = {
  schema: clientListQuerySchema,
  key: (query) => withQuery(CLIENTS_PATH, query),
  stale,
  remove: (client) => deleteClient(client.id),
};

export const useRevalidateClients = () => useRevalidate(stale);

/** The CSV download of the list as filtered now; a plain link, so the browser streams it to a file. */
export const clientsExportUrl = (query: ClientExportQuery): string =>
  API_URL + withQuery(`${CLIENTS_PATH}export/`, query);
