import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { floorReservations, locations } from '../../db/schema/index';
import { floorClock, hoursProblem, whenSaid } from './floor-shared.service';

/**
 * A therapist's bookings still to come (booked, not yet over): what the administration asks about
 * before moving them to another branch or letting them go, so no client arrives for someone who
 * no longer works there (decision 0204). Null when there are none.
 */
export const bookingsAhead = async (db: DbOrTx, therapistId: number) => {
  const now = floorClock.now();
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      first: sql<string>`min(${floorReservations.startsAt})`,
      // Every booking is at the therapist's branch; the first one's names it.
      location: sql<string>`(array_agg(${locations.name} order by ${floorReservations.startsAt}))[1]`,
    })
    .from(floorReservations)
    .innerJoin(locations, eq(locations.id, floorReservations.locationId))
    .where(
      and(
        eq(floorReservations.therapistId, therapistId),
        eq(floorReservations.status, 'booked'),
        gt(floorReservations.endsAt, now),
      ),
    );
  if (!row || row.count === 0) return null;
  const first = whenSaid(new Date(row.first), now);
  return `${row.count === 1 ? 'a booking' : `${row.count} bookings`} at ${row.location}, the first ${first}`;
};

/**
 * A branch's bookings still to come that its opening hours, as they stand now, no longer hold:
 * asked after an hours change, which is refused while any would fall outside (decision 0204).
 * Null when every booking still fits.
 */
export const bookingsOutsideHours = async (db: DbOrTx, locationId: number) => {
  const now = floorClock.now();
  const rows = await db
    .select({
      time: floorReservations.time,
      minutes: floorReservations.durationMinutes,
      startsAt: floorReservations.startsAt,
      opens: locations.openingTime,
      closes: locations.closingTime,
      name: locations.name,
    })
    .from(floorReservations)
    .innerJoin(locations, eq(locations.id, floorReservations.locationId))
    .where(
      and(
        eq(floorReservations.locationId, locationId),
        eq(floorReservations.status, 'booked'),
        gt(floorReservations.endsAt, now),
      ),
    )
    .orderBy(floorReservations.startsAt);
  const outside = rows.filter((r) => hoursProblem(r.opens, r.closes, r.time, r.minutes) !== null);
  const first = outside[0];
  if (!first) return null;
  const count = outside.length === 1 ? 'a booking' : `${outside.length} bookings`;
  return `${first.name} has ${count} outside ${first.opens}–${first.closes}, the first ${whenSaid(first.startsAt, now)}`;
};
