import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { LOCATION_HOURS_MESSAGE, normalizePhPhone, type DeleteResult, type Location } from '@ginhawa/contract';
import type { locationBodySchema, locationListQuerySchema, locationPatchSchema } from '@ginhawa/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { employees, locations, userLocations } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { likePattern, offsetOf, orderingOf, toPage } from '../../lib/pagination';
import { deleteUnlessReferenced, onUniqueViolation } from './in-use';

export type LocationInput = z.output<typeof locationBodySchema>;
export type LocationChanges = z.output<typeof locationPatchSchema>;
export type LocationQuery = z.output<typeof locationListQuerySchema>;

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
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
  employeesCount: activeEmployees,
};
type Row = NonNullable<Awaited<ReturnType<typeof findRow>>>;

const toLocation = (r: Row): Location => ({
  id: r.id,
  name: r.name,
  address: r.address,
  phone: r.phone,
  opening_time: r.openingTime,
  closing_time: r.closingTime,
  is_active: r.isActive,
  employees_count: Number(r.employeesCount),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const ORDERING = { name: locations.name, opening_time: locations.openingTime, closing_time: locations.closingTime, is_active: locations.isActive, created_at: locations.createdAt, id: locations.id };

export const listLocations = async (db: Db, query: LocationQuery, url: string) => {
  const conditions: (SQL | undefined)[] = [];
  if (query.is_active !== undefined) conditions.push(eq(locations.isActive, query.is_active));
  if (query.search) {
    const pattern = likePattern(query.search);
    const phone = normalizePhPhone(query.search);
    conditions.push(or(ilike(locations.name, pattern), ilike(locations.address, pattern), ilike(locations.phone, pattern), phone ? eq(locations.phone, phone) : undefined));
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(locations).where(where);
  const rows = await db
    .select(columns)
    .from(locations)
    .where(where)
    .orderBy(...orderingOf(query.ordering, ORDERING, [asc(locations.name)], locations.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return toPage(url, query, total?.n ?? 0, rows.map(toLocation));
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

const duplicateName = () => conflict('A location with this name already exists.', { name: ['A location with this name already exists.'] });

const assertNameFree = async (db: DbOrTx, name: string, exceptId?: number) => {
  const [clash] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(sql`lower(${locations.name})`, name.toLowerCase()), exceptId ? ne(locations.id, exceptId) : undefined));
  if (clash) throw duplicateName();
};

const activeEmployeesAt = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ n: count() }).from(employees).where(and(eq(employees.locationId, id), eq(employees.isActive, true)));
  return row?.n ?? 0;
};

const stillStaffed = (n: number) =>
  conflict(
    `${n} active employee${n === 1 ? ' works' : 's work'} at this location. Move them to another location or deactivate them first.`,
  );

export const createLocation = async (db: Db, actorId: number, input: LocationInput): Promise<Location> =>
  onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        await assertNameFree(tx, input.name);
        const [row] = await tx
          .insert(locations)
          .values({
            name: input.name,
            address: input.address,
            phone: input.phone,
            openingTime: input.opening_time,
            closingTime: input.closing_time,
            isActive: input.is_active,
            createdBy: actorId,
            updatedBy: actorId,
          })
          .returning();
        await audit(tx, { actorId, action: 'create', tableName: 'locations', rowId: row!.id, after: row });
        return getLocation(tx, row!.id);
      }),
    duplicateName,
  );

export const updateLocation = async (db: Db, actorId: number, id: number, changes: LocationChanges): Promise<Location> =>
  onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
        if (!before) throw notFound('No such location.');
        const opening = changes.opening_time ?? before.openingTime;
        const closing = changes.closing_time ?? before.closingTime;
        if (opening === closing) throw badRequest('Please correct the highlighted fields.', { closing_time: [LOCATION_HOURS_MESSAGE] });
        if (changes.name !== undefined) await assertNameFree(tx, changes.name, id);
        if (changes.is_active === false && before.isActive) {
          const staffed = await activeEmployeesAt(tx, id);
          if (staffed > 0) throw stillStaffed(staffed);
        }
        const [after] = await tx
          .update(locations)
          .set({
            name: changes.name,
            address: changes.address,
            phone: changes.phone,
            openingTime: changes.opening_time,
            closingTime: changes.closing_time,
            isActive: changes.is_active,
            updatedBy: actorId,
            updatedAt: sql`now()`,
          })
          .where(eq(locations.id, id))
          .returning();
        await audit(tx, { actorId, action: 'update', tableName: 'locations', rowId: id, before, after });
        return getLocation(tx, id);
      }),
    duplicateName,
  );

/**
 * Deletes a location nobody refers to. One in use (employees past or present, staff assigned to
 * it, or any other record) is deactivated instead; one with active employees can be neither (409).
 */
export const deleteLocation = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const [before] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
    if (!before) throw notFound('No such location.');
    const staffed = await activeEmployeesAt(tx, id);
    if (staffed > 0) throw stillStaffed(staffed);
    const [assigned] = await tx.select({ n: count() }).from(userLocations).where(eq(userLocations.locationId, id));
    const deleted = (assigned?.n ?? 0) === 0 && (await deleteUnlessReferenced(tx, (sp) => sp.delete(locations).where(eq(locations.id, id))));
    if (deleted) {
      await audit(tx, { actorId, action: 'delete', tableName: 'locations', rowId: id, before });
      return { result: 'deleted', message: `Location “${before.name}” deleted.` };
    }
    if (!before.isActive) throw conflict(`Location “${before.name}” is in use by other records and is already inactive, so it cannot be deleted.`);
    const [after] = await tx.update(locations).set({ isActive: false, updatedBy: actorId, updatedAt: sql`now()` }).where(eq(locations.id, id)).returning();
    await audit(tx, { actorId, action: 'deactivate', tableName: 'locations', rowId: id, before, after });
    return { result: 'deactivated', message: `Location “${before.name}” is in use by other records, so it was deactivated instead of deleted.` };
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
  if (missing.length) throw badRequest('Please correct the highlighted fields.', { [field]: [missing.length === 1 ? 'No such location.' : `No such locations: ${missing.join(', ')}.`] });
  if (activeOnly) {
    const inactive = ids.filter((id) => !found.get(id)!.isActive);
    if (inactive.length) throw badRequest('Please correct the highlighted fields.', { [field]: ['This location is inactive. Choose an active one.'] });
  }
  return found;
};
