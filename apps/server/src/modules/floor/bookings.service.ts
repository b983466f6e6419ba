import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Tx, DbOrTx } from '../../db/client';
import {
  clientArrivals,
  clients,
  employees,
  floorBookings,
  floorReservations,
  locations,
  rooms,
} from '../../db/schema/index';
import { conflict } from '../../lib/http-error';
import { pgErrorCode } from '../../lib/pg-errors';
import { clockTime } from './floor-shared.service';

export type BookingValues = typeof floorBookings.$inferInsert;

/** Bookings whose time overlaps `startsAt`–`endsAt`: the exclusion constraints' rule, for the pre-checks and the 409. */
const overlapping = (startsAt: Date, endsAt: Date) =>
  and(lt(floorBookings.startsAt, endsAt), gt(floorBookings.endsAt, startsAt));

/**
 * The 409 for an overlap the exclusion constraints refused (or a pre-check found): whose time it
 * is and when, read from the booking that holds it (docs/decisions/0900-floor-board.md).
 */
const overlapError = async (db: DbOrTx, v: BookingValues) => {
  const others = and(overlapping(v.startsAt, v.endsAt), v.id ? ne(floorBookings.id, v.id) : undefined);
  if (v.therapistId) {
    const [taken] = await db
      .select({
        startsAt: floorBookings.startsAt,
        endsAt: floorBookings.endsAt,
        first: employees.firstName,
        last: employees.lastName,
      })
      .from(floorBookings)
      .innerJoin(employees, eq(employees.id, floorBookings.therapistId))
      .where(and(eq(floorBookings.therapistId, v.therapistId), others));
    if (taken) {
      const message = `${taken.first} ${taken.last} is already serving or booked ${clockTime(taken.startsAt)}–${clockTime(taken.endsAt)} then.`;
      return conflict(message, { therapist: [message] });
    }
  }
  if (v.roomId && v.bed) {
    const [taken] = await db
      .select({ startsAt: floorBookings.startsAt, endsAt: floorBookings.endsAt, name: rooms.name })
      .from(floorBookings)
      .innerJoin(rooms, eq(rooms.id, floorBookings.roomId))
      .where(and(eq(floorBookings.roomId, v.roomId), eq(floorBookings.bed, v.bed), others));
    if (taken) {
      const message = `${taken.name}, bed ${v.bed} is already taken ${clockTime(taken.startsAt)}–${clockTime(taken.endsAt)} then.`;
      return conflict(message, { room: [message] });
    }
  }
  const client = await clientOverlap(db, v);
  if (client) return client;
  return conflict('That time is already taken.');
};

/** One visit's rows (a tandem's two therapists): its arrival's, else its reservation's (the constraint's key). */
const visitKey = (v: Pick<BookingValues, 'arrivalId' | 'reservationId'>) => v.arrivalId ?? -(v.reservationId ?? 0);

/**
 * The client's other visit that overlaps this one, at any branch (floor_bookings_client_excl,
 * decision 0912): "Ana Cruz is already booked 16:00–17:00 at Makati Salcedo."
 */
const clientOverlap = async (db: DbOrTx, v: BookingValues) => {
  const [owner] = v.arrivalId
    ? await db.select({ id: clientArrivals.clientId }).from(clientArrivals).where(eq(clientArrivals.id, v.arrivalId))
    : v.reservationId
      ? await db
          .select({ id: floorReservations.clientId })
          .from(floorReservations)
          .where(eq(floorReservations.id, v.reservationId))
      : [];
  if (!owner) return null;
  const [taken] = await db
    .select({
      startsAt: floorBookings.startsAt,
      endsAt: floorBookings.endsAt,
      first: clients.firstName,
      last: clients.lastName,
      branch: locations.name,
    })
    .from(floorBookings)
    .innerJoin(clients, eq(clients.id, floorBookings.clientId))
    .innerJoin(locations, eq(locations.id, floorBookings.locationId))
    .where(
      and(
        eq(floorBookings.clientId, owner.id),
        overlapping(v.startsAt, v.endsAt),
        sql`coalesce(${floorBookings.arrivalId}, -${floorBookings.reservationId}) <> ${visitKey(v)}`,
      ),
    )
    .limit(1);
  if (!taken) return null;
  const message = `${taken.first} ${taken.last} is already booked ${clockTime(taken.startsAt)}–${clockTime(taken.endsAt)} at ${taken.branch}.`;
  return conflict(message, { client: [message] });
};

/** The therapist's time from `startsAt` to `endsAt` is free, or the 409 naming whose it is (before a room is chosen). */
export const assertTherapistFree = async (db: DbOrTx, therapistId: number, startsAt: Date, endsAt: Date) => {
  if (!(await isFree(db, { therapistId }, startsAt, endsAt)))
    throw await overlapError(db, { locationId: 0, therapistId, startsAt, endsAt });
};

/**
 * Writes (or with `id`, moves) a booking inside a savepoint: the exclusion constraints are the
 * rule, so two desks at once get one booking and one clear 409, and the transaction stays usable
 * to read whose time it is.
 */
export const book = async (tx: Tx, v: BookingValues) => {
  try {
    return await tx.transaction(async (sp) => {
      if (v.id === undefined) {
        const [row] = await sp.insert(floorBookings).values(v).returning({ id: floorBookings.id });
        return row!.id;
      }
      await sp.update(floorBookings).set(v).where(eq(floorBookings.id, v.id));
      return v.id;
    });
  } catch (err) {
    if (pgErrorCode(err) !== '23P01') throw err;
    throw await overlapError(tx, v);
  }
};

/** Bookings of a therapist or a bed overlapping a range, for proposals (the constraint still decides). */
export const isFree = async (
  db: DbOrTx,
  what: { therapistId?: number; roomId?: number; bed?: number },
  startsAt: Date,
  endsAt: Date,
) => {
  const [row] = await db
    .select({ id: floorBookings.id })
    .from(floorBookings)
    .where(
      and(
        what.therapistId ? eq(floorBookings.therapistId, what.therapistId) : undefined,
        what.roomId ? and(eq(floorBookings.roomId, what.roomId), eq(floorBookings.bed, what.bed!)) : undefined,
        overlapping(startsAt, endsAt),
      ),
    )
    .limit(1);
  return row === undefined;
};

/** The bookings of a branch overlapping a range (the proposal's and the board's view of who is taken). */
export const bookingsOverlapping = (db: DbOrTx, locationId: number, startsAt: Date, endsAt: Date) =>
  db
    .select()
    .from(floorBookings)
    .where(and(eq(floorBookings.locationId, locationId), overlapping(startsAt, endsAt)));
