import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { DeleteResult, Room, RoomChanges, RoomInput, RoomQuery } from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { floorBookings, locations, rooms } from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import { MANAGER_GROUP } from '@ginhawa/contract';
import {
  floorClock,
  floorLocation,
  floorToday,
  lockFloor,
  publishFloor,
  whenSaid,
  worksAt,
} from './floor-shared.service';

const roomsAudit = auditTrail('rooms');

const columns = {
  id: rooms.id,
  locationId: rooms.locationId,
  locationName: locations.name,
  name: rooms.name,
  kind: rooms.kind,
  beds: rooms.beds,
  rule: rooms.rule,
  isActive: rooms.isActive,
  createdAt: rooms.createdAt,
  updatedAt: rooms.updatedAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

const toRoom = (r: Row): Room => ({
  id: r.id,
  location: r.locationId,
  location_name: r.locationName,
  name: r.name,
  kind: r.kind,
  beds: r.beds,
  rule: r.rule as Room['rule'],
  is_active: r.isActive,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

const base = <E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...columns, ...(extra as E) })
    .from(rooms)
    .innerJoin(locations, eq(locations.id, rooms.locationId));

/** Everyone on a branch's floor reads its rooms; Admins every branch's. */
const listRooms = async (db: Db, query: RoomQuery, url: string, actor: AuthUser) => {
  const mine = scopeWhere(workplaceScope(actor), rooms.locationId);
  return listPage(url, query, {
    select: () => base(db, { total: totalRows }).$dynamic(),
    where: and(
      mine,
      query.location ? eq(rooms.locationId, query.location) : undefined,
      query.kind ? eq(rooms.kind, query.kind.toLowerCase()) : undefined,
      query.is_active !== undefined ? eq(rooms.isActive, query.is_active) : undefined,
      searchWhere(query.search, [rooms.name, rooms.kind]),
    ),
    orderBy: {
      name: lower(rooms.name),
      kind: rooms.kind,
      beds: rooms.beds,
      location_name: lower(locations.name),
      is_active: rooms.isActive,
      created_at: rooms.createdAt,
      id: rooms.id,
    },
    defaultOrder: [lower(locations.name), lower(rooms.name)],
    tieBreaker: rooms.id,
    toItem: toRoom,
  });
};

const findRoom = async (db: DbOrTx, id: number, actor: AuthUser) => {
  const [row] = await base(db).where(eq(rooms.id, id));
  // Another branch's room is as unknown as a missing one: its name is not the caller's business.
  if (!row || !worksAt(actor, row.locationId)) throw notFound('No such room.');
  return toRoom(row);
};

/** Rooms are the branch's Managers' (and Admins'): a desk reads them, never writes them. */
const assertManages = async (db: DbOrTx, actor: AuthUser, locationId: number) => {
  const location = await floorLocation(db, actor, locationId);
  if (!isAdmin(actor) && !actor.groups.includes(MANAGER_GROUP))
    throw forbidden(`Only a Manager of ${location.name} or an Admin may change its rooms.`);
  return location;
};

const toColumns = (v: RoomChanges) => ({
  locationId: v.location,
  name: v.name,
  kind: v.kind,
  beds: v.beds,
  rule: v.rule,
  isActive: v.is_active,
});

const createRoom = async (db: Db, actorId: number, input: RoomInput, actor: AuthUser): Promise<Room> =>
  db.transaction(async (tx) => {
    await assertManages(tx, actor, input.location);
    await publishFloor(tx, input.location, floorToday());
    const [row] = await tx
      .insert(rooms)
      .values({
        ...toColumns(input),
        locationId: input.location,
        name: input.name,
        kind: input.kind,
        ...createdBy(actorId),
      })
      .returning({ id: rooms.id });
    return roomsAudit.created(tx, actorId, row!.id, await findRoom(tx, row!.id, actor));
  });

/**
 * A room's bookings still to come (or in service) stay where the desk made them: the room does not
 * move to another branch, close (the board shows no closed room, yet an arrival kept its bed there)
 * or lose the bed one holds under them (409; the desk moves them first). Under the branch's floor
 * lock, so no booking slips in meanwhile.
 */
const assertBookingsStay = async (tx: Tx, before: Room, changes: RoomChanges) => {
  const moved = changes.location !== undefined && changes.location !== before.location;
  const closed = changes.is_active === false && before.is_active;
  const beds = changes.beds ?? before.beds;
  if (!moved && !closed && beds >= before.beds) return;
  await lockFloor(tx, before.location);
  const now = floorClock.now();
  const [held] = await tx
    .select({ bed: floorBookings.bed, startsAt: floorBookings.startsAt })
    .from(floorBookings)
    .where(
      and(
        eq(floorBookings.roomId, before.id),
        gt(floorBookings.endsAt, now),
        moved || closed ? undefined : gt(floorBookings.bed, beds),
      ),
    )
    .orderBy(asc(floorBookings.startsAt))
    .limit(1);
  if (!held) return;
  const booked = `${before.name} is booked ${whenSaid(held.startsAt, now)}; move its bookings to another room`;
  const [field, message] = moved
    ? ['location', `${booked} before it changes branch.`]
    : closed
      ? ['is_active', `${booked} before closing it.`]
      : [
          'beds',
          `${before.name}, bed ${held.bed} is booked ${whenSaid(held.startsAt, now)}; move that booking before taking the bed away.`,
        ];
  throw conflict(message, { [field]: [message] });
};

const updateRoom = async (db: Db, actorId: number, id: number, changes: RoomChanges, actor: AuthUser): Promise<Room> =>
  db.transaction(async (tx) => {
    const before = await findRoom(tx, id, actor);
    await assertManages(tx, actor, before.location);
    if (changes.location !== undefined && changes.location !== before.location)
      await assertManages(tx, actor, changes.location);
    await assertBookingsStay(tx, before, changes);
    await publishFloor(tx, changes.location ?? before.location, floorToday());
    await tx
      .update(rooms)
      .set({ ...toColumns(changes), ...touched(actorId) })
      .where(eq(rooms.id, id));
    return roomsAudit.changed(tx, actorId, id, before, await findRoom(tx, id, actor));
  });

/** A room that served or holds a booking is kept (deactivated); an unused one goes. */
const removeRoom = async (db: Db, actorId: number, id: number, actor: AuthUser): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await findRoom(tx, id, actor);
    await assertManages(tx, actor, before.location);
    // A room with bookings on file is closed, not deleted: not while some are still to come.
    await assertBookingsStay(tx, before, { is_active: false });
    await publishFloor(tx, before.location, floorToday());
    const result = await deleteOrDeactivate(tx, {
      label: `Room “${before.name}”`,
      inUse: 'has bookings or services on file',
      isActive: before.is_active,
      remove: (sp) => sp.delete(rooms).where(eq(rooms.id, id)),
      deactivate: () =>
        tx
          .update(rooms)
          .set({ isActive: false, ...touched(actorId) })
          .where(eq(rooms.id, id)),
    });
    const after = result.result === 'deleted' ? null : await findRoom(tx, id, actor);
    return roomsAudit.removed(tx, actorId, id, result, before, after);
  });

export const roomsService = {
  list: listRooms,
  get: (db: Db, id: number, actor: AuthUser) => findRoom(db, id, actor),
  create: createRoom,
  update: updateRoom,
  remove: removeRoom,
};

/** A room of the branch, active, for a booking; 400 on `room` otherwise. */
export const roomAt = async (db: DbOrTx, id: number, locationId: number) => {
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
  if (!row || row.locationId !== locationId)
    throw fieldError('room', row ? 'That room is at another branch.' : 'No such room.');
  if (!row.isActive) throw fieldError('room', `${row.name} is closed (inactive).`);
  return row;
};
