import useSWR from 'swr';
import type { Board, BoardQuery } from '@ginhawa/contract';
import { getBoard } from '../../../lib/board-read';
import { withQuery } from '../../../lib/list-query';

/**
 * The branch's floor board as the arrival card reads it: who is clocked in, on a break or in a
 * service now (docs/decisions/0414). The key is the floor screen's own (`/floor/board/?location=`),
 * so both share one read, and the live `floor_changed` frame, which revalidates every /floor/ key,
 * keeps an open card up to date when someone clocks in or takes a break.
 */
export const useFloorLine = (location: number | null) =>
  useSWR<Board, unknown>(
    location === null ? null : withQuery('/floor/board/', { location: String(location) } satisfies BoardQuery),
    getBoard,
  );
