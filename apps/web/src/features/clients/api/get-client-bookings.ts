import useSWR from 'swr';
import {
  todayInManila,
  type DepositCredit,
  type DepositCreditQuery,
  type Page,
  type Reservation,
  type ReservationListQuery,
} from '@ginhawa/contract';
import { getOne, getPage, withQuery } from '../../../lib/list-query';

/**
 * The client's next booking (the floor's reservations still booked, from today, soonest first) at
 * the branches the reader works at; the server answers the floor's groups only, so `reads` is false
 * for anyone else and nothing is asked.
 */
export const useNextBooking = (clientId: number, reads: boolean) =>
  useSWR<Page<Reservation>, unknown>(
    reads
      ? withQuery('/floor/reservations/', {
          client: String(clientId),
          status: 'booked',
          date_from: todayInManila(),
          ordering: 'starts_at',
          pageSize: 1,
        } satisfies ReservationListQuery)
      : null,
    getPage<Reservation>,
  );

/** The client's credited deposits at every branch the reader works at, newest first (decision 0626). */
export const useClientDepositCredits = (clientId: number, reads: boolean) =>
  useSWR<DepositCredit[], unknown>(
    reads
      ? withQuery('/floor/reservations/deposit-credits/', {
          client: String(clientId),
        } satisfies Partial<Record<keyof DepositCreditQuery, string>>)
      : null,
    getOne<DepositCredit[]>,
  );
