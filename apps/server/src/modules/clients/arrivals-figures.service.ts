import { addDays, todayInManila } from '@ginhawa/contract';
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ArrivalsCount, ArrivalsCountParams, ArrivalsData } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { clientArrivals, locations } from '../../db/schema/index';
import { fieldError } from '../../lib/http-error';
import { therapist } from './arrivals.service';
import { activityScope, owner } from './client-memberships.service';
import type { AuthUser } from '../../lib/actor';

/** `date`, or `date_from`–`date_to`; today when neither is given. */
const period = (query: { date?: string; date_from?: string; date_to?: string }, defaultDays: number) => {
  const today = todayInManila();
  if (query.date) return { from: query.date, to: query.date };
  const to = query.date_to ?? (query.date_from && query.date_from > today ? query.date_from : today);
  const from = query.date_from ?? addDays(to, -(defaultDays - 1));
  if (from > to) throw fieldError('date_from', 'The start date must not be after the end date.');
  return { from, to };
};

const countedWhere = (user: AuthUser, from: string, to: string, location: number | undefined): SQL | undefined =>
  and(
    activityScope(user, clientArrivals.locationId),
    ne(clientArrivals.status, 'cancelled'),
    sql`${clientArrivals.date} between ${from} and ${to}`,
    location ? eq(clientArrivals.locationId, location) : undefined,
  );

export const countArrivals = async (db: Db, user: AuthUser, query: ArrivalsCountParams): Promise<ArrivalsCount> => {
  const { from, to } = period(query, 1);
  const [row] = await db
    .select({ n: count() })
    .from(clientArrivals)
    .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
    .where(countedWhere(user, from, to, query.location));
  return { count: row?.n ?? 0, date_from: from, date_to: to };
};

/** Chart data: arrivals (not cancelled) by day, hour, weekday × hour, location and therapist; the last 30 days by default. */
export const arrivalsData = async (db: Db, user: AuthUser, query: ArrivalsCountParams): Promise<ArrivalsData> => {
  const { from, to } = period(query, 30);
  const where = countedWhere(user, from, to, query.location);
  const hour = sql<number>`substr(${clientArrivals.time}, 1, 2)::int`.mapWith(Number);
  // `date` and `time` are already the Manila calendar day and clock (as logged at the desk), so
  // 23:45 on a Sunday stays Sunday 23h whatever the server's zone; ISO weekday, 1 = Monday.
  const weekday = sql<number>`extract(isodow from ${clientArrivals.date})::int`.mapWith(Number);
  const [byDay, byHour, byWeekdayHour, byLocation, byTherapist] = await Promise.all([
    db
      .select({ date: clientArrivals.date, n: count() })
      .from(clientArrivals)
      .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
      .where(where)
      .groupBy(clientArrivals.date)
      .orderBy(asc(clientArrivals.date)),
    db
      .select({ hour, n: count() })
      .from(clientArrivals)
      .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
      .where(where)
      .groupBy(hour)
      .orderBy(asc(hour)),
    db
      .select({ weekday, hour, n: count() })
      .from(clientArrivals)
      .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
      .where(where)
      .groupBy(weekday, hour)
      .orderBy(asc(weekday), asc(hour)),
    db
      .select({ id: locations.id, name: locations.name, n: count() })
      .from(clientArrivals)
      .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
      .innerJoin(locations, eq(locations.id, clientArrivals.locationId))
      .where(where)
      .groupBy(locations.id, locations.name)
      .orderBy(desc(count()), asc(locations.name)),
    db
      .select({
        id: therapist.id,
        name: sql<string>`${therapist.firstName} || ' ' || ${therapist.lastName}`,
        n: count(),
      })
      .from(clientArrivals)
      .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
      .innerJoin(therapist, eq(therapist.id, clientArrivals.therapistId))
      .where(where)
      .groupBy(therapist.id, therapist.firstName, therapist.lastName)
      .orderBy(desc(count()), asc(therapist.lastName)),
  ]);
  return {
    date_from: from,
    date_to: to,
    by_day: byDay.map((r) => ({ date: r.date, count: r.n })),
    by_hour: byHour.map((r) => ({ hour: r.hour, count: r.n })),
    by_weekday_hour: byWeekdayHour.map((r) => ({ weekday: r.weekday, hour: r.hour, count: r.n })),
    by_location: byLocation.map((r) => ({ location: r.id, location_name: r.name, count: r.n })),
    by_therapist: byTherapist.map((r) => ({ therapist: r.id, therapist_name: r.name, count: r.n })),
  };
};
