import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { floorReservations, locations } from '../../db/schema/index';
import { floorClock, whenSaid } from './floor-shared.service';

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
