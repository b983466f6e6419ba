import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients, rooms, treatments } from '../../db/schema/index';
import { conflict, fieldError } from '../../lib/http-error';
import type { Reservation } from '@ginhawa/contract';
import { bookingsOverlapping, isFree } from './bookings.service';
import { clockTime } from './floor-shared.service';

type Need = {
  locationId: number;
  clientId: number;
  treatmentId: number;
  startsAt: Date;
  endsAt: Date;
  /** The room asked for; null: any suitable. */
  roomId: number | null;
  /** A bed asked for in that room. */
  bed?: number | null;
};

/** A client of a known gender may not use a room for the other; an unknown gender is the desk's call. */
export const ruleAllows = (rule: string, gender: string | null) =>
  rule === 'any' || gender === null || (rule === 'women' ? gender === 'female' : gender === 'male');

/** The rooms of a branch that suit the treatment's room kinds and the client, smallest first; the room asked for alone when one is. */
const suitableRooms = async (db: DbOrTx, need: Need) => {
  const [client] = await db.select({ gender: clients.gender }).from(clients).where(eq(clients.id, need.clientId));
  const [treatment] = await db
    .select({ name: treatments.name, kinds: treatments.roomKinds })
    .from(treatments)
    .where(eq(treatments.id, need.treatmentId));
  const all = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.locationId, need.locationId), eq(rooms.isActive, true)))
    .orderBy(asc(rooms.beds), asc(rooms.name), asc(rooms.id));
  if (need.roomId === null && all.length === 0) return null;
  const kinds = treatment?.kinds ?? [];
  const gender = client?.gender ?? null;
  const candidates = all.filter((r) => need.roomId === null || r.id === need.roomId);
  if (need.roomId !== null && candidates.length === 0)
    throw fieldError('room', 'No such room at this branch (or it is closed).');
  const suitable = candidates.filter(
    (r) => (kinds.length === 0 || kinds.includes(r.kind)) && ruleAllows(r.rule, gender),
  );
  if (suitable.length === 0) {
    if (need.roomId !== null) {
      // A room the desk chose that does not suit is a wrong choice, not a clash (decision 0910).
      const room = candidates[0]!;
      const message = `${room.name} does not suit ${treatment?.name ?? 'this treatment'} for this client (${room.kind}, ${room.rule === 'any' ? 'anyone' : `${room.rule} only`}).`;
      throw fieldError('room', message);
    }
    const message = `No room suits ${treatment?.name ?? 'this treatment'} for this client${kinds.length ? ` (needs ${kinds.join(' or ')})` : ''}.`;
    throw conflict(message, { room: [message] });
  }
  return suitable;
};

/** Every bed of `suitable` free for the whole range, in the order the board proposes them. */
const freeOf = async (db: DbOrTx, need: Need, suitable: (typeof rooms.$inferSelect)[]) => {
  const taken = new Set(
    (await bookingsOverlapping(db, need.locationId, need.startsAt, need.endsAt))
      .filter((b) => b.roomId !== null)
      .map((b) => `${b.roomId}:${b.bed}`),
  );
  return suitable.flatMap((room) =>
    Array.from({ length: room.beds }, (_, i) => i + 1)
      .filter((bed) => !taken.has(`${room.id}:${bed}`))
      .map((bed) => ({ roomId: room.id, roomName: room.name, bed, kind: room.kind, rule: room.rule })),
  );
};

/**
 * A free bed that suits the treatment's room kinds and the client, for the range: the room asked
 * for, or the smallest suitable room (couple rooms stay free for couples). Null when the branch has
 * no rooms on file (the board then runs on therapists alone); a 409 when none is free or, asked for
 * none, none suits; a 400 on `room` when the room asked for does not suit.
 */
export const pickRoom = async (
  db: DbOrTx,
  need: Need,
): Promise<{ roomId: number; roomName: string; bed: number } | null> => {
  const suitable = await suitableRooms(db, need);
  if (suitable === null) return null;
  if (need.bed) {
    // A bed asked for by number: the exclusion constraint says whether it is free (and whose it is).
    const room = suitable[0]!;
    if (need.bed > room.beds)
      throw fieldError('bed', `${room.name} has ${room.beds} bed${room.beds === 1 ? '' : 's'}.`);
    return { roomId: room.id, roomName: room.name, bed: need.bed };
  }
  const [first] = await freeOf(db, need, suitable);
  if (first) return { roomId: first.roomId, roomName: first.roomName, bed: first.bed };
  const message = `No suitable room is free ${clockTime(need.startsAt)}–${clockTime(need.endsAt)}.`;
  throw conflict(message, { room: [message] });
};

/** The beds the desk may choose from (decision 0910): every suitable bed free for the range; none without rooms on file. */
export const freeBeds = async (db: DbOrTx, need: Omit<Need, 'roomId' | 'bed'>) => {
  const suitable = await suitableRooms(db, { ...need, roomId: null });
  return suitable === null ? [] : freeOf(db, { ...need, roomId: null }, suitable);
};

/**
 * The room the arriving client is served in, from now: the reservation's bed while it is free for the
 * whole service, else the smallest suitable free bed (an early or late client is not refused while
 * another bed suits them); none when the reservation has no room (a branch without rooms on file).
 */
export const arrivalRoom = async (
  db: DbOrTx,
  booked: Pick<Reservation, 'location' | 'client' | 'treatment' | 'room' | 'bed'>,
  startsAt: Date,
  endsAt: Date,
) => {
  if (booked.room === null || booked.bed === null) return null;
  if (await isFree(db, { roomId: booked.room, bed: booked.bed }, startsAt, endsAt))
    return { roomId: booked.room, bed: booked.bed };
  const room = await pickRoom(db, {
    locationId: booked.location,
    clientId: booked.client,
    treatmentId: booked.treatment,
    startsAt,
    endsAt,
    roomId: null,
  });
  return room && { roomId: room.roomId, bed: room.bed };
};
