import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LOCATION_HOURS_MESSAGE, type DeleteResult, type Location } from '@ginhawa/contract';
import type { LocationChanges, LocationInput, LocationQuery } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { employees, locations, userLocations } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { bookingsOutsideHours } from '../floor/index';

const locationsAudit = auditTrail('locations');

// Qualified by hand: drizzle leaves columns unqualified in single-table selects.
const activeEmployees = sql<number>`(select count(*)::int from employees e where e.location_id = "locations"."id" and e.is_active)`;

const columns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  phone: locations.phone,
  openingTime: locations.openingTime,
  closingTime: locations.closingTime,
  isActive: locations.isActive,
  branchCode: locations.branchCode,
  registeredAddress: locations.registeredAddress,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
  employeesCount: activeEmployees,
};
type Row = Omit<NonNullable<Awaited<ReturnType<typeof findRow>>>, 'total'>;

const toLocation = (r: Row): Location => ({
  ...toSnake(r),
  employees_count: Number(r.employeesCount),
  ...isoStamps(r),
});

export const listLocations = async (db: Db, query: LocationQuery, url: string) => {
  const conditions: (SQL | undefined)[] = [];
  if (query.is_active !== undefined) conditions.push(eq(locations.isActive, query.is_active));
  conditions.push(
    searchWhere(query.search, [locations.name, locations.address, locations.phone], { phone: locations.phone }),
  );
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(locations)
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      name: lower(locations.name),
      opening_time: locations.openingTime,
      closing_time: locations.closingTime,
      is_active: locations.isActive,
      created_at: locations.createdAt,
      id: locations.id,
    },
    defaultOrder: [lower(locations.name)],
    tieBreaker: locations.id,
    toItem: toLocation,
  });
};

const findRow = async (db: DbOrTx, id: number) => {
  const [row] = await db.select(columns).from(locations).where(eq(locations.id, id));
  return row ?? null;
};

export const getLocation = async (db: DbOrTx, id: number): Promise<Location> => {
  const row = await findRow(db, id);
  if (!row) throw notFound('No such location.');
  return toLocation(row);
};

const assertNameFree = (db: DbOrTx, name: string, exceptId?: number) =>
  assertFree(db, locations, locations.name, name, {
    caseInsensitive: true,
    except: exceptId === undefined ? undefined : { column: locations.id, value: exceptId },
    message: 'A location with this name already exists.',
    field: 'name',
  });

const activeEmployeesAt = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(employees)
    .where(and(eq(employees.locationId, id), eq(employees.isActive, true)));
  return row?.n ?? 0;
};

const stillStaffed = (n: number) =>
  conflict(
    `${n} active employee${n === 1 ? ' works' : 's work'} at this location. Move them to another location or deactivate them first.`,
  );

export const createLocation = async (db: Db, actorId: number, input: LocationInput): Promise<Location> =>
  db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx
      .insert(locations)
      .values({ ...toCamel(input), ...createdBy(actorId) })
      .returning({ id: locations.id });
    return locationsAudit.created(tx, actorId, row!.id, await getLocation(tx, row!.id));
  });

/** The checks an update must pass before it is written: hours still differ, name free, no one left stranded. */
const checkLocationChanges = async (tx: DbOrTx, id: number, before: Location, changes: LocationChanges) => {
  if ((changes.opening_time ?? before.opening_time) === (changes.closing_time ?? before.closing_time))
    throw fieldError('closing_time', LOCATION_HOURS_MESSAGE);
  if (changes.name !== undefined) await assertNameFree(tx, changes.name, id);
  if (changes.is_active === false && before.is_active) {
    const staffed = await activeEmployeesAt(tx, id);
    if (staffed > 0) throw stillStaffed(staffed);
  }
};

const lockLocation = async (tx: DbOrTx, id: number) => {
  const [row] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).for('update');
  if (!row) throw notFound('No such location.');
  return getLocation(tx, id);
};

/** New opening hours must still hold the branch's bookings to come (decision 0204); checked after the write, which a refusal rolls back. */
const assertBookingsFit = async (tx: DbOrTx, id: number) => {
  const outside = await bookingsOutsideHours(tx, id);
  if (outside) throw conflict(`${outside}. Move or cancel them on the floor board first, or keep the hours.`);
};

/** PUT sends every field, PATCH some: both land here with the fields to change. */
export const updateLocation = async (
  db: Db,
  actorId: number,
  id: number,
  changes: LocationChanges,
): Promise<Location> =>
  db.transaction(async (tx) => {
    const before = await lockLocation(tx, id);
    await checkLocationChanges(tx, id, before, changes);
    await tx
      .update(locations)
      .set({ ...toCamel(changes), ...touched(actorId) })
      .where(eq(locations.id, id));
    if (changes.opening_time !== undefined || changes.closing_time !== undefined) await assertBookingsFit(tx, id);
    return locationsAudit.changed(tx, actorId, id, before, await getLocation(tx, id));
  });

/**
 * Deletes a location nobody refers to. One in use (employees past or present, staff assigned to
 * it, or any other record) is deactivated instead; one with active employees can be neither (409).
 */
export const deleteLocation = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await lockLocation(tx, id);
    const staffed = await activeEmployeesAt(tx, id);
    if (staffed > 0) throw stillStaffed(staffed);
    // Staff assignments cascade with the location, so they are checked here rather than by the foreign key.
    const [assigned] = await tx.select({ n: count() }).from(userLocations).where(eq(userLocations.locationId, id));
    const result = await deleteOrDeactivate(tx, {
      label: `Location “${before.name}”`,
      inUse: 'is in use by other records',
      isActive: before.is_active,
      knownInUse: (assigned?.n ?? 0) > 0,
      remove: (sp) => sp.delete(locations).where(eq(locations.id, id)),
      deactivate: () =>
        tx
          .update(locations)
          .set({ isActive: false, ...touched(actorId) })
          .where(eq(locations.id, id)),
    });
    const after = result.result === 'deleted' ? null : await getLocation(tx, id);
    return locationsAudit.removed(tx, actorId, id, result, before, after);
  });

/** The names of the given location ids, or a 400 naming `field` when one does not exist. */
export const assertLocationsExist = async (db: DbOrTx, ids: number[], field: string, { activeOnly = false } = {}) => {
  if (!ids.length) return new Map<number, { name: string; isActive: boolean }>();
  const rows = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(inArray(locations.id, ids));
  const found = new Map(rows.map((r) => [r.id, { name: r.name, isActive: r.isActive }]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw fieldError(field, missing.length === 1 ? 'No such location.' : `No such locations: ${missing.join(', ')}.`);
  if (activeOnly) {
    const inactive = ids.filter((id) => !found.get(id)!.isActive);
    if (inactive.length) throw fieldError(field, 'This location is inactive. Choose an active one.');
  }
  return found;
};

/** What the resource routes call (lib/resource-routes.ts). */
export const locationsService = {
  list: listLocations,
  get: getLocation,
  create: createLocation,
  update: updateLocation,
  remove: deleteLocation,
};
