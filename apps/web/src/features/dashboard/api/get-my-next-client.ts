import { useEffect } from 'react';
import useSWR from 'swr';
import type {
  Board,
  BoardQuery,
  Page,
  Reservation,
  ReservationListQuery,
  Shift,
  ShiftListQuery,
} from '@ginhawa/contract';
import { getBoard } from '../../../lib/board-read';
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

/**
 * The service a therapist is giving now (a walk-in's or an arrived booking's), or null: their open
 * shift says at which branch they are, and that branch's board has the service. Both keys are under
 * /floor/, so a clock-in or an assignment's frame revalidates them; the service's end, which sends
 * no frame, reads the board again.
 */
export const useMyService = (therapist: number) => {
  const shift = useSWR<Page<Shift>, unknown>(
    withQuery('/floor/shifts/', {
      employee: String(therapist),
      open: 'true',
      page: 1,
      pageSize: 1,
    } satisfies ShiftListQuery),
    getPage<Shift>,
  );
  const location = shift.data?.results[0]?.location ?? null;
  const board = useSWR<Board, unknown>(
    location === null ? null : withQuery('/floor/board/', { location: String(location) } satisfies BoardQuery),
    getBoard,
  );
  const service = board.data?.queue.find((q) => q.therapist === therapist)?.service ?? null;
  const endsAt = service?.ends_at ?? null;
  const { mutate } = board;
  useEffect(() => {
    if (!endsAt) return;
    const timer = setTimeout(() => void mutate(), Math.max(0, new Date(endsAt).getTime() - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [endsAt, mutate]);
  return {
    service,
    isLoading: shift.isLoading || board.isLoading,
    error: shift.error ?? board.error,
    retry: () => void (shift.error ? shift.mutate() : board.mutate()),
  };
};
