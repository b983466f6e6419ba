import { BOARD_NOW_HEADER, type Board, type BoardRead } from '@ginhawa/contract';
import { apiClient } from './api-client';

/**
 * The SWR fetcher of a branch's floor board (`/floor/board/?location=`), for every feature that
 * reads it under that key (the floor screen, the arrival card, a therapist's next client): one
 * fetcher, so one shape whichever of them reads first. The body is the same bytes between two
 * changes (the browser's HTTP cache revalidates it by its ETag and hands it over on a 304);
 * `now` comes from the `Board-Now` header, sent on every answer, 304 included (decision 1060),
 * and is the device's clock only if a proxy dropped it.
 */
export const getBoard = async (key: string): Promise<Board> => {
  const { data, headers } = await apiClient.get<BoardRead>(key);
  return { ...data, now: headers.get(BOARD_NOW_HEADER) ?? new Date().toISOString() };
};
