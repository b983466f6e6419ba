import useSWR from 'swr';
import type { Room, RoomListQuery } from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery } from '../../../lib/list-query';

/** The kinds every branch's rooms use (the floor board's rooms; Admins read them all), each once, sorted. */
const getRoomKinds = async (key: string): Promise<string[]> =>
  [...new Set((await getPage<Room>(key)).results.map((room) => room.kind))].sort();

/** What a treatment may ask for: a kind no room has would leave it with no room anywhere. */
export const useRoomKindOptions = () =>
  useSWR<string[], unknown>(
    withQuery('/floor/rooms/', { ...ALL_ROWS, ordering: 'kind' } satisfies RoomListQuery),
    getRoomKinds,
  );
