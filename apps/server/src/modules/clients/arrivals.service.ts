import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  ArrivalsCount,
  ArrivalsData,
  ClientArrival,
  Page,
  arrivalsCountQuerySchema,
  clientArrivalBodySchema,
  clientArrivalListQuerySchema,
  clientArrivalPatchSchema,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import {
  clientArrivals,
  clientMemberships,
  clientTreatments,
  employees,
  locations,
  membershipAllowedTreatments,
  treatments,
} from '../../db/schema/index';
import { audited } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { listPage, totalRows } from '../../lib/list';
import { notify } from '../notifications/notifications.service';
import { publish } from '../../plugins/bus';
import { createdBy, touched } from '../../lib/tracked';
import { iso } from '../../lib/iso';
import type { AuthUser } from '../users/auth.service';
import { getClient, locationName } from './clients.service';
import { activityScope, dateRange, owner } from './sales.service';
import { addDays, assertWritable, inScope, readScope, todayInManila } from './scope';

export type ArrivalInput = z.output<typeof clientArrivalBodySchema>;
export type ArrivalChanges = z.output<typeof clientArrivalPatchSchema>;
export type ArrivalQuery = z.output<typeof clientArrivalListQuerySchema>;
export type ArrivalsCountQuery = z.output<typeof arrivalsCountQuerySchema>;

/** Whether a user may read the arrivals of a location: the live hub sends `arrivals_changed` only to them. */
export const mayReadArrivalsAt = (user: AuthUser, locationId: number) => inScope(readScope(user), locationId);

const therapist = alias(employees, 'therapist');
const receptionist = alias(employees, 'receptionist');

const columns = {
  id: clientArrivals.id,
  clientId: clientArrivals.clientId,
  clientName: sql<string>`${owner.firstName} || ' ' || ${owner.lastName}`,
  locationId: clientArrivals.locationId,
  locationName: locations.name,
  date: clientArrivals.date,
  time: clientArrivals.time,
  therapistId: clientArrivals.therapistId,
  therapistName: sql<string>`${therapist.firstName} || ' ' || ${therapist.lastName}`,
  receptionistId: clientArrivals.receptionistId,
  receptionistName: sql<string | null>`${receptionist.firstName} || ' ' || ${receptionist.lastName}`,
  treatmentId: clientArrivals.treatmentId,
  treatmentName: treatments.name,
  voucherId: clientArrivals.voucherId,
  voucherCode: clientTreatments.code,
  clientMembershipId: clientArrivals.clientMembershipId,
  notes: clientArrivals.notes,
  status: clientArrivals.status,
  createdAt: clientArrivals.createdAt,
  updatedAt: clientArrivals.updatedAt,
};

/** The arrivals with their names joined; `extra` adds columns (a list's `total`). */
const selectArrivals = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...columns, ...(extra as E) })
    .from(clientArrivals)
    .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
    .innerJoin(locations, eq(locations.id, clientArrivals.locationId))
    .innerJoin(therapist, eq(therapist.id, clientArrivals.therapistId))
    .leftJoin(receptionist, eq(receptionist.id, clientArrivals.receptionistId))
    .leftJoin(treatments, eq(treatments.id, clientArrivals.treatmentId))
    .leftJoin(clientTreatments, eq(clientTreatments.id, clientArrivals.voucherId));

type Row = Awaited<ReturnType<ReturnType<typeof selectArrivals<Record<never, never>>>['execute']>>[number];

export const toArrival = (r: Row): ClientArrival => ({
  id: r.id,
  client: r.clientId,
  client_name: r.clientName,
  location: r.locationId,
  location_name: r.locationName,
  date: r.date,
  time: r.time,
  therapist: r.therapistId,
  therapist_name: r.therapistName,
  receptionist: r.receptionistId,
  receptionist_name: r.receptionistName,
  treatment: r.treatmentId,
  treatment_name: r.treatmentName,
  voucher: r.voucherId,
  voucher_code: r.voucherCode,
  client_membership: r.clientMembershipId,
  notes: r.notes,
  status: r.status as ClientArrival['status'],
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

export const listArrivals = async (
  db: Db,
  user: AuthUser,
  query: ArrivalQuery,
  url: string,
): Promise<Page<ClientArrival>> => {
  const where = and(
    activityScope(user, clientArrivals.locationId),
    query.client ? eq(clientArrivals.clientId, query.client) : undefined,
    query.location ? eq(clientArrivals.locationId, query.location) : undefined,
    query.therapist ? eq(clientArrivals.therapistId, query.therapist) : undefined,
    query.status ? eq(clientArrivals.status, query.status) : undefined,
    ...dateRange(clientArrivals.date, query),
  );
  return listPage(url, query, {
    select: () => selectArrivals(db, { total: totalRows }).$dynamic(),
    where,
    orderBy: { date: clientArrivals.date, time: clientArrivals.time, id: clientArrivals.id },
    defaultOrder: [desc(clientArrivals.date), desc(clientArrivals.time)],
    tieBreaker: clientArrivals.id,
    toItem: toArrival,
  });
};

export const getArrival = async (db: DbOrTx, user: AuthUser, id: number): Promise<ClientArrival> => {
  const [row] = await selectArrivals(db).where(
    and(eq(clientArrivals.id, id), activityScope(user, clientArrivals.locationId)),
  );
  if (!row) throw notFound('No such arrival.');
  return toArrival(row);
};

const staffAt = async (
  db: DbOrTx,
  id: number,
  kind: 'therapist' | 'receptionist',
  locationId: number,
  location: string,
) => {
  const [person] = await db.select().from(employees).where(eq(employees.id, id));
  if (!person || person.kind !== kind) throw fieldError(kind, `No such ${kind}.`);
  const name = `${person.firstName} ${person.lastName}`;
  if (!person.isActive) throw fieldError(kind, `${name} is no longer active.`);
  if (person.locationId !== locationId) throw fieldError(kind, `${name} works at another location, not ${location}.`);
  return { ...person, name };
};

/**
 * Logs a visit. Redeeming a voucher locks its row (select … for update) and uses one session in
 * the same transaction, so parallel arrivals can never use more than it holds: the rest get 409.
 * The therapist is notified (live) in the same transaction, and open arrival lists are told to reload.
 */
export const createArrival = async (db: Db, user: AuthUser, input: ArrivalInput): Promise<ClientArrival> =>
  db.transaction(async (tx) => {
    const client = await getClient(tx, user, input.client).catch(() => {
      throw fieldError('client', 'No such client.');
    });
    const location = await locationName(tx, input.location);
    assertWritable(user, input.location, location.name);
    if (!location.isActive) throw fieldError('location', `${location.name} is closed (inactive).`);
    const date = input.date ?? todayInManila();
    const therapistRow = await staffAt(tx, input.therapist, 'therapist', input.location, location.name);
    if (input.receptionist !== null)
      await staffAt(tx, input.receptionist, 'receptionist', input.location, location.name);
    let treatmentId = input.treatment;
    let clientMembershipId = input.client_membership;

    if (input.voucher !== null) {
      const [voucher] = await tx
        .select()
        .from(clientTreatments)
        .where(eq(clientTreatments.id, input.voucher))
        .for('update');
      if (!voucher) throw fieldError('voucher', 'No such voucher.');
      if (voucher.clientId !== client.id)
        throw fieldError('voucher', `Voucher ${voucher.code} belongs to another client.`);
      if (voucher.status === 'cancelled') throw fieldError('voucher', `Voucher ${voucher.code} was cancelled.`);
      if (voucher.expiresOn !== null && voucher.expiresOn < date)
        throw fieldError('voucher', `Voucher ${voucher.code} expired on ${voucher.expiresOn}.`);
      if (treatmentId !== null && treatmentId !== voucher.treatmentId) {
        const [covered] = await tx
          .select({ name: treatments.name })
          .from(treatments)
          .where(eq(treatments.id, voucher.treatmentId));
        throw fieldError(
          'treatment',
          `Voucher ${voucher.code} covers ${covered?.name ?? 'another treatment'}, not this one.`,
        );
      }
      if (voucher.clientMembershipId !== null) {
        if (clientMembershipId !== null && clientMembershipId !== voucher.clientMembershipId)
          throw fieldError('client_membership', `Voucher ${voucher.code} belongs to another membership.`);
        const [membership] = await tx
          .select()
          .from(clientMemberships)
          .where(eq(clientMemberships.id, voucher.clientMembershipId));
        if (!membership || membership.status !== 'active' || membership.endDate < date || membership.startDate > date) {
          throw fieldError('voucher', `The membership voucher ${voucher.code} belongs to is not active on ${date}.`);
        }
        clientMembershipId = voucher.clientMembershipId;
      }
      if (voucher.sessionsUsed >= voucher.sessionsTotal) {
        const message = `Voucher ${voucher.code} is used up (${voucher.sessionsUsed} of ${voucher.sessionsTotal} sessions).`;
        throw conflict(message, { voucher: [message] });
      }
      await tx
        .update(clientTreatments)
        .set({ sessionsUsed: sql`${clientTreatments.sessionsUsed} + 1`, ...touched(user.id) })
        .where(eq(clientTreatments.id, voucher.id));
      treatmentId = voucher.treatmentId;
    } else if (clientMembershipId !== null) {
      const [membership] = await tx
        .select()
        .from(clientMemberships)
        .where(eq(clientMemberships.id, clientMembershipId));
      if (!membership || membership.clientId !== client.id)
        throw fieldError('client_membership', 'This membership belongs to another client.');
      if (membership.status !== 'active' || membership.endDate < date || membership.startDate > date) {
        throw fieldError('client_membership', `This membership is not active on ${date}.`);
      }
      if (treatmentId === null) throw fieldError('treatment', 'Choose the treatment the membership is used for.');
      const [line] = await tx
        .select({ id: membershipAllowedTreatments.id })
        .from(membershipAllowedTreatments)
        .where(
          and(
            eq(membershipAllowedTreatments.membershipId, membership.membershipId),
            eq(membershipAllowedTreatments.treatmentId, treatmentId),
          ),
        );
      if (!line) throw fieldError('treatment', 'The membership does not cover this treatment.');
    }
    if (treatmentId !== null && input.voucher === null) {
      const [treatment] = await tx.select({ id: treatments.id }).from(treatments).where(eq(treatments.id, treatmentId));
      if (!treatment) throw fieldError('treatment', 'No such treatment.');
    }

    const [row] = await tx
      .insert(clientArrivals)
      .values({
        clientId: client.id,
        locationId: input.location,
        date,
        time: input.time,
        therapistId: input.therapist,
        receptionistId: input.receptionist,
        treatmentId,
        voucherId: input.voucher,
        clientMembershipId,
        notes: input.notes,
        ...createdBy(user.id),
      })
      .returning({ id: clientArrivals.id });
    const arrival = await audited(tx, {
      actorId: user.id,
      action: 'create',
      tableName: 'client_arrivals',
      rowId: row!.id,
      after: await getArrival(tx, user, row!.id),
    });
    // Open arrival tiles and lists revalidate when this commits (hub → `arrivals_changed`).
    await publish(tx, { t: 'arrivals', location: input.location, date });
    if (therapistRow.userId !== null) {
      await notify(tx, {
        recipients: [therapistRow.userId],
        actorId: user.id,
        type: 'client_arrival',
        title: `${client.full_name} has arrived`,
        message: `${client.full_name} arrived at ${location.name} for ${arrival.treatment_name ?? 'a visit'} at ${arrival.time}${arrival.voucher_code ? ` (voucher ${arrival.voucher_code})` : ''}.`,
        link: `/clients/${client.id}`,
        data: { client: client.id, arrival: arrival.id },
      });
    }
    return arrival;
  });

/** Cancelling gives a redeemed session back, exactly once (the row lock and the status make a second cancel a 409). */
export const updateArrival = async (
  db: Db,
  user: AuthUser,
  id: number,
  changes: ArrivalChanges,
): Promise<ClientArrival> =>
  db.transaction(async (tx) => {
    const [locked] = await tx.select().from(clientArrivals).where(eq(clientArrivals.id, id)).for('update');
    const before = await getArrival(tx, user, id);
    assertWritable(user, before.location, before.location_name);
    if (changes.status === 'cancelled') {
      if (locked!.status === 'cancelled')
        throw conflict('This arrival is already cancelled.', { status: ['This arrival is already cancelled.'] });
      if (locked!.voucherId !== null) {
        await tx
          .update(clientTreatments)
          .set({ sessionsUsed: sql`${clientTreatments.sessionsUsed} - 1`, ...touched(user.id) })
          .where(and(eq(clientTreatments.id, locked!.voucherId), sql`${clientTreatments.sessionsUsed} > 0`));
      }
    }
    await tx
      .update(clientArrivals)
      .set({ status: changes.status, notes: changes.notes, ...touched(user.id) })
      .where(eq(clientArrivals.id, id));
    await publish(tx, { t: 'arrivals', location: before.location, date: before.date });
    return audited(tx, {
      actorId: user.id,
      action: changes.status === 'cancelled' ? 'cancel' : 'update',
      tableName: 'client_arrivals',
      rowId: id,
      before,
      after: await getArrival(tx, user, id),
    });
  });

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

export const countArrivals = async (db: Db, user: AuthUser, query: ArrivalsCountQuery): Promise<ArrivalsCount> => {
  const { from, to } = period(query, 1);
  const [row] = await db
    .select({ n: count() })
    .from(clientArrivals)
    .innerJoin(owner, eq(owner.id, clientArrivals.clientId))
    .where(countedWhere(user, from, to, query.location));
  return { count: row?.n ?? 0, date_from: from, date_to: to };
};

/** Chart data: arrivals (not cancelled) by day, hour, weekday × hour, location and therapist; the last 30 days by default. */
export const arrivalsData = async (db: Db, user: AuthUser, query: ArrivalsCountQuery): Promise<ArrivalsData> => {
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
