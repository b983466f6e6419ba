import { BUSINESS_ZONE } from '../../db/business-zone';
import { and, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  cutoffDates,
  MANAGER_GROUP,
  type Attendance,
  type AttendanceParams,
  type Shift,
  type ShiftQuery,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx, SelectRow } from '../../db/client';
import { employees, floorBookings, floorQueue, locations, shifts } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict, forbidden } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { listPage, totalRows } from '../../lib/list';
import { hasAnyGroup, type AuthUser } from '../../lib/actor';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import {
  clockTime,
  floorClock,
  floorLocation,
  floorToday,
  fullName,
  lockFloor,
  lockFloors,
  logRotation,
  publishFloor,
  staffMember,
} from './floor-shared.service';

const DESK = [MANAGER_GROUP, 'Receptionist'];

const columns = {
  id: shifts.id,
  employeeId: shifts.employeeId,
  employeeName: fullName,
  employeeKind: employees.kind,
  locationId: shifts.locationId,
  locationName: locations.name,
  startedAt: shifts.startedAt,
  endedAt: shifts.endedAt,
  clockedInBy: shifts.clockedInBy,
  clockedOutBy: shifts.clockedOutBy,
};

/** Hours to the minute as a 2-place decimal string; an open shift counts up to `now`. */
const hoursBetween = (from: Date, to: Date) => (Math.floor((to.getTime() - from.getTime()) / 60_000) / 60).toFixed(2);

const toShift = (r: Row, now: Date): Shift => ({
  id: r.id,
  employee: r.employeeId,
  employee_name: r.employeeName,
  employee_kind: r.employeeKind as Shift['employee_kind'],
  location: r.locationId,
  location_name: r.locationName,
  started_at: iso(r.startedAt),
  ended_at: r.endedAt ? iso(r.endedAt) : null,
  hours: hoursBetween(r.startedAt, r.endedAt ?? now),
  clocked_in_by: r.clockedInBy,
  clocked_out_by: r.clockedOutBy,
});

const base = <E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...columns, ...(extra as E) })
    .from(shifts)
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .innerJoin(locations, eq(locations.id, shifts.locationId));

type Row = SelectRow<typeof base<Record<never, never>>>;

export const listShifts = async (db: Db, user: AuthUser, query: ShiftQuery, url: string) => {
  const now = floorClock.now();
  const day = sql`(${shifts.startedAt} at time zone ${BUSINESS_ZONE})::date`;
  return listPage(url, query, {
    select: () => base(db, { total: totalRows }).$dynamic(),
    where: and(
      scopeWhere(workplaceScope(user), shifts.locationId),
      // As attendance: a therapist reads their own shifts, not a colleague's hours (the board shows who is on now).
      hasAnyGroup(user, DESK) ? undefined : eq(employees.userId, user.id),
      query.location ? eq(shifts.locationId, query.location) : undefined,
      query.employee ? eq(shifts.employeeId, query.employee) : undefined,
      query.open === undefined ? undefined : query.open ? isNull(shifts.endedAt) : sql`${shifts.endedAt} is not null`,
      query.date_from ? sql`${day} >= ${query.date_from}` : undefined,
      query.date_to ? sql`${day} <= ${query.date_to}` : undefined,
    ),
    orderBy: {
      started_at: shifts.startedAt,
      ended_at: shifts.endedAt,
      employee_name: sql`lower(${fullName})`,
      id: shifts.id,
    },
    defaultOrder: [sql`${shifts.startedAt} desc`],
    tieBreaker: shifts.id,
    toItem: (r: Row) => toShift(r, now),
  });
};

const getShift = async (db: DbOrTx, id: number, now: Date) => {
  const [row] = await base(db).where(eq(shifts.id, id));
  return toShift(row!, now);
};

/** A therapist clocks only themselves in and out; the desk (Receptionists, Managers) and Admins anyone of the branch. */
const assertMayClock = (user: AuthUser, person: { userId: number | null; name: string }) => {
  if (person.userId === user.id || hasAnyGroup(user, DESK)) return;
  throw forbidden(`Only ${person.name} or the front desk may clock ${person.name} in or out.`);
};

const openShiftOf = (tx: DbOrTx, employeeId: number) =>
  tx
    .select({ id: shifts.id, locationId: shifts.locationId, startedAt: shifts.startedAt, locationName: locations.name })
    .from(shifts)
    .innerJoin(locations, eq(locations.id, shifts.locationId))
    .where(and(eq(shifts.employeeId, employeeId), isNull(shifts.endedAt)))
    .then((rows) => rows[0]);

/** Opens a shift; a therapist joins the back of the branch's rotation (decision 0900). */
export const clockIn = async (db: Db, user: AuthUser, input: { employee: number; location: number }) =>
  clockInMany(db, user, { location: input.location, employees: [input.employee] }).then((opened) => opened[0]!);

/**
 * Opens a shift for each person, in one transaction under the branch's lock, the board told once
 * (decision 0522: the desk's morning is one form, not a clock-in per person). Any refusal (someone
 * already on shift, not of the branch) refuses them all, naming that person.
 */
export const clockInMany = async (db: Db, user: AuthUser, input: { employees: number[]; location: number }) =>
  db.transaction(async (tx) => {
    const now = floorClock.now();
    const location = await floorLocation(tx, user, input.location);
    // The lock before the person is read: an admin moving or letting them go holds it meanwhile
    // (decision 0204), so a clock-in queued behind that reads them as left, not as they were.
    await lockFloor(tx, input.location);
    const opened: Shift[] = [];
    for (const employee of [...new Set(input.employees)]) {
      const person = await staffMember(tx, employee, 'employee', { locationId: input.location });
      assertMayClock(user, person);
      const open = await openShiftOf(tx, person.id);
      if (open) {
        const message = `${person.name} is already clocked in at ${open.locationName} since ${clockTime(open.startedAt)}.`;
        throw conflict(message, { employee: [message] });
      }
      const [row] = await tx
        .insert(shifts)
        .values({ employeeId: person.id, locationId: location.id, startedAt: now, clockedInBy: user.id })
        .returning({ id: shifts.id });
      if (person.kind === 'therapist') {
        await tx
          .insert(floorQueue)
          .values({ employeeId: person.id, locationId: location.id, shiftId: row!.id, queuedAt: now });
        await logRotation(tx, {
          locationId: location.id,
          employeeId: person.id,
          action: 'clock_in',
          actorId: user.id,
          at: now,
        });
      }
      const shift = await getShift(tx, row!.id, now);
      await audit(tx, { actorId: user.id, action: 'create', tableName: 'shifts', rowId: row!.id, after: shift });
      opened.push(shift);
    }
    await publishFloor(tx, location.id, floorToday(now));
    return opened;
  });

/**
 * Clocks out the people named, all of them on shift at the branch, in one transaction and one floor
 * event (the desk's "Clock out everyone on shift", decision 0522). Someone not on shift there, or
 * in a service now, refuses them all (409 naming them): the desk sees the list again and decides.
 */
export const clockOutMany = async (db: Db, user: AuthUser, input: { employees: number[]; location: number }) =>
  db.transaction(async (tx) => {
    const now = floorClock.now();
    await floorLocation(tx, user, input.location);
    await lockFloor(tx, input.location);
    const closed: Shift[] = [];
    for (const employee of [...new Set(input.employees)]) {
      const person = await staffMember(tx, employee, 'employee', { inactiveToo: true });
      const open = await openShiftOf(tx, person.id);
      if (!open || open.locationId !== input.location) throw notClockedIn(person);
      assertMayClock(user, person);
      closed.push(await endShift(tx, user.id, person, open, now, false));
    }
    await publishFloor(tx, input.location, floorToday(now));
    return closed;
  });

/** Whether the therapist is in a service now (they finish it before clocking out). */
const inServiceNow = async (tx: Tx, employeeId: number, now: Date) => {
  const [row] = await tx
    .select({ id: floorBookings.id })
    .from(floorBookings)
    .where(
      and(
        eq(floorBookings.therapistId, employeeId),
        sql`${floorBookings.arrivalId} is not null`,
        lte(floorBookings.startsAt, now),
        gt(floorBookings.endsAt, now),
      ),
    );
  return row !== undefined;
};

type OpenShift = NonNullable<Awaited<ReturnType<typeof openShiftOf>>>;

const notClockedIn = (person: { name: string }) =>
  conflict(`${person.name} is not clocked in.`, { employee: [`${person.name} is not clocked in.`] });

/** Closes an open shift now and takes the therapist out of the rotation (logged, audited, published). */
const endShift = async (
  tx: Tx,
  actorId: number,
  person: { id: number; name: string },
  open: OpenShift,
  now: Date,
  tellBoard = true,
) => {
  await lockFloor(tx, open.locationId);
  // Read again under the lock: a clock-out queued behind another (a double tap) would close the
  // shift a second time and take the person out of the line a clock-in since has put them in.
  if ((await openShiftOf(tx, person.id))?.id !== open.id) throw notClockedIn(person);
  if (await inServiceNow(tx, person.id, now))
    throw conflict(`${person.name} is in a service; finish it before clocking out.`);
  const before = await getShift(tx, open.id, now);
  await tx.update(shifts).set({ endedAt: now, clockedOutBy: actorId }).where(eq(shifts.id, open.id));
  const removed = await tx.delete(floorQueue).where(eq(floorQueue.employeeId, person.id)).returning();
  if (removed.length)
    await logRotation(tx, {
      locationId: open.locationId,
      employeeId: person.id,
      action: 'clock_out',
      actorId,
      at: now,
    });
  const shift = await getShift(tx, open.id, now);
  await audit(tx, { actorId, action: 'update', tableName: 'shifts', rowId: open.id, before, after: shift });
  if (tellBoard) await publishFloor(tx, open.locationId, floorToday(now));
  return shift;
};

export const clockOut = async (db: Db, user: AuthUser, input: { employee: number }) =>
  db.transaction(async (tx) => {
    const now = floorClock.now();
    // One deactivated while on shift is still clocked out: their shift closes and they leave the line.
    const person = await staffMember(tx, input.employee, 'employee', { inactiveToo: true });
    const open = await openShiftOf(tx, person.id);
    // Access first, to the shift's branch or (with none open) the person's own: "not clocked in"
    // before it would tell a desk elsewhere who is on shift at a branch whose floor it may not read.
    await floorLocation(tx, user, open?.locationId ?? person.locationId);
    if (!open) throw notClockedIn(person);
    assertMayClock(user, person);
    return endShift(tx, user.id, person, open, now);
  });

/**
 * Someone moved to another branch or let go is clocked out of their open shift, so the board does
 * not keep them in the rotation, next for a client the desk cannot give them (decision 0204).
 * Refused (409) while they are serving a client, as clocking out is.
 */
export const clockOutOnLeaving = async (tx: Tx, actorId: number, person: { id: number; name: string }) => {
  const open = await openShiftOf(tx, person.id);
  if (open) await endShift(tx, actorId, person, open, floorClock.now());
};

/**
 * The floor locks someone's leaving needs, taken before the employees module locks their row
 * (decision 0204): the desk takes a branch's floor lock and then writes rows naming the person (an
 * arrival, a booking, a shift), so the row first and the floor after let PostgreSQL find a
 * deadlock. The branches given (theirs, the one they move to) and an open shift's, in id order.
 */
export const lockFloorsBeforeLeaving = async (tx: Tx, employeeId: number, locationIds: number[]) => {
  const open = await openShiftOf(tx, employeeId);
  await lockFloors(tx, open ? [...locationIds, open.locationId] : locationIds);
};

/**
 * Days and hours per person in a cutoff (or month), from the shifts started in it; an open shift
 * counts as a day, its hours once it closes. The desk and Managers read their branches; a therapist
 * or receptionist reads their own line. Feeds the pay run's "active in the cutoff".
 */
export const attendance = async (db: Db, user: AuthUser, query: AttendanceParams): Promise<Attendance> => {
  const { from, to } = cutoffDates(query.year, query.month, query.cutoff);
  if (query.location) await floorLocation(db, user, query.location);
  const day = sql`(${shifts.startedAt} at time zone ${BUSINESS_ZONE})::date`;
  const own = hasAnyGroup(user, DESK) ? undefined : eq(employees.userId, user.id);
  const rows = await db
    .select({
      employee: shifts.employeeId,
      employeeName: sql<string>`min(${fullName})`,
      employeeKind: sql<string>`min(${employees.kind})`,
      location: shifts.locationId,
      locationName: sql<string>`min(${locations.name})`,
      days: sql<number>`count(distinct ${day})::int`,
      hours: sql<string>`coalesce(round(sum(extract(epoch from ${shifts.endedAt} - ${shifts.startedAt}) / 3600)::numeric, 2), 0)::numeric(12,2)::text`,
    })
    .from(shifts)
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .innerJoin(locations, eq(locations.id, shifts.locationId))
    .where(
      and(
        scopeWhere(workplaceScope(user), shifts.locationId),
        own,
        query.location ? eq(shifts.locationId, query.location) : undefined,
        sql`${day} between ${from} and ${to}`,
      ),
    )
    .groupBy(shifts.employeeId, shifts.locationId)
    .orderBy(sql`min(${locations.name})`, sql`min(lower(${fullName}))`);
  return {
    date_from: from,
    date_to: to,
    rows: rows.map((r) => ({
      employee: r.employee,
      employee_name: r.employeeName,
      employee_kind: r.employeeKind as 'therapist' | 'receptionist',
      location: r.location,
      location_name: r.locationName,
      days: r.days,
      hours: r.hours,
    })),
  };
};

export const attendanceCsv = (data: Attendance) => ({
  header: ['employee', 'kind', 'location', 'days', 'hours'] as const,
  rows: data.rows.map((r) => [r.employee_name, r.employee_kind, r.location_name, r.days, r.hours]),
});
