import { and, eq, sql } from 'drizzle-orm';
import { manilaDate, manilaDateTime } from '@ginhawa/contract';
import type { DbOrTx, Tx } from '../../db/client';
import { employees, floorRotationLog, locations } from '../../db/schema/index';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { fieldError, forbidden, notFound } from '../../lib/http-error';
import { dayInWords } from '../../lib/notice-text';
import { publish } from '../../plugins/bus';
import type { RotationAction } from '@ginhawa/contract';

/**
 * The floor's clock (docs/decisions/0900-floor-board.md): every rule that depends on "now" (who is
 * in service, a grace period) reads it here, never the database's now(), so a test can set it.
 */
export const floorClock = { now: (): Date => new Date() };

/**
 * The floor's day in Manila: today by the floor's clock, or the day of an instant already read from
 * it (`now`, so one rule's instant and its day agree). The one way the floor module writes "today".
 */
export const floorToday = (now: Date = floorClock.now()) => manilaDate(now);

/** Manila wall time `date` `time` as an instant (Manila keeps +08:00 all year). */
export const instantOf = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);
export const addMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);
/** `HH:mm` in Manila of an instant, for the sentences that name a time. */
export const clockTime = (at: Date) => manilaDateTime(at).time;
/** "at 14:15", or "on 27 Nov 2026 at 14:15" when that is not `now`'s day: a time alone reads as today. */
export const whenSaid = (at: Date, now: Date) => {
  const day = manilaDateTime(at).date === manilaDateTime(now).date ? '' : `on ${dayInWords(at)} `;
  return `${day}at ${clockTime(at)}`;
};
/** The 15-minute slot an instant falls in (an arrival's `time`). */
export const slotOf = (at: Date) => {
  const { date, time } = manilaDateTime(at);
  const [h, m] = time.split(':').map(Number);
  return { date, time: `${String(h).padStart(2, '0')}:${String(m! - (m! % 15)).padStart(2, '0')}` };
};

/** Admins anywhere; Managers, Receptionists and Therapists at the branches they work at (issue 22). */
export const worksAt = (user: Pick<AuthUser, 'groups' | 'locations'>, locationId: number) =>
  isAdmin(user) || user.locations.some((l) => l.id === locationId);

/** The branch, if the caller may see its floor: 404 for an unknown one, 403 naming it otherwise. */
export const floorLocation = async (db: DbOrTx, user: AuthUser, locationId: number, field = 'location') => {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, locationId));
  return floorAccess(row, user, locationId, field);
};

/** floorLocation's answer for a branch row read some other way (the board reads it with its versions). */
export const floorAccess = <R extends { name: string }>(
  row: R | undefined,
  user: AuthUser,
  locationId: number,
  field: string,
): R => {
  if (!row) throw field === 'location' ? fieldError(field, 'No such location.') : notFound('No such location.');
  if (!worksAt(user, locationId)) throw forbidden(`You do not work at ${row.name}, so you cannot use its floor.`);
  return row;
};

/**
 * Takes the branch's floor lock for the rest of the transaction: every change to its line, its
 * services and its bookings waits for the one before (`no key update`, so arrivals and other rows
 * may still reference the location meanwhile).
 */
export const lockFloor = async (tx: Tx, locationId: number) => {
  await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('no key update');
};

/**
 * Several branches' floor locks, in id order (someone leaving a branch, the demo top-up): two
 * transactions that each need two branches queue on the first instead of each holding one and
 * waiting for the other.
 */
export const lockFloors = async (tx: Tx, locationIds: number[]) => {
  for (const id of [...new Set(locationIds)].sort((a, b) => a - b)) await lockFloor(tx, id);
};

/** Every open board of the branch reads itself again once this transaction commits (hub → `floor_changed`). */
export const publishFloor = (tx: DbOrTx, locationId: number, date: string) =>
  publish(tx, { t: 'floor', location: locationId, date });

export const logRotation = (
  tx: Tx,
  entry: {
    locationId: number;
    employeeId: number | null;
    action: RotationAction;
    reason?: string;
    actorId: number;
    at: Date;
  },
) =>
  tx.insert(floorRotationLog).values({
    locationId: entry.locationId,
    employeeId: entry.employeeId,
    action: entry.action,
    reason: entry.reason ?? '',
    actorId: entry.actorId,
    at: entry.at,
  });

/** A change to the line: the log says who did what and why, and the branch's board reads again. */
export const rotationMoved = async (tx: Tx, entry: Parameters<typeof logRotation>[1]) => {
  await logRotation(tx, entry);
  await publishFloor(tx, entry.locationId, floorToday(entry.at));
};

export const fullName = sql<string>`${employees.firstName} || ' ' || ${employees.lastName}`;

/** A therapist or receptionist of the branch, active (unless `inactiveToo`); `kind` narrows it. */
export const staffMember = async (
  db: DbOrTx,
  id: number,
  field: string,
  opts: { locationId?: number; kind?: 'therapist' | 'receptionist'; inactiveToo?: boolean } = {},
) => {
  const [person] = await db
    .select()
    .from(employees)
    .where(and(eq(employees.id, id)));
  const what = opts.kind ?? 'therapist or receptionist';
  if (
    !person ||
    (person.kind !== 'therapist' && person.kind !== 'receptionist') ||
    (opts.kind && person.kind !== opts.kind)
  )
    throw fieldError(field, `No such ${what}.`);
  const name = `${person.firstName} ${person.lastName}`;
  if (!person.isActive && !opts.inactiveToo) throw fieldError(field, `${name} is no longer active.`);
  if (opts.locationId !== undefined && person.locationId !== opts.locationId)
    throw fieldError(field, `${name} works at another branch.`);
  return { ...person, kind: person.kind as 'therapist' | 'receptionist', name };
};

const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Where a booking from `time` for `minutes` falls against the branch's hours: within one opening
 * (null), starting outside them, or ending after it closes. A closing time before the opening time
 * is after midnight (docs/decisions/0203-phones-hours-accounts.md), so 18:00–02:00 takes a booking
 * at 01:00, the night that began the evening before.
 */
export const hoursProblem = (opens: string, closes: string, time: string, minutes: number) => {
  const [open, close, start] = [minutesOfDay(opens), minutesOfDay(closes), minutesOfDay(time)];
  // The opening the start falls in, in minutes from the booking day's midnight.
  const [from, to] = open < close ? [open, close] : start >= open ? [open, close + 1440] : [open - 1440, close];
  if (start < from || start >= to) return 'outside' as const;
  return start + minutes > to ? ('ends_after' as const) : null;
};

/** A booking lies within one opening of the branch (a 400 on `time` saying its hours otherwise): a client is not booked for when the doors are shut. */
export const assertWithinHours = async (db: DbOrTx, locationId: number, time: string, minutes: number) => {
  const [branch] = await db
    .select({ name: locations.name, opens: locations.openingTime, closes: locations.closingTime })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!branch) return;
  const problem = hoursProblem(branch.opens, branch.closes, time, minutes);
  const hours = `${branch.name} is open ${branch.opens}–${branch.closes}`;
  if (problem === 'outside') throw fieldError('time', `${hours}; ${time} is outside its hours.`);
  if (problem === 'ends_after')
    throw fieldError('time', `${hours}; a ${minutes}-minute booking at ${time} would end after it closes.`);
};

/**
 * Who received a visit the floor logs when the desk names no one: the signed-in person's own active
 * receptionist record at the branch, as the arrival card defaults to (decision 0414); a Manager or
 * an Admin at the desk has none, and the visit names no receptionist.
 */
export const receivedBy = async (db: DbOrTx, user: AuthUser, locationId: number, named: number | null) => {
  if (named !== null) return named;
  const mine = and(eq(employees.userId, user.id), eq(employees.kind, 'receptionist'), eq(employees.isActive, true));
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(mine, eq(employees.locationId, locationId)));
  return row?.id ?? null;
};
