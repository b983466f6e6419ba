import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { type Board, type BoardRoom, type QueueEntry } from '@ginhawa/contract';
import type { Db, SelectRow } from '../../db/client';
import {
  clientArrivals,
  clients,
  employees,
  floorBookings,
  floorQueue,
  floorReservations,
  rooms,
  shifts,
  treatments,
} from '../../db/schema/index';
import { iso } from '../../lib/iso';
import { preparedOnce } from '../../lib/prepared';
import { addMinutes, floorToday, instantOf } from './floor-shared.service';
import { reservationsOfDay } from './reservations-read.service';
import { floorSettingsOf, noShowFrom } from './settings.service';
import { sql } from 'drizzle-orm';

/** The instant the Manila day of `now` ends: the board's bookings reach no further. */
export const endOfManilaDay = (now: Date) => addMinutes(instantOf(floorToday(now), '00:00'), 24 * 60);

const name = (first: string | null, last: string | null) => (first === null ? '' : `${first} ${last ?? ''}`.trim());

/**
 * Who each booking is for, looked up per booking (a lateral subquery with `limit 1`, so PostgreSQL
 * keeps it a primary-key lookup): joined plainly, the planner hashes every arrival and reservation
 * the branch ever had to find the day's few hundred (docs/performance.md "The floor board").
 */
const arrivalOf = (db: Db) =>
  db
    .select({ clientId: clientArrivals.clientId, treatmentId: clientArrivals.treatmentId })
    .from(clientArrivals)
    .where(eq(clientArrivals.id, floorBookings.arrivalId))
    .limit(1)
    .as('booked_arrival');
const reservationOf = (db: Db) =>
  db
    .select({ clientId: floorReservations.clientId, treatmentId: floorReservations.treatmentId })
    .from(floorReservations)
    .where(eq(floorReservations.id, floorBookings.reservationId))
    .limit(1)
    .as('booked_reservation');

/**
 * The board's reads are prepared statements, built once per database (lib/prepared.ts, decision
 * 0402): with 20 boards asked at once, building them in drizzle and planning them again in
 * PostgreSQL cost about a quarter of a board's CPU time (docs/performance.md "The floor board").
 */
const lineStatement = preparedOnce('floor_board_line', (db, statementName) =>
  db
    .select({
      therapistId: floorQueue.employeeId,
      first: employees.firstName,
      last: employees.lastName,
      shiftId: floorQueue.shiftId,
      startedAt: shifts.startedAt,
      breakSince: floorQueue.breakSince,
      isActive: employees.isActive,
      employeeLocation: employees.locationId,
    })
    .from(floorQueue)
    .innerJoin(employees, eq(employees.id, floorQueue.employeeId))
    .innerJoin(shifts, eq(shifts.id, floorQueue.shiftId))
    .where(eq(floorQueue.locationId, sql.placeholder('location')))
    .orderBy(asc(floorQueue.queuedAt), asc(floorQueue.employeeId))
    .prepare(statementName),
);

/** The bookings still running or to come by `until` (ends after `now`), with whose they are. */
const bookingsStatement = preparedOnce('floor_board_bookings', (db, statementName) => {
  const arrival = arrivalOf(db);
  const reservation = reservationOf(db);
  return db
    .select({
      id: floorBookings.id,
      therapistId: floorBookings.therapistId,
      roomId: floorBookings.roomId,
      bed: floorBookings.bed,
      startsAt: floorBookings.startsAt,
      endsAt: floorBookings.endsAt,
      arrivalId: floorBookings.arrivalId,
      reservationId: floorBookings.reservationId,
      requested: floorBookings.requested,
      clientId: sql<number>`coalesce(${arrival.clientId}, ${reservation.clientId})`,
      clientFirst: clients.firstName,
      clientLast: clients.lastName,
      treatmentName: treatments.name,
    })
    .from(floorBookings)
    .leftJoinLateral(arrival, sql`true`)
    .leftJoinLateral(reservation, sql`true`)
    .leftJoin(clients, eq(clients.id, sql`coalesce(${arrival.clientId}, ${reservation.clientId})`))
    .leftJoin(treatments, eq(treatments.id, sql`coalesce(${arrival.treatmentId}, ${reservation.treatmentId})`))
    .where(
      and(
        eq(floorBookings.locationId, sql.placeholder('location')),
        gt(floorBookings.endsAt, sql.placeholder('now')),
        lt(floorBookings.startsAt, sql.placeholder('until')),
      ),
    )
    .orderBy(asc(floorBookings.startsAt))
    .prepare(statementName);
});

const roomsStatement = preparedOnce('floor_board_rooms', (db, statementName) =>
  db
    .select()
    .from(rooms)
    .where(and(eq(rooms.locationId, sql.placeholder('location')), eq(rooms.isActive, true)))
    .orderBy(asc(rooms.name), asc(rooms.id))
    .prepare(statementName),
);

type Booking = SelectRow<typeof bookingsStatement>;
const covers = (b: Booking, now: Date) => b.startsAt.getTime() <= now.getTime() && b.endsAt.getTime() > now.getTime();

/**
 * The whole board of a branch in one call (docs/api.md "Floor board") as it stands at `now`: the
 * line with each therapist's state, the rooms with their beds in use, and the day's reservations.
 * Four prepared reads and the branch's settings side by side; the states are worked out here from
 * the bookings (decision 0900). board-kept.service.ts keeps it between changes (decision 0904).
 */
export const computeBoard = async (
  db: Db,
  location: { id: number; name: string },
  now: Date,
  day: string,
): Promise<Board> => {
  const locationId = location.id;
  const endOfToday = endOfManilaDay(now);
  const roomNames = new Map<number, string>();
  const [line, bookings, roomRows, dayReservations, settings] = await Promise.all([
    lineStatement(db).execute({ location: locationId }),
    bookingsStatement(db).execute({ location: locationId, now: now.toISOString(), until: endOfToday.toISOString() }),
    roomsStatement(db).execute({ location: locationId }),
    reservationsOfDay(db, locationId, day),
    floorSettingsOf(db, locationId),
  ]);
  // When each booked one may be marked a no-show, by the rule the no-show itself checks (decision 0907).
  const reservations = dayReservations.map((r) => ({
    ...r,
    no_show_from: r.status === 'booked' ? iso(noShowFrom(new Date(r.starts_at), settings)) : null,
  }));
  for (const room of roomRows) roomNames.set(room.id, room.name);
  const therapistNames = new Map(line.map((t) => [t.therapistId, name(t.first, t.last)]));

  let nextFound = false;
  const queue: QueueEntry[] = line.map((t, i) => {
    const mine = bookings.filter((b) => b.therapistId === t.therapistId);
    const service = mine.find((b) => b.arrivalId !== null && covers(b, now));
    const held = mine.find((b) => b.arrivalId === null && b.reservationId !== null && covers(b, now));
    const upcoming = held ?? mine.find((b) => b.arrivalId === null && b.reservationId !== null && b.startsAt > now);
    const state: QueueEntry['state'] = service
      ? 'in_service'
      : t.breakSince
        ? 'on_break'
        : held
          ? 'reserved'
          : 'available';
    // Assign next passes over one deactivated or moved away while on shift (assign.service.ts, pickTherapist).
    const isNext = state === 'available' && t.isActive && t.employeeLocation === locationId && !nextFound;
    if (isNext) nextFound = true;
    return {
      position: i + 1,
      therapist: t.therapistId,
      therapist_name: name(t.first, t.last),
      state,
      is_next: isNext,
      shift: t.shiftId,
      clocked_in_at: iso(t.startedAt),
      service: service
        ? {
            arrival: service.arrivalId!,
            client: service.clientId,
            client_name: name(service.clientFirst, service.clientLast),
            treatment_name: service.treatmentName,
            room: service.roomId,
            room_name: service.roomId === null ? null : (roomNames.get(service.roomId) ?? null),
            bed: service.bed,
            started_at: iso(service.startsAt),
            ends_at: iso(service.endsAt),
            requested: service.requested,
          }
        : null,
      reservation: upcoming
        ? {
            id: upcoming.reservationId!,
            client_name: name(upcoming.clientFirst, upcoming.clientLast),
            starts_at: iso(upcoming.startsAt),
            ends_at: iso(upcoming.endsAt),
          }
        : null,
      break_since: t.breakSince ? iso(t.breakSince) : null,
    };
  });

  const boardRooms: BoardRoom[] = roomRows.map((room) => {
    const occupied = bookings
      .filter((b) => b.roomId === room.id && covers(b, now))
      .map((b) => ({
        bed: b.bed!,
        arrival: b.arrivalId,
        reservation: b.reservationId,
        client_name: name(b.clientFirst, b.clientLast),
        therapist: b.therapistId,
        therapist_name: b.therapistId === null ? null : (therapistNames.get(b.therapistId) ?? null),
        ends_at: iso(b.endsAt),
      }));
    return {
      id: room.id,
      name: room.name,
      kind: room.kind,
      rule: room.rule as BoardRoom['rule'],
      beds: room.beds,
      occupied,
      free_beds: room.beds - occupied.length,
    };
  });

  // A no-show's moment changes what the desk is offered, so the screen reads the board again then.
  const noShowMoments = reservations
    .flatMap((r) => (r.no_show_from ? [new Date(r.no_show_from)] : []))
    .filter((at) => at.getTime() < endOfToday.getTime());
  const changes = [...bookings.flatMap((b) => [b.startsAt, b.endsAt]), ...noShowMoments]
    .filter((at) => at.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return {
    location: location.id,
    location_name: location.name,
    date: day,
    next_change_at: changes[0] ? iso(changes[0]) : null,
    queue,
    rooms: boardRooms,
    reservations,
    now: iso(now),
  };
};
