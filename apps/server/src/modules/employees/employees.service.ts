import { and, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_CODE_PREFIX,
  EMPLOYEE_DIRECTORY_ORDERING,
  EMPLOYEE_KIND_GROUP,
  MANAGER_GROUP,
  ADMIN_GROUP,
  normalizePhPhone,
  type DeleteResult,
  type Employee,
  type EmployeeKind,
} from '@ginhawa/contract';
import type { employeeBodySchema, employeeListQuerySchema, employeePatchSchema } from '@ginhawa/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { employees, locations, userGroups, groups, userLocations, users } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { audit } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { fieldError, notFound } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { likePattern, listPage, lower, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import {
  accessChanged,
  addUserLocations,
  addUserToGroups,
  assertPasswordAcceptable,
  assertUsernameFree,
  endAllSessions,
  hashPassword,
  insertUserAccount,
  removeUserFromGroup,
} from '../users/index';

export type EmployeeInput = z.output<typeof employeeBodySchema>;
export type EmployeeChanges = z.output<typeof employeePatchSchema>;
export type EmployeeQuery = z.output<typeof employeeListQuerySchema>;

/**
 * Who is reading a list: an Admin may find people by phone number or username and sort by any
 * field; everyone else reads the directory (docs/decisions/0011), so searching or sorting by a
 * field the directory hides would reveal it and is not offered.
 */
export type Viewer = { admin: boolean };

const DIRECTORY_ORDERING = new Set<string>(EMPLOYEE_DIRECTORY_ORDERING);

const KIND_LABEL: Record<EmployeeKind, string> = {
  salesperson: 'salesperson',
  therapist: 'therapist',
  receptionist: 'receptionist',
};

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
  db
    .select(columns)
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .leftJoin(users, eq(users.id, employees.userId));
type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];
/** The whole record; the routes cut it down to the directory entry for callers who may not see it all. */
const toEmployee = (r: Row): Employee => ({
  id: r.id,
  kind: r.kind as EmployeeKind,
  user: r.userId,
  username: r.username,
  first_name: r.firstName,
  last_name: r.lastName,
  full_name: `${r.firstName} ${r.lastName}`,
  employee_code: r.employeeCode,
  phone: r.phone,
  location: r.locationId,
  location_name: r.locationName,
  hire_date: r.hireDate,
  is_active: r.isActive,
  monthly_target: r.monthlyTarget,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

export const listEmployees = async (db: Db, kind: EmployeeKind, query: EmployeeQuery, url: string, viewer: Viewer) => {
  const hidden = viewer.admin
    ? undefined
    : query.ordering?.find((part) => !DIRECTORY_ORDERING.has(part.replace(/^-/, '')));
  if (hidden) throw fieldError('ordering', `Order by one of: ${EMPLOYEE_DIRECTORY_ORDERING.join(', ')}.`);
  const conditions: (SQL | undefined)[] = [eq(employees.kind, kind)];
  if (query.location) conditions.push(eq(employees.locationId, query.location));
  if (query.is_active !== undefined) conditions.push(eq(employees.isActive, query.is_active));
  if (query.has_login !== undefined)
    conditions.push(query.has_login ? isNotNull(employees.userId) : isNull(employees.userId));
  if (query.search) {
    const pattern = likePattern(query.search);
    const phone = normalizePhPhone(query.search);
    conditions.push(
      or(
        ilike(employees.firstName, pattern),
        ilike(employees.lastName, pattern),
        ilike(sql`${employees.firstName} || ' ' || ${employees.lastName}`, pattern),
        ilike(employees.employeeCode, pattern),
        // Only people who may see usernames and numbers may find by them.
        viewer.admin ? ilike(users.username, pattern) : undefined,
        viewer.admin && phone ? eq(employees.phone, phone) : undefined,
      ),
    );
  }
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(employees)
        .innerJoin(locations, eq(locations.id, employees.locationId))
        .leftJoin(users, eq(users.id, employees.userId))
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      last_name: lower(employees.lastName),
      first_name: lower(employees.firstName),
      employee_code: employees.employeeCode,
      hire_date: employees.hireDate,
      location_name: lower(locations.name),
      is_active: employees.isActive,
      monthly_target: employees.monthlyTarget,
      created_at: employees.createdAt,
      id: employees.id,
    },
    defaultOrder: [lower(employees.lastName), lower(employees.firstName)],
    tieBreaker: employees.id,
    toItem: (r) => toEmployee(r),
  });
};

const findRow = async (db: DbOrTx, kind: EmployeeKind, id: number) => {
  const [row] = await baseSelect(db).where(and(eq(employees.id, id), eq(employees.kind, kind)));
  return row ?? null;
};

export const getEmployee = async (db: DbOrTx, kind: EmployeeKind, id: number): Promise<Employee> => {
  const row = await findRow(db, kind, id);
  if (!row) throw notFound(`No such ${KIND_LABEL[kind]}.`);
  return toEmployee(row);
};

export const getEmployeeByUser = async (db: Db, kind: EmployeeKind, userId: number): Promise<Employee> => {
  const [row] = await baseSelect(db).where(and(eq(employees.userId, userId), eq(employees.kind, kind)));
  if (!row) throw notFound(`This user has no ${KIND_LABEL[kind]} record.`);
  return toEmployee(row);
};

// ——— checks ———

const assertCodeFree = (db: DbOrTx, code: string, exceptId?: number) =>
  assertFree(db, employees, employees.employeeCode, code, {
    except: exceptId === undefined ? undefined : { column: employees.id, value: exceptId },
    message: 'Another employee already has this code.',
    field: 'employee_code',
  });

/** The next free code of a kind: SP-0001, TH-0012, … (numbers after the highest one in use). */
const nextCode = async (db: DbOrTx, kind: EmployeeKind) => {
  const prefix = EMPLOYEE_CODE_PREFIX[kind];
  const [row] = await db
    .select({
      n: sql<number>`coalesce(max(substring(${employees.employeeCode} from ${`^${prefix}-(\\d{1,9})$`})::int), 0)`,
    })
    .from(employees);
  return `${prefix}-${String(Number(row?.n ?? 0) + 1).padStart(4, '0')}`;
};

const assertLocationUsable = async (db: DbOrTx, locationId: number) => {
  const [row] = await db.select({ isActive: locations.isActive }).from(locations).where(eq(locations.id, locationId));
  if (!row) throw fieldError('location', 'No such location.');
  if (!row.isActive) throw fieldError('location', 'This location is inactive. Choose an active one.');
};

const checkTarget = (kind: EmployeeKind, target: string | null | undefined, creating: boolean) => {
  if (kind !== 'salesperson') {
    if (target !== undefined && target !== null)
      throw fieldError('monthly_target', 'Only salespersons have a monthly target.');
    return null;
  }
  if (target === null && !creating) throw fieldError('monthly_target', 'Enter a target (0 for none).');
  return target ?? (creating ? '0.00' : undefined);
};

/** An existing login may hold one record of each kind. */
const assertUserLinkable = async (db: DbOrTx, kind: EmployeeKind, userId: number, exceptEmployeeId?: number) => {
  const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, userId));
  if (!user) throw fieldError('user', 'No such user.');
  await assertFree(db, employees, employees.userId, userId, {
    alsoWhere: eq(employees.kind, kind),
    except: exceptEmployeeId === undefined ? undefined : { column: employees.id, value: exceptEmployeeId },
    message: `This user already has a ${KIND_LABEL[kind]} record.`,
    field: 'user',
  });
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
  await accessChanged(tx, userId);
};

/** Undoes attachLogin for a record that goes away or is unlinked, keeping what other records still need. */
const detachLogin = async (tx: Tx, kind: EmployeeKind, userId: number, locationId: number, employeeId: number) => {
  await removeUserFromGroup(tx, userId, EMPLOYEE_KIND_GROUP[kind]);
  await releaseLocation(tx, userId, locationId, employeeId);
  await accessChanged(tx, userId);
};

/** Drops the user's link to a location unless another of their active records is there. */
const releaseLocation = async (tx: Tx, userId: number, locationId: number, employeeId: number) => {
  const [other] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.userId, userId),
        eq(employees.locationId, locationId),
        eq(employees.isActive, true),
        ne(employees.id, employeeId),
      ),
    )
    .limit(1);
  if (!other)
    await tx
      .delete(userLocations)
      .where(and(eq(userLocations.userId, userId), eq(userLocations.locationId, locationId)));
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
  const [user] = await tx
    .update(users)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .returning({ id: users.id });
  if (!user) return;
  await endAllSessions(tx, userId);
  await audit(tx, {
    actorId,
    action: 'deactivate',
    tableName: 'users',
    rowId: userId,
    before: { is_active: true },
    after: { is_active: false, reason: 'employee record ended' },
  });
};

/** A returning employee gets their login back. */
const reviveLogin = async (tx: Tx, actorId: number, userId: number) => {
  const [user] = await tx
    .update(users)
    .set({ isActive: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.isActive, false)))
    .returning({ id: users.id });
  if (user)
    await audit(tx, {
      actorId,
      action: 'update',
      tableName: 'users',
      rowId: userId,
      before: { is_active: false },
      after: { is_active: true, reason: 'employee record reactivated' },
    });
};

// ——— writes ———

const BOTH_LOGINS = 'Either link an existing user or create a new login, not both.';

/** Hires someone: the record, and when asked a new login in the kind's group at the location, in one transaction. */
export const createEmployee = async (
  db: Db,
  kind: EmployeeKind,
  actorId: number,
  input: EmployeeInput,
): Promise<Employee> => {
  if (input.account && input.user) throw fieldError('account', BOTH_LOGINS);
  const target = checkTarget(kind, input.monthly_target, true);
  await assertLocationUsable(db, input.location);
  if (input.employee_code) await assertCodeFree(db, input.employee_code);
  const account = await prepareAccount(db, input.account);
  return db.transaction(async (tx) => {
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
        ...createdBy(actorId),
      })
      .returning({ id: employees.id });
    await audit(tx, {
      actorId,
      action: 'create',
      tableName: 'employees',
      rowId: row!.id,
      after: await getEmployee(tx, kind, row!.id),
    });
    return getEmployee(tx, kind, row!.id);
  });
};

type EmployeeRecord = typeof employees.$inferSelect;

/** Step 1 of an update: the record, locked, and the checks that need it. */
const lockForUpdate = async (tx: Tx, kind: EmployeeKind, id: number, changes: EmployeeChanges) => {
  const [before] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.kind, kind)))
    .for('update');
  if (!before) throw notFound(`No such ${KIND_LABEL[kind]}.`);
  if (changes.employee_code !== undefined) await assertCodeFree(tx, changes.employee_code, id);
  if (changes.location !== undefined && changes.location !== before.locationId)
    await assertLocationUsable(tx, changes.location);
  return before;
};

/**
 * Step 2: which login the record ends up with — another one linked, a new one created, or the
 * same one following the person to a new location.
 */
const settleLogin = async (
  tx: Tx,
  kind: EmployeeKind,
  actorId: number,
  before: EmployeeRecord,
  changes: EmployeeChanges,
  account: PreparedAccount | undefined,
) => {
  const locationId = changes.location ?? before.locationId;
  if (changes.user !== undefined && changes.user !== before.userId) {
    if (changes.user !== null) await assertUserLinkable(tx, kind, changes.user, before.id);
    if (before.userId) await detachLogin(tx, kind, before.userId, before.locationId, before.id);
    if (changes.user) await attachLogin(tx, kind, changes.user, locationId);
    return changes.user;
  }
  if (account) {
    if (before.userId) throw fieldError('account', 'This employee already has a login.');
    return insertUserAccount(tx, {
      actorId,
      username: account.username,
      passwordHash: account.passwordHash,
      firstName: changes.first_name ?? before.firstName,
      lastName: changes.last_name ?? before.lastName,
      email: account.email,
      groups: [EMPLOYEE_KIND_GROUP[kind]],
      locations: [locationId],
    });
  }
  if (before.userId && locationId !== before.locationId) {
    // Moved to another branch: their workplace follows.
    await releaseLocation(tx, before.userId, before.locationId, before.id);
    await addUserLocations(tx, before.userId, [locationId]);
  }
  return before.userId;
};

/** Step 3 (after the write): the login's name follows the record; leaving or returning retires or revives it. */
const syncLogin = async (
  tx: Tx,
  actorId: number,
  before: EmployeeRecord,
  after: EmployeeRecord,
  changes: EmployeeChanges,
) => {
  const userId = after.userId;
  if (!userId) return;
  if (changes.first_name !== undefined || changes.last_name !== undefined) {
    await tx
      .update(users)
      .set({ firstName: after.firstName, lastName: after.lastName, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  if (userId !== before.userId) return;
  if (before.isActive && !after.isActive) {
    await releaseLocation(tx, userId, after.locationId, after.id);
    await retireLogin(tx, actorId, userId, after.id);
  }
  if (!before.isActive && after.isActive) {
    await addUserLocations(tx, userId, [after.locationId]);
    await reviveLogin(tx, actorId, userId);
  }
};

/** PUT sends every field, PATCH some: lock and check, settle the login, write, then keep the login in step. */
export const updateEmployee = async (
  db: Db,
  kind: EmployeeKind,
  actorId: number,
  id: number,
  changes: EmployeeChanges,
): Promise<Employee> => {
  if (changes.employee_code === '') throw fieldError('employee_code', 'Enter an employee code.');
  if (changes.account && changes.user) throw fieldError('account', BOTH_LOGINS);
  const target = checkTarget(kind, changes.monthly_target, false);
  const account = await prepareAccount(db, changes.account);
  return db.transaction(async (tx) => {
    const before = await lockForUpdate(tx, kind, id, changes);
    const auditBefore = await getEmployee(tx, kind, id);
    const userId = await settleLogin(tx, kind, actorId, before, changes, account);
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
        ...touched(actorId),
      })
      .where(eq(employees.id, id))
      .returning();
    await syncLogin(tx, actorId, before, after!, changes);
    await audit(tx, {
      actorId,
      action: 'update',
      tableName: 'employees',
      rowId: id,
      before: auditBefore,
      after: await getEmployee(tx, kind, id),
    });
    return getEmployee(tx, kind, id);
  });
};

/**
 * Deletes a record nothing refers to (no sales, arrivals, …); one with a history is deactivated
 * instead. Either way the login, if any, stops working (see retireLogin). Already inactive with a
 * history: 409.
 */
export const deleteEmployee = async (db: Db, kind: EmployeeKind, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await lockForUpdate(tx, kind, id, {});
    const auditBefore = await getEmployee(tx, kind, id);
    const name = `${before.firstName} ${before.lastName}`;
    const result = await deleteOrDeactivate(tx, {
      label: name,
      inUse: 'has recorded work',
      deleted: `${name} was removed from the ${KIND_LABEL[kind]}s.`,
      isActive: before.isActive,
      remove: (sp) => sp.delete(employees).where(eq(employees.id, id)),
      deactivate: () =>
        tx
          .update(employees)
          .set({ isActive: false, ...touched(actorId) })
          .where(eq(employees.id, id)),
    });
    if (before.userId) {
      if (result.result === 'deleted') await detachLogin(tx, kind, before.userId, before.locationId, id);
      else await releaseLocation(tx, before.userId, before.locationId, id);
      await retireLogin(tx, actorId, before.userId, id);
    }
    const after = result.result === 'deleted' ? null : await getEmployee(tx, kind, id);
    await audit(tx, {
      actorId,
      action: result.result === 'deleted' ? 'delete' : 'deactivate',
      tableName: 'employees',
      rowId: id,
      before: auditBefore,
      after,
    });
    return result;
  });
