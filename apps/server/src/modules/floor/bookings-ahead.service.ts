import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { floorReservations, locations } from '../../db/schema/index';
import { floorClock, hoursProblem, whenSaid } from './floor-shared.service';

/** The bookings still to come (booked, not yet over) that `which` picks, first first, with their branch's hours. */
const bookedToCome = (db: DbOrTx, which: SQL, now: Date) =>
  db
    .select({
      time: floorReservations.time,
      minutes: floorReservations.durationMinutes,
      startsAt: floorReservations.startsAt,
      name: locations.name,
      opens: locations.openingTime,
      closes: locations.closingTime,
    })
    .from(floorReservations)
    .innerJoin(locations, eq(locations.id, floorReservations.locationId))
    .where(and(which, eq(floorReservations.status, 'booked'), gt(floorReservations.endsAt, now)))
    .orderBy(asc(floorReservations.startsAt));

type Booked = Awaited<ReturnType<typeof bookedToCome>>;

/** "3 bookings at Ortigas Center, the first on 27 Nov 2026 at 09:00" (`where` says what follows "at"). */
const described = (rows: Booked, where: string, now: Date) =>
  `${rows.length === 1 ? 'a booking' : `${rows.length} bookings`} ${where}, the first ${whenSaid(rows[0]!.startsAt, now)}`;

/**
 * A therapist's bookings still to come: what the administration asks about before moving them to
 * another branch or letting them go, so no client arrives for someone who no longer works there
 * (decision 0204). Null when there are none.
 */
export const bookingsAhead = async (db: DbOrTx, therapistId: number) => {
  const now = floorClock.now();
  const rows = await bookedToCome(db, eq(floorReservations.therapistId, therapistId), now);
  // Every booking is at the therapist's branch; the first one's names it.
  return rows.length ? described(rows, `at ${rows[0]!.name}`, now) : null;
};

/**
 * A branch's bookings still to come that its opening hours, as they stand now, no longer hold:
 * asked after an hours change, which is refused while any would fall outside (decision 0204).
 * Null when every booking still fits.
 */
export const bookingsOutsideHours = async (db: DbOrTx, locationId: number) => {
  const now = floorClock.now();
  const rows = await bookedToCome(db, eq(floorReservations.locationId, locationId), now);
  const outside = rows.filter((r) => hoursProblem(r.opens, r.closes, r.time, r.minutes) !== null);
  if (!outside.length) return null;
  const { name, opens, closes } = outside[0]!;
  return `${name} has ${described(outside, `outside ${opens}–${closes}`, now)}`;
};
