import useSWR from 'swr';
import type { Page, Reservation, ReservationListQuery } from '@ginhawa/contract';
import { getPage, withQuery } from '../../../lib/list-query';

/**
 * A therapist's booked reservations today, earliest first: the first is their next client. The key
 * is under /floor/, so the live `floor_changed` frame revalidates it with the board (issue 22).
 */
export const useMyNextClients = (therapist: number, date: string) =>
  useSWR<Page<Reservation>, unknown>(
    withQuery('/floor/reservations/', {
      therapist: String(therapist),
      date,
      status: 'booked',
      ordering: 'starts_at',
      page: 1,
      pageSize: 3,
    } satisfies ReservationListQuery),
    getPage<Reservation>,
  );
