import useSWR from 'swr';
import { readingListQuerySchema, type Reading, type ReadingKind } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';

/** X and Z readings per terminal (issue 33; decision 1020): made, listed, read back; never changed. */
export const READINGS_PATH = '/invoicing/readings/';

/** A reading closes (Z) or reads (X) a terminal's period: its list, the terminals' counters and the day's reports. */
const stale = under(READINGS_PATH, '/invoicing/terminals/', '/reports/');

export const readingsResource: ListResource<Reading, typeof readingListQuerySchema> = {
  schema: readingListQuerySchema,
  key: (query) => withQuery(READINGS_PATH, query),
  stale,
  // A reading is never deleted (the database refuses it): the list offers no delete.
  remove: async () => undefined,
};

export const readingKey = (id: number) => `${READINGS_PATH}${id}/`;

/** One reading as it was printed; null `id` reads nothing. */
export const useReading = (id: number | null) =>
  useSWR<Reading, unknown>(id === null ? null : readingKey(id), getOne<Reading>);

export const useRevalidateReadings = () => useRevalidate(stale);

/** Takes an X reading (the desk, Managers) or the Z reading that closes the day (Managers, Admins). */
export const takeReading = async (kind: ReadingKind, terminal: number): Promise<Reading> =>
  (await apiClient.post<Reading>(`${READINGS_PATH}${kind}/${terminal}/`)).data;
