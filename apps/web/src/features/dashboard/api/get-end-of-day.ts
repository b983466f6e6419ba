import useSWR, { useSWRConfig } from 'swr';
import type { ClockManyBody, EndOfDay, Shift } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { getOne, withQuery } from '../../../lib/list-query';
import type { Prefetch } from '../../../lib/swr';

const endOfDayKey = (location: number) => withQuery('/reports/end-of-day/', { location: String(location) });

/** The desk's end of day at one branch (decision 0522): takings so far, the drawer's cash, bookings to come, who is on shift. */
export const useEndOfDay = (location: number) =>
  useSWR<EndOfDay, unknown>(endOfDayKey(location), getOne<EndOfDay>, { refreshInterval: 60_000 });

/** Started by the dashboard's route before its code has arrived (decision 1050). */
export const prefetchEndOfDay = (prefetch: Prefetch, location: number) =>
  prefetch(endOfDayKey(location), getOne<EndOfDay>);

/** Clocks out everyone named at the branch in one transaction; the tile reads its day again. */
export const useClockOutEveryone = (location: number) => {
  const { mutate } = useSWRConfig();
  return async (body: Omit<ClockManyBody, 'location'>) => {
    const closed = (await apiClient.post<Shift[]>('/floor/shifts/clock-out-many/', { ...body, location })).data;
    // The board and its shift lists are under /floor/; the end of day under /reports/.
    await mutate((key) => typeof key === 'string' && (key.startsWith('/floor/') || key === endOfDayKey(location)));
    return closed;
  };
};
