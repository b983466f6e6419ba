import { BUSINESS_ZONE } from '../../db/business-zone';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { MANAGER_GROUP, type RotationLogEntry } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { employees, floorQueue, floorRotationLog, users } from '../../db/schema/index';
import { conflict, fieldError, forbidden } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { hasAnyGroup, type AuthUser } from '../../lib/actor';
import { floorClock, floorLocation, floorToday, lockFloor, rotationMoved, staffMember } from './floor-shared.service';
import { isFree } from './bookings.service';

const DESK = [MANAGER_GROUP, 'Receptionist'];

/**
 * The back of a branch's line as of `now`: after everyone whose place is not in the future (those
 * in a service from the rotation hold a future place, their service's end: decision 0900).
 */
export const backOfLine = async (tx: Tx, locationId: number, now: Date) => {
  const [row] = await tx
    .select({ last: sql<Date | null>`max(${floorQueue.queuedAt})`.mapWith((v) => (v ? new Date(v as string) : null)) })
    .from(floorQueue)
    .where(and(eq(floorQueue.locationId, locationId), lte(floorQueue.queuedAt, now)));
  const last = row?.last;
  return last && last.getTime() >= now.getTime() ? new Date(last.getTime() + 1) : now;
};

/** Sends a therapist to the back of the branch's line as of `now` (a skip, a service finished early). */
export const sendToBack = async (tx: Tx, locationId: number, therapistId: number, now: Date) =>
  tx
    .update(floorQueue)
    .set({ queuedAt: await backOfLine(tx, locationId, now) })
    .where(eq(floorQueue.employeeId, therapistId));

/** The therapist's row in the branch's line, or a 409 (not clocked in there). */
export const queueEntry = async (tx: Tx, locationId: number, therapistId: number, name: string) => {
  const [row] = await tx.select().from(floorQueue).where(eq(floorQueue.employeeId, therapistId));
  if (!row || row.locationId !== locationId) {
    const message = `${name} is not in this branch's rotation (clock in first).`;
    throw conflict(message, { therapist: [message] });
  }
  return row;
};

/** The branch's line in order (place, then id for a tie), for the desk's rules. */
export const lineOf = (tx: Tx | Db, locationId: number) =>
  tx
    .select()
    .from(floorQueue)
    .where(eq(floorQueue.locationId, locationId))
    .orderBy(asc(floorQueue.queuedAt), asc(floorQueue.employeeId));

const therapistOf = async (tx: Tx, user: AuthUser, locationId: number, therapistId: number) => {
  await floorLocation(tx, user, locationId);
  const person = await staffMember(tx, therapistId, 'therapist', { kind: 'therapist' });
  await lockFloor(tx, locationId);
  const entry = await queueEntry(tx, locationId, person.id, person.name);
  return { person, entry };
};

/** A skip: the therapist loses this turn and goes to the back, with the reason on the log. */
export const skip = async (db: Db, user: AuthUser, input: { location: number; therapist: number; reason: string }) =>
  db.transaction(async (tx) => {
    if (!hasAnyGroup(user, DESK)) throw forbidden('Only the front desk or a Manager may skip a turn.');
    const now = floorClock.now();
    const { person } = await therapistOf(tx, user, input.location, input.therapist);
    await sendToBack(tx, input.location, person.id, now);
    await rotationMoved(tx, {
      locationId: input.location,
      employeeId: person.id,
      action: 'skip',
      reason: input.reason,
      actorId: user.id,
      at: now,
    });
  });

/** A Manager's new order of the whole line, with a reason on the log. */
export const reorder = async (db: Db, user: AuthUser, input: { location: number; order: number[]; reason: string }) =>
  db.transaction(async (tx) => {
    const location = await floorLocation(tx, user, input.location);
    if (!hasAnyGroup(user, [MANAGER_GROUP]))
      throw forbidden(`Only a Manager of ${location.name} or an Admin may reorder its rotation.`);
    const now = floorClock.now();
    await lockFloor(tx, input.location);
    const line = await lineOf(tx, input.location);
    const inLine = new Set(line.map((r) => r.employeeId));
    if (
      new Set(input.order).size !== input.order.length ||
      input.order.length !== line.length ||
      input.order.some((id) => !inLine.has(id))
    )
      throw fieldError('order', 'List every therapist now in the rotation, once each.');
    // From the earliest place now held (or now), one millisecond apart, in the Manager's order.
    const start = Math.min(now.getTime(), ...line.map((r) => r.queuedAt.getTime()));
    for (const [i, id] of input.order.entries())
      await tx
        .update(floorQueue)
        .set({ queuedAt: new Date(start + i) })
        .where(eq(floorQueue.employeeId, id));
    await rotationMoved(tx, {
      locationId: input.location,
      employeeId: null,
      action: 'reorder',
      reason: input.reason,
      actorId: user.id,
      at: now,
    });
  });

/** A break keeps the place; a therapist in a service finishes it first. */
export const setBreak = async (
  db: Db,
  user: AuthUser,
  input: { location: number; therapist: number; on_break: boolean },
) =>
  db.transaction(async (tx) => {
    const now = floorClock.now();
    const { person, entry } = await therapistOf(tx, user, input.location, input.therapist);
    if (person.userId !== user.id && !hasAnyGroup(user, DESK))
      throw forbidden(`Only ${person.name} or the front desk may start or end ${person.name}'s break.`);
    if (input.on_break === (entry.breakSince !== null)) return;
    if (input.on_break && !(await isFree(tx, { therapistId: person.id }, now, new Date(now.getTime() + 1))))
      throw conflict(`${person.name} is in a service or booked now; a break starts after it.`);
    await tx
      .update(floorQueue)
      .set({ breakSince: input.on_break ? now : null })
      .where(eq(floorQueue.employeeId, person.id));
    await rotationMoved(tx, {
      locationId: input.location,
      employeeId: person.id,
      action: input.on_break ? 'break' : 'back_from_break',
      actorId: user.id,
      at: now,
    });
  });

/** The day's rotation log of a branch, newest first: who moved whom, when and why. */
export const rotationLog = async (
  db: Db,
  user: AuthUser,
  query: { location: number; date?: string },
): Promise<RotationLogEntry[]> => {
  await floorLocation(db, user, query.location);
  const date = query.date ?? floorToday();
  const rows = await db
    .select({
      id: floorRotationLog.id,
      at: floorRotationLog.at,
      location: floorRotationLog.locationId,
      therapist: floorRotationLog.employeeId,
      therapistName: sql<string | null>`${employees.firstName} || ' ' || ${employees.lastName}`,
      action: floorRotationLog.action,
      reason: floorRotationLog.reason,
      actor: floorRotationLog.actorId,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      actorUsername: users.username,
    })
    .from(floorRotationLog)
    .leftJoin(employees, eq(employees.id, floorRotationLog.employeeId))
    .leftJoin(users, eq(users.id, floorRotationLog.actorId))
    .where(
      and(
        eq(floorRotationLog.locationId, query.location),
        sql`(${floorRotationLog.at} at time zone ${BUSINESS_ZONE})::date = ${date}`,
      ),
    )
    .orderBy(desc(floorRotationLog.at), desc(floorRotationLog.id));
  return rows.map((r) => ({
    id: r.id,
    at: iso(r.at),
    location: r.location,
    therapist: r.therapist,
    therapist_name: r.therapistName,
    action: r.action as RotationLogEntry['action'],
    reason: r.reason,
    actor: r.actor,
    actor_name: r.actorName ?? r.actorUsername,
  }));
};
