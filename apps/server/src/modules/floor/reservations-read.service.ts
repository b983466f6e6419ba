import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Reservation, ReservationQuery, ReservationStatus } from '@ginhawa/contract';
import type { Db, DbOrTx, SelectRow } from '../../db/client';
import { clients, employees, floorReservations, locations, rooms, treatments, users } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { listPage, totalRows } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import type { AuthUser } from '../../lib/actor';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import { worksAt } from './floor-shared.service';

const ALREADY: Record<Exclude<ReservationStatus, 'booked'>, string> = {
  arrived: 'The client of this reservation has already arrived.',
  no_show: 'This reservation is already marked as a no-show.',
  cancelled: 'This reservation is already cancelled.',
};
/** Why a reservation no longer booked cannot change, as a sentence (not "already no-show"). */
export const alreadySentence = (status: string) => ALREADY[status as keyof typeof ALREADY];

const therapist = alias(employees, 'reserved_therapist');
const canceller = alias(users, 'canceller');
const r = floorReservations;

const columns = {
  id: r.id,
  clientId: r.clientId,
  clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
  locationId: r.locationId,
  locationName: locations.name,
  date: r.date,
  time: r.time,
  startsAt: r.startsAt,
  endsAt: r.endsAt,
  durationMinutes: r.durationMinutes,
  treatmentId: r.treatmentId,
  treatmentName: treatments.name,
  therapistId: r.therapistId,
  therapistName: sql<string | null>`${therapist.firstName} || ' ' || ${therapist.lastName}`,
  roomId: r.roomId,
  roomName: rooms.name,
  bed: r.bed,
  status: r.status,
  depositMethod: r.depositMethod,
  depositBankId: r.depositBankId,
  depositAmount: r.depositAmount,
  depositReference: r.depositReference,
  depositStatus: r.depositStatus,
  depositRefunded: r.depositRefunded,
  notes: r.notes,
  arrivalId: r.arrivalId,
  cancelledBy: r.cancelledBy,
  cancelledByName: sql<string | null>`nullif(trim(${canceller.firstName} || ' ' || ${canceller.lastName}), '')`,
  cancelledByUsername: canceller.username,
  cancelReason: r.cancelReason,
  closedAt: r.closedAt,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

/** Reservations with their names joined, in one query; `extra` adds columns (a list's `total`). */
export const selectReservations = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(
  db: DbOrTx,
  extra?: E,
) =>
  db
    .select({ ...columns, ...(extra as E) })
    .from(r)
    .innerJoin(clients, eq(clients.id, r.clientId))
    .innerJoin(locations, eq(locations.id, r.locationId))
    .innerJoin(treatments, eq(treatments.id, r.treatmentId))
    .leftJoin(therapist, eq(therapist.id, r.therapistId))
    .leftJoin(rooms, eq(rooms.id, r.roomId))
    .leftJoin(canceller, eq(canceller.id, r.cancelledBy));

type Row = SelectRow<typeof selectReservations<Record<never, never>>>;

export const toReservation = (row: Row): Reservation => ({
  id: row.id,
  client: row.clientId,
  client_name: row.clientName,
  location: row.locationId,
  location_name: row.locationName,
  date: row.date,
  time: row.time,
  starts_at: iso(row.startsAt),
  ends_at: iso(row.endsAt),
  duration_minutes: row.durationMinutes,
  treatment: row.treatmentId,
  treatment_name: row.treatmentName,
  therapist: row.therapistId,
  therapist_name: row.therapistId === null ? null : row.therapistName,
  room: row.roomId,
  room_name: row.roomName,
  bed: row.bed,
  status: row.status as Reservation['status'],
  deposit:
    row.depositAmount === null
      ? null
      : {
          payment_method: row.depositMethod ?? '',
          bank: row.depositBankId,
          amount: row.depositAmount,
          reference_no: row.depositReference,
          status: row.depositStatus as NonNullable<Reservation['deposit']>['status'],
          refunded: row.depositRefunded,
        },
  notes: row.notes,
  arrival: row.arrivalId,
  cancelled_by: row.cancelledBy,
  cancelled_by_name: row.cancelledBy === null ? null : (row.cancelledByName ?? row.cancelledByUsername),
  cancel_reason: row.cancelReason,
  closed_at: row.closedAt ? iso(row.closedAt) : null,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

export const getReservation = async (db: DbOrTx, user: AuthUser, id: number): Promise<Reservation> => {
  const [row] = await selectReservations(db).where(eq(r.id, id));
  // Another branch's reservation is as unknown as a missing one.
  if (!row || !worksAt(user, row.locationId)) throw notFound('No such reservation.');
  return toReservation(row);
};

/** The board's list as a prepared statement (board.service.ts: built and planned once, not per board). */
const dayStatement = preparedOnce('floor_reservations_of_day', (db, statementName) =>
  selectReservations(db)
    .where(and(eq(r.locationId, sql.placeholder('location')), eq(r.date, sql.placeholder('date'))))
    .orderBy(asc(r.startsAt), asc(r.id))
    .prepare(statementName),
);

/** A branch's reservations of one day, every status, by start (the board's list). */
export const reservationsOfDay = async (db: Db, locationId: number, date: string) =>
  (await dayStatement(db).execute({ location: locationId, date })).map(toReservation);

export const listReservations = async (db: Db, user: AuthUser, query: ReservationQuery, url: string) => {
  const mine = scopeWhere(workplaceScope(user), r.locationId);
  return listPage(url, query, {
    select: () => selectReservations(db, { total: totalRows }).$dynamic(),
    where: and(
      mine,
      query.location ? eq(r.locationId, query.location) : undefined,
      query.client ? eq(r.clientId, query.client) : undefined,
      query.therapist ? eq(r.therapistId, query.therapist) : undefined,
      query.status ? eq(r.status, query.status) : undefined,
      query.date ? eq(r.date, query.date) : undefined,
      query.date_from ? sql`${r.date} >= ${query.date_from}` : undefined,
      query.date_to ? sql`${r.date} <= ${query.date_to}` : undefined,
    ),
    orderBy: { starts_at: r.startsAt, date: r.date, time: r.time, id: r.id },
    defaultOrder: [asc(r.startsAt)],
    tieBreaker: r.id,
    toItem: toReservation,
  });
};
