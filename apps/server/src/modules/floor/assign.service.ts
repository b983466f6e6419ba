import { and, asc, eq } from 'drizzle-orm';
import { MANAGER_GROUP, type AssignInput, type Assignment, type Proposal, type ProposeInput } from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { clientArrivals, clients, floorBookings, floorQueue, rooms, treatments } from '../../db/schema/index';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { hasAnyGroup, type AuthUser } from '../../lib/actor';
import { createArrival } from '../clients/index';
import {
  addMinutes,
  clockTime,
  floorClock,
  floorLocation,
  lockFloor,
  logRotation,
  publishFloor,
  receivedBy,
  floorToday,
  slotOf,
  staffMember,
} from './floor-shared.service';
import { assertTherapistFree, book, isFree, type BookingValues } from './bookings.service';
import { lineOf, queueEntry, sendToBack } from './rotation.service';
import { freeBeds, pickRoom } from './room-pick.service';

/** Who logs services from the board: the front desk and Managers (Admins anywhere); therapists read it. */
export const DESK = [MANAGER_GROUP, 'Receptionist'];
export const assertDesk = (user: AuthUser, what: string) => {
  if (!hasAnyGroup(user, DESK)) throw forbidden(`Only the front desk or a Manager may ${what}.`);
};

export const treatmentFor = async (db: DbOrTx, id: number, minutes?: number) => {
  const [row] = await db.select().from(treatments).where(eq(treatments.id, id));
  if (!row) throw fieldError('treatment', 'No such treatment.');
  if (!row.isActive) throw fieldError('treatment', `${row.name} is no longer offered (inactive).`);
  return { ...row, minutes: minutes ?? row.durationMinutes };
};

/**
 * The therapist for a walk-in from `startsAt` to `endsAt`: the one asked for by name (out of turn),
 * else the first in line who is on shift, not on break, and free for the whole service (in service,
 * or held by a reservation that would overlap, is passed over: decision 0900).
 */
export const pickTherapist = async (
  db: Tx | Db,
  locationId: number,
  requested: number | null,
  startsAt: Date,
  endsAt: Date,
) => {
  if (requested !== null) {
    const person = await staffMember(db, requested, 'therapist', { locationId, kind: 'therapist' });
    const entry = await queueEntry(db as Tx, locationId, person.id, person.name);
    if (entry.breakSince)
      throw conflict(`${person.name} is on a break.`, { therapist: [`${person.name} is on a break.`] });
    return { id: person.id, name: person.name };
  }
  for (const entry of await lineOf(db, locationId)) {
    if (entry.breakSince) continue;
    if (await isFree(db, { therapistId: entry.employeeId }, startsAt, endsAt)) {
      // One deactivated or moved to another branch while on shift waits in the line for the desk to
      // clock them out; they serve no one here, and do not stop the line behind them.
      const person = await staffMember(db, entry.employeeId, 'therapist', { inactiveToo: true });
      if (person.isActive && person.locationId === locationId) return { id: person.id, name: person.name };
    }
  }
  const message = `No therapist in the rotation is free ${clockTime(startsAt)}–${clockTime(endsAt)}.`;
  throw conflict(message, { therapist: [message] });
};

/**
 * A logged arrival's service begins on the floor (Assign next, a booking's arrival): its time is
 * booked; from the rotation, the therapist goes to the back of the line when the service ends,
 * requested keeps the place; the rotation log says which.
 */
export const startService = async (
  tx: Tx,
  user: AuthUser,
  booking: BookingValues & { therapistId: number; requested: boolean },
) => {
  await book(tx, booking);
  if (!booking.requested)
    await tx.update(floorQueue).set({ queuedAt: booking.endsAt }).where(eq(floorQueue.employeeId, booking.therapistId));
  await logRotation(tx, {
    locationId: booking.locationId,
    employeeId: booking.therapistId,
    action: booking.requested ? 'served_requested' : 'served',
    actorId: user.id,
    at: booking.startsAt,
  });
};

/** What "assign next" would do now; writes nothing (the confirm decides, under the branch's lock). */
export const propose = async (db: Db, user: AuthUser, input: ProposeInput): Promise<Proposal> => {
  await floorLocation(db, user, input.location);
  // The assignment refuses an unknown client (the arrival's own check): the proposal says so first.
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, input.client));
  if (!client) throw fieldError('client', 'No such client.');
  const treatment = await treatmentFor(db, input.treatment, input.duration_minutes);
  const startsAt = floorClock.now();
  const endsAt = addMinutes(startsAt, treatment.minutes);
  const therapist = await pickTherapist(db, input.location, input.therapist, startsAt, endsAt);
  const need = { locationId: input.location, clientId: input.client, treatmentId: treatment.id, startsAt, endsAt };
  const room = await pickRoom(db, { ...need, roomId: null });
  const free = await freeBeds(db, need);
  return {
    therapist: therapist.id,
    therapist_name: therapist.name,
    requested: input.therapist !== null,
    room: room?.roomId ?? null,
    room_name: room?.roomName ?? null,
    bed: room?.bed ?? null,
    starts_at: iso(startsAt),
    ends_at: iso(endsAt),
    duration_minutes: treatment.minutes,
    free_beds: free.map((b) => ({ room: b.roomId, room_name: b.roomName, bed: b.bed, kind: b.kind, rule: b.rule })),
  };
};

/** The board's view of an arrival it placed: where and until when. */
const assignmentOf = async (db: Db, arrival: Assignment['arrival']): Promise<Assignment> => {
  const [row] = await db
    .select({
      booking: floorBookings,
      roomName: rooms.name,
      endsAt: clientArrivals.endsAt,
      bed: clientArrivals.bed,
      roomId: clientArrivals.roomId,
    })
    .from(clientArrivals)
    // The first therapist's booking (a tandem's second holds another row).
    .leftJoin(
      floorBookings,
      and(eq(floorBookings.arrivalId, clientArrivals.id), eq(floorBookings.therapistId, clientArrivals.therapistId)),
    )
    .leftJoin(rooms, eq(rooms.id, clientArrivals.roomId))
    .where(eq(clientArrivals.id, arrival.id));
  return {
    arrival,
    requested: row?.booking?.requested ?? false,
    room: row?.roomId ?? null,
    room_name: row?.roomName ?? null,
    bed: row?.bed ?? null,
    starts_at: iso(row?.booking?.startsAt ?? new Date(arrival.created_at)),
    ends_at: iso(row?.booking?.endsAt ?? row?.endsAt ?? new Date(arrival.created_at)),
  };
};

/**
 * The one more tap: logs the arrival through the clients module (a voucher session redeemed, a
 * walk-in paid, the therapist told) with its booking, in one transaction under the branch's lock;
 * the exclusion constraints refuse a therapist or a bed a second desk took meanwhile (409).
 */
export const assign = async (db: Db, user: AuthUser, input: AssignInput, idempotencyKey: string | null) => {
  assertDesk(user, 'assign a service');
  await floorLocation(db, user, input.location);
  const startsAt = floorClock.now();
  const slot = slotOf(startsAt);
  const columns = { roomId: null as number | null, bed: null as number | null, endsAt: null as Date | null };
  const arrival = await createArrival(
    db,
    user,
    {
      client: input.client,
      location: input.location,
      date: slot.date,
      time: slot.time,
      therapist: input.therapist,
      second_therapist: null,
      requested: input.requested,
      receptionist: await receivedBy(db, user, input.location, input.receptionist),
      treatment: input.treatment,
      voucher: input.voucher,
      client_membership: input.client_membership,
      notes: input.notes,
      payment: input.payment,
    },
    idempotencyKey,
    {
      // The desk's body, not the arrival's: its date and time are now's slot, which a retry may not share.
      idempotency: { route: 'POST /floor/assign/', body: input },
      columns,
      before: async (tx) => {
        await lockFloor(tx, input.location);
        const treatment = await treatmentFor(tx, input.treatment, input.duration_minutes);
        const endsAt = addMinutes(startsAt, treatment.minutes);
        await pickTherapist(tx, input.location, input.therapist, startsAt, startsAt);
        await assertTherapistFree(tx, input.therapist, startsAt, endsAt);
        const room = await pickRoom(tx, {
          locationId: input.location,
          clientId: input.client,
          treatmentId: treatment.id,
          startsAt,
          endsAt,
          roomId: input.room,
          bed: input.room === null ? null : input.bed,
        });
        Object.assign(columns, { roomId: room?.roomId ?? null, bed: room?.bed ?? null, endsAt });
      },
      after: async (tx, logged) => {
        await startService(tx, user, {
          locationId: input.location,
          therapistId: input.therapist,
          roomId: columns.roomId,
          bed: columns.bed,
          startsAt,
          endsAt: columns.endsAt!,
          arrivalId: logged.id,
          requested: input.requested,
        });
        await publishFloor(tx, input.location, slot.date);
      },
    },
  );
  return assignmentOf(db, arrival);
};

/**
 * The service ended (early, or on time): its time is given back, each of its therapists' (a tandem
 * has two, decision 0909); from the rotation, each goes to the back now.
 */
export const finishService = async (db: Db, user: AuthUser, arrivalId: number) =>
  db.transaction(async (tx) => {
    const bookingsOf = () =>
      tx.select().from(floorBookings).where(eq(floorBookings.arrivalId, arrivalId)).orderBy(asc(floorBookings.id));
    const [found] = await bookingsOf();
    if (!found) throw notFound('No service on the floor for this arrival.');
    await floorLocation(tx, user, found.locationId);
    assertDesk(user, 'finish a service');
    await lockFloor(tx, found.locationId);
    // Read again under the lock: a finish queued behind another (a double tap) would end the service
    // again, send the therapist to the back again and log a second "finished".
    const bookings = await bookingsOf();
    if (bookings.length === 0) throw notFound('No service on the floor for this arrival.');
    const now = floorClock.now();
    const ended = bookings.find((b) => b.endsAt.getTime() <= now.getTime());
    if (ended) throw conflict(`This service already ended at ${clockTime(ended.endsAt)}.`);
    const finished = { locationId: found.locationId, action: 'finished' as const, actorId: user.id, at: now };
    for (const booking of bookings) {
      if (booking.startsAt.getTime() >= now.getTime())
        await tx.delete(floorBookings).where(eq(floorBookings.id, booking.id));
      else await tx.update(floorBookings).set({ endsAt: now }).where(eq(floorBookings.id, booking.id));
      const therapistId = booking.therapistId;
      if (therapistId !== null && !booking.requested) await sendToBack(tx, found.locationId, therapistId, now);
      await logRotation(tx, { ...finished, employeeId: therapistId });
    }
    await tx.update(clientArrivals).set({ endsAt: now }).where(eq(clientArrivals.id, arrivalId));
    await publishFloor(tx, found.locationId, floorToday(now));
    return found.locationId;
  });
