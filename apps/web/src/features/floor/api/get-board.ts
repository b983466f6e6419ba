import { useEffect } from 'react';
import useSWR from 'swr';
import type { Board, BoardQuery } from '@ginhawa/contract';
import { getBoard } from '../../../lib/board-read';
import { under, useRevalidate, withQuery } from '../../../lib/list-query';
import type { Prefetch } from '../../../lib/swr';

export const FLOOR_PATH = '/floor/';

/** Every floor read (board, rooms, reservations, shifts) starts with /floor/: one write makes them all stale. */
const stale = under(FLOOR_PATH);

export const boardKey = (location: number, date?: string) =>
  withQuery(`${FLOOR_PATH}board/`, { location: String(location), date } satisfies BoardQuery);

/** The board's read, started by /floor's route before the screen's code has arrived (decision 1050). */
export const prefetchBoard = (prefetch: Prefetch, location: number, date?: string) =>
  prefetch(boardKey(location, date), getBoard);

/** Timers longer than this are not set (setTimeout's limit is ~24.8 days; the board is read again long before). */
const MAX_WAIT_MS = 12 * 60 * 60 * 1000;

/**
 * One branch's board in one read. It is never polled: the live `floor_changed` frame revalidates
 * every /floor/ key (features/notifications/live), a write here revalidates it at once, and the
 * board is read once more at its `next_change_at` (a service's end, a reservation's hold), when a
 * state changes by time alone and no frame is sent.
 */
export const useBoard = (location: number | null, date?: string) => {
  const swr = useSWR<Board, unknown>(location === null ? null : boardKey(location, date), getBoard);
  const next = swr.data?.next_change_at ?? null;
  const { mutate } = swr;
  useEffect(() => {
    if (!next) return;
    const wait = Math.max(0, new Date(next).getTime() - Date.now()) + 500;
    if (wait > MAX_WAIT_MS) return;
    const timer = setTimeout(() => void mutate(), wait);
    return () => clearTimeout(timer);
  }, [next, mutate]);
  return swr;
};

export const useRevalidateFloor = () => useRevalidate(stale);
