import useSWR from 'swr';
import type { Board, BoardQuery } from '@ginhawa/contract';
import { getOne, under, useRevalidate, withQuery } from '../../../lib/list-query';

export const FLOOR_PATH = '/floor/';

/** Every floor read (board, rooms, reservations, shifts) starts with /floor/: one write makes them all stale. */
const stale = under(FLOOR_PATH);

export const boardKey = (location: number, date?: string) =>
  withQuery(`${FLOOR_PATH}board/`, { location: String(location), date } satisfies BoardQuery);

/**
 * One branch's board in one read. It is never polled: the live `floor_changed` frame revalidates
 * every /floor/ key (features/notifications/live), and a write here revalidates it at once.
 */
export const useBoard = (location: number | null, date?: string) =>
  useSWR<Board, unknown>(location === null ? null : boardKey(location, date), getOne<Board>);

export const useRevalidateFloor = () => useRevalidate(stale);
