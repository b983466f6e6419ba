import { roomListQuerySchema, type DeleteResult, type Room, type RoomBody } from '@ginhawa/contract';
import { apiClient } from '../../../lib/api-client';
import { under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';

const ROOMS_PATH = '/floor/rooms/';
/** A room change also changes the board (its rooms and free beds): every /floor/ read is stale. */
const stale = under('/floor/');

export const deleteRoom = async (id: number): Promise<DeleteResult | undefined> =>
  (await apiClient.delete<DeleteResult | undefined>(`${ROOMS_PATH}${id}/`)).data;

/** Rooms, searched, filtered and ordered on the server (Admins; Managers see their branch's). */
export const roomsResource: ListResource<Room, typeof roomListQuerySchema> = {
  schema: roomListQuerySchema,
  key: (query) => withQuery(ROOMS_PATH, query),
  stale,
  remove: (room) => deleteRoom(room.id),
};

export const useRevalidateRooms = () => useRevalidate(stale);

export const createRoom = async (body: RoomBody): Promise<Room> => (await apiClient.post<Room>(ROOMS_PATH, body)).data;

export const updateRoom = async (id: number, body: RoomBody): Promise<Room> =>
  (await apiClient.put<Room>(`${ROOMS_PATH}${id}/`, body)).data;
