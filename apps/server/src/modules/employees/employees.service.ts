import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { EMPLOYEE_CODE_PREFIX, EMPLOYEE_KIND_GROUP, MANAGER_GROUP, ADMIN_GROUP, normalizePhPhone, type DeleteResult, type Employee, type EmployeeKind } from '@ginhawa/contract';
import type { employeeBodySchema, employeeListQuerySchema, employeePatchSchema } from '@ginhawa/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { employees, locations, userGroups, groups, userLocations, users } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { likePattern, offsetOf, orderingOf, toPage } from '../../lib/pagination';
import { deleteUnlessReferenced } from '../locations/in-use';
import { pgErrorCode } from '../../lib/pg-errors';
import { endAllSessions } from '../users/auth.service';
import { hashPassword } from '../users/passwords';
import { addUserLocations, addUserToGroups, assertPasswordAcceptable, assertUsernameFree, insertUserAccount, removeUserFromGroup } from '../users/users.service';

export type EmployeeInput = z.output<typeof employeeBodySchema>;
export type EmployeeChanges = z.output<typeof employeePatchSchema>;
export type EmployeeQuery = z.output<typeof employeeListQuerySchema>;

/** What the caller may see: colleagues' phone numbers are for Admins and Managers only. */
export type Viewer = { seesContact: boolean };

const KIND_LABEL: Record<EmployeeKind, string> = { salesperson: 'salesperson', therapist: 'therapist', receptionist: 'receptionist' };
const FIELDS = 'Please correct the highlighted fields.';

const columns = {
  id: employees.id,
  kind: employees.kind,
  userId: employees.userId,
  username: users.username,
  firstName: employees.firstName,
  lastName: employees.lastName,
  employeeCode: employees.employeeCode,
  phone: employees.phone,
  locationId: employees.locationId,
  locationName: locations.name,
  hireDate: employees.hireDate,
  isActive: employees.isActive,
  monthlyTarget: employees.monthlyTarget,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
};

const baseSelect = (db: DbOrTx) =>
  db.select(columns).from(employees).innerJoin(locations, eq(locations.id, employees.locationId)).leftJoin(users, eq(users.id, employees.userId));
type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

const toEmployee = (r: Row, viewer: Viewer): Employee => ({
  id: r.id,
  kind: r.kind as EmployeeKind,
  user: r.userId,
  username: r.username,
  first_name: r.firstName,
  last_name: r.lastName,
  full_name: `${r.firstName} ${r.lastName}`,
  employee_code: r.employeeCode,
  phone: viewer.seesContact ? r.phone : null,
  location: r.locationId,
  location_name: r.locationName,
  hire_date: r.hireDate,
  is_active: r.isActive,
  monthly_target: r.monthlyTarget,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const ORDERING = {
  last_name: employees.lastName,
  first_name: employees.firstName,
  employee_code: employees.employeeCode,
  hire_date: employees.hireDate,
  location_name: locations.name,
  is_active: employees.isActive,
  monthly_target: employees.monthlyTarget,
  created_at: employees.createdAt,
  id: employees.id,
};

export const listEmployees = async (db: Db, kind: EmployeeKind, query: EmployeeQuery, url: string, viewer: Viewer) => {
  const conditions: (SQL | undefined)[] = [eq(employees.kind, kind)];
  if (query.location) conditions.push(eq(employees.locationId, query.location));
  if (query.is_active !== undefined) conditions.push(eq(employees.isActive, query.is_active));
  if (query.has_login !== undefined) conditions.push(query.has_login ? isNotNull(employees.userId) : isNull(employees.userId));
  if (query.search) {
    const pattern = likePattern(query.search);
    const phone = normalizePhPhone(query.search);
    conditions.push(
      or(
        ilike(employees.firstName, pattern),
        ilike(employees.lastName, pattern),
        ilike(sql`${employees.firstName} || ' ' || ${employees.lastName}`, pattern),
        ilike(employees.employeeCode, pattern),
        ilike(users.username, pattern),
        // Only people who may see numbers may find by them.
        viewer.seesContact && phone ? eq(employees.phone, phone) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .leftJoin(users, eq(users.id, employees.userId))
    .where(where);
  const rows = await baseSelect(db)
    .where(where)
    .orderBy(...orderingOf(query.ordering, ORDERING, [asc(employees.lastName), asc(employees.firstName)], employees.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return toPage(url, query, total?.n ?? 0, rows.map((r) => toEmployee(r, viewer)));
};

const findRow = async (db: DbOrTx, kind: EmployeeKind, id: number) => {
  const [row] = await baseSelect(db).where(and(eq(employees.id, id), eq(employees.kind, kind)));
  return row ?? null;
};

export const getEmployee = async (db: DbOrTx, kind: EmployeeKind, id: number, viewer: Viewer): Promise<Employee> => {
  const row = await findRow(db, kind, id);
  if (!row) throw notFound(`No such ${KIND_LABEL[kind]}.`);
  return toEmployee(row, viewer);
};

export const getEmployeeByUser = async (db: Db, kind: EmployeeKind, userId: number, viewer: Viewer): Promise<Employee> => {
  const [row] = await baseSelect(db).where(and(eq(employees.userId, userId), eq(employees.kind, kind)));
  if (!row) throw notFound(`This user has no ${KIND_LABEL[kind]} record.`);
  return toEmployee(row, viewer);
};

// ——— checks ———

const duplicateCode = () => conflict('Another employee already has this code.', { employee_code: ['Another employee already has this code.'] });

const assertCodeFree = async (db: DbOrTx, code: string, exceptId?: number) => {
  const [clash] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.employeeCode, code), exceptId ? ne(employees.id, exceptId) : undefined));
  if (clash) throw duplicateCode();
};

/** The next free code of a kind: SP-0001, TH-0012, … (numbers after the highest one in use). */
const nextCode = async (db: DbOrTx, kind: EmployeeKind) => {
  const prefix = EMPLOYEE_CODE_PREFIX[kind];
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(substring(${employees.employeeCode} from ${`^${prefix}-(\\d{1,9})$`})::int), 0)` })
    .from(employees);
  return `${prefix}-${String(Number(row?.n ?? 0) + 1).padStart(4, '0')}`;
};

const assertLocationUsable = async (db: DbOrTx, locationId: number) => {
  const [row] = await db.select({ isActive: locations.isActive }).from(locations).where(eq(locations.id, locationId));
  if (!row) throw badRequest(FIELDS, { location: ['No such location.'] });
  if (!row.isActive) throw badRequest(FIELDS, { location: ['This location is inactive. Choose an active one.'] });
};

const checkTarget = (kind: EmployeeKind, target: string | null | undefined, creating: boolean) => {
  if (kind !== 'salesperson') {
    if (target !== undefined && target !== null) throw badRequest(FIELDS, { monthly_target: ['Only salespersons have a monthly target.'] });
    return null;
  }
  if (target === null && !creating) throw badRequest(FIELDS, { monthly_target: ['Enter a target (0 for none).'] });
  return target ?? (creating ? '0.00' : undefined);
};

/** An existing login may hold one record of each kind. */
const assertUserLinkable = async (db: DbOrTx, kind: EmployeeKind, userId: number, exceptEmployeeId?: number) => {
  const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, userId));
  if (!user) throw badRequest(FIELDS, { user: ['No such user.'] });
  const [taken] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.kind, kind), exceptEmployeeId ? ne(employees.id, exceptEmployeeId) : undefined));
  if (taken) throw conflict(`This user already has a ${KIND_LABEL[kind]} record.`, { user: [`This user already has a ${KIND_LABEL[kind]} record.`] });
};

type PreparedAccount = { username: string; email: string; passwordHash: string };

/** Checks a new login's username and password before any transaction (hashing is slow). */
const prepareAccount = async (db: Db, account: EmployeeInput['account']): Promise<PreparedAccount | undefined> => {
  if (!account) return undefined;
  await assertUsernameFree(db, account.username, 'account.username');
  assertPasswordAcceptable(account.password, account.username, 'account.password');
  return { username: account.username, email: account.email, passwordHash: await hashPassword(account.password) };
};

// ——— the login that goes with a record ———

/** Puts a login in the kind's group and at the location, as hiring does. */
const attachLogin = async (tx: Tx, kind: EmployeeKind, userId: number, locationId: number) => {
  await addUserToGroups(tx, userId, [EMPLOYEE_KIND_GROUP[kind]]);
  await addUserLocations(tx, userId, [locationId]);
};

/** Undoes attachLogin for a record that goes away or is unlinked, keeping what other records still need. */
const detachLogin = async (tx: Tx, kind: EmployeeKind, userId: number, locationId: number, employeeId: number) => {
  await removeUserFromGroup(tx, userId, EMPLOYEE_KIND_GROUP[kind]);
  await releaseLocation(tx, userId, locationId, employeeId);
};

/** Drops the user's link to a location unless another of their active records is there. */
const releaseLocation = async (tx: Tx, userId: number, locationId: number, employeeId: number) => {
  const [other] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.locationId, locationId), eq(employees.isActive, true), ne(employees.id, employeeId)))
    .limit(1);
  if (!other) await tx.delete(userLocations).where(and(eq(userLocations.userId, userId), eq(userLocations.locationId, locationId)));
};

/**
 * When someone stops working (record deactivated or deleted), their login stops too — unless they
 * still hold another active record or are an Admin or Manager, whose access does not hang on it.
 */
const retireLogin = async (tx: Tx, actorId: number, userId: number, employeeId: number) => {
  const [other] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.isActive, true), ne(employees.id, employeeId)))
    .limit(1);
  if (other) return;
  const [privileged] = await tx
    .select({ id: userGroups.userId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), inArray(groups.name, [ADMIN_GROUP, MANAGER_GROUP])))
    .limit(1);
  if (privileged) return;
  const [user] = await tx.update(users).set({ isActive: false, updatedAt: sql`now()` }).where(and(eq(users.id, userId), eq(users.isActive, true))).returning({ id: users.id });
  if (!user) return;
  await endAllSessions(tx, userId);
  await audit(tx, { actorId, action: 'deactivate', tableName: 'users', rowId: userId, before: { isActive: true }, after: { isActive: false, reason: 'employee record ended' } });
};

/** A returning employee gets their login back. */
const reviveLogin = async (tx: Tx, actorId: number, userId: number) => {
  const [user] = await tx.update(users).set({ isActive: true, updatedAt: sql`now()` }).where(and(eq(users.id, userId), eq(users.isActive, false))).returning({ id: users.id });
  if (user) await audit(tx, { actorId, action: 'update', tableName: 'users', rowId: userId, before: { isActive: false }, after: { isActive: true, reason: 'employee record reactivated' } });
};

const raceToConflict = (err: unknown): never => {
  if (pgErrorCode(err) === '23505') {
    const text = String((err as { cause?: { constraint?: string; message?: string } }).cause?.constraint ?? (err as Error).message);
    if (text.includes('username')) throw conflict('A user with this username already exists.', { 'account.username': ['A user with this username already exists.'] });
    if (text.includes('user_kind')) throw conflict('This user already has a record of this kind.', { user: ['This user already has a record of this kind.'] });
    throw duplicateCode();
  }
  throw err;
};

// ——— writes ———

/** Hires someone: the record, and when asked a new login in the kind's group at the location, in one transaction. */
export const createEmployee = async (db: Db, kind: EmployeeKind, actorId: number, input: EmployeeInput, viewer: Viewer): Promise<Employee> => {
  if (input.account && input.user) {
    throw badRequest(FIELDS, { account: ['Either link an existing user or create a new login, not both.'] });
  }
  const target = checkTarget(kind, input.monthly_target, true);
  await assertLocationUsable(db, input.location);
  if (input.employee_code) await assertCodeFree(db, input.employee_code);
  const account = await prepareAccount(db, input.account);
  try {
    return await db.transaction(async (tx) => {
      let userId: number | null = null;
      if (input.user) {
        await assertUserLinkable(tx, kind, input.user);
        userId = input.user;
        await attachLogin(tx, kind, userId, input.location);
      } else if (account) {
        userId = await insertUserAccount(tx, {
          actorId,
          username: account.username,
          passwordHash: account.passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          email: account.email,
          groups: [EMPLOYEE_KIND_GROUP[kind]],
          locations: [input.location],
        });
      }
      const [row] = await tx
        .insert(employees)
        .values({
          kind,
          userId,
          firstName: input.first_name,
          lastName: input.last_name,
          employeeCode: input.employee_code || (await nextCode(tx, kind)),
          phone: input.phone,
          locationId: input.location,
          hireDate: input.hire_date,
          isActive: input.is_active,
          monthlyTarget: target,
          createdBy: actorId,
          updatedBy: actorId,
        })
        .returning();
      await audit(tx, { actorId, action: 'create', tableName: 'employees', rowId: row!.id, after: row });
      return getEmployee(tx, kind, row!.id, viewer);
    });
  } catch (err) {
    return raceToConflict(err);
  }
};

export const updateEmployee = async (db: Db, kind: EmployeeKind, actorId: number, id: number, changes: EmployeeChanges, viewer: Viewer): Promise<Employee> => {
  if (changes.employee_code === '') throw badRequest(FIELDS, { employee_code: ['Enter an employee code.'] });
  if (changes.account && changes.user) throw badRequest(FIELDS, { account: ['Either link an existing user or create a new login, not both.'] });
  const target = checkTarget(kind, changes.monthly_target, false);
  const account = await prepareAccount(db, changes.account);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(employees)
        .where(and(eq(employees.id, id), eq(employees.kind, kind)))
        .for('update');
      if (!before) throw notFound(`No such ${KIND_LABEL[kind]}.`);
      if (changes.employee_code !== undefined) await assertCodeFree(tx, changes.employee_code, id);
      const locationId = changes.location ?? before.locationId;
      if (changes.location !== undefined && changes.location !== before.locationId) await assertLocationUsable(tx, changes.location);
      const isActive = changes.is_active ?? before.isActive;

      // Which login this record ends up with.
      let userId = before.userId;
      if (changes.user !== undefined && changes.user !== before.userId) {
        if (changes.user !== null) await assertUserLinkable(tx, kind, changes.user, id);
        if (before.userId) await detachLogin(tx, kind, before.userId, before.locationId, id);
        userId = changes.user;
        if (userId) await attachLogin(tx, kind, userId, locationId);
      } else if (account) {
        if (before.userId) throw badRequest(FIELDS, { account: ['This employee already has a login.'] });
        userId = await insertUserAccount(tx, {
          actorId,
          username: account.username,
          passwordHash: account.passwordHash,
          firstName: changes.first_name ?? before.firstName,
          lastName: changes.last_name ?? before.lastName,
          email: account.email,
          groups: [EMPLOYEE_KIND_GROUP[kind]],
          locations: [locationId],
        });
      } else if (userId && locationId !== before.locationId) {
        // Moved to another branch: their workplace follows.
        await releaseLocation(tx, userId, before.locationId, id);
        await addUserLocations(tx, userId, [locationId]);
      }

      const [after] = await tx
        .update(employees)
        .set({
          userId,
          firstName: changes.first_name,
          lastName: changes.last_name,
          employeeCode: changes.employee_code,
          phone: changes.phone,
          locationId: changes.location,
          hireDate: changes.hire_date,
          isActive: changes.is_active,
          monthlyTarget: target ?? undefined,
          updatedBy: actorId,
          updatedAt: sql`now()`,
        })
        .where(eq(employees.id, id))
        .returning();

      if (userId && (changes.first_name !== undefined || changes.last_name !== undefined)) {
        await tx.update(users).set({ firstName: after!.firstName, lastName: after!.lastName, updatedAt: sql`now()` }).where(eq(users.id, userId));
      }
      if (userId && userId === before.userId) {
        if (before.isActive && !isActive) {
          await releaseLocation(tx, userId, after!.locationId, id);
          await retireLogin(tx, actorId, userId, id);
        }
        if (!before.isActive && isActive) {
          await addUserLocations(tx, userId, [after!.locationId]);
          await reviveLogin(tx, actorId, userId);
        }
      }
      await audit(tx, { actorId, action: 'update', tableName: 'employees', rowId: id, before, after });
      return getEmployee(tx, kind, id, viewer);
    });
  } catch (err) {
    return raceToConflict(err);
  }
};

/**
 * Deletes a record nothing refers to (no sales, arrivals, …); one with a history is deactivated
 * instead. Either way the login, if any, stops working (see retireLogin). Already inactive with a
 * history: 409.
 */
export const deleteEmployee = async (db: Db, kind: EmployeeKind, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(employees)
      .where(and(eq(employees.id, id), eq(employees.kind, kind)))
      .for('update');
    if (!before) throw notFound(`No such ${KIND_LABEL[kind]}.`);
    const name = `${before.firstName} ${before.lastName}`;
    if (await deleteUnlessReferenced(tx, (sp) => sp.delete(employees).where(eq(employees.id, id)))) {
      if (before.userId) {
        await detachLogin(tx, kind, before.userId, before.locationId, id);
        await retireLogin(tx, actorId, before.userId, id);
      }
      await audit(tx, { actorId, action: 'delete', tableName: 'employees', rowId: id, before });
      return { result: 'deleted', message: `${name} was removed from the ${KIND_LABEL[kind]}s.` };
    }
    if (!before.isActive) throw conflict(`${name} has recorded work and is already inactive, so the record cannot be deleted.`);
    const [after] = await tx.update(employees).set({ isActive: false, updatedBy: actorId, updatedAt: sql`now()` }).where(eq(employees.id, id)).returning();
    if (before.userId) {
      await releaseLocation(tx, before.userId, before.locationId, id);
      await retireLogin(tx, actorId, before.userId, id);
    }
    await audit(tx, { actorId, action: 'deactivate', tableName: 'employees', rowId: id, before, after });
    return { result: 'deactivated', message: `${name} has recorded work, so the record was deactivated instead of deleted.` };
  });
