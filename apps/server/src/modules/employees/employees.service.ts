import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  EMPLOYEE_CODE_PREFIX,
  EMPLOYEE_DIRECTORY_ORDERING,
  EMPLOYEE_KIND_GROUP,
  type DeleteResult,
  type Employee,
  type EmployeeKind,
} from '@ginhawa/contract';
import type { EmployeeChanges, EmployeeInput, EmployeeQuery } from '@ginhawa/contract';
import type { Db, DbOrTx, Tx, SelectRow } from '../../db/client';
import { employees, locations, users } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import {
  KIND_LABEL,
  assertUserLinkable,
  attachLogin,
  detachLogin,
  prepareAccount,
  releaseLocation,
  retireLogin,
  settleLogin,
  syncLogin,
} from './employee-logins.service';
import { insertUserAccount } from '../users/index';
import { paidInPayRuns } from '../payroll/index';
import { bookingsAhead, clockOutOnLeaving, lockFloorsBeforeLeaving } from '../floor/index';

const employeesAudit = auditTrail('employees');

/**
 * Who is reading a list: an Admin may find people by phone number or username and sort by any
 * field; everyone else reads the directory (docs/decisions/0011), so searching or sorting by a
 * field the directory hides would reveal it and is not offered.
 */
export type Viewer = { admin: boolean };

const DIRECTORY_ORDERING = new Set<string>(EMPLOYEE_DIRECTORY_ORDERING);

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
type Row = SelectRow<typeof baseSelect>;
/** The whole record; the routes cut it down to the directory entry for callers who may not see it all. */
const toEmployee = (r: Row): Employee => ({
  ...toSnake(r, { userId: 'user', locationId: 'location' }),
  kind: r.kind as EmployeeKind,
  full_name: `${r.firstName} ${r.lastName}`,
  ...isoStamps(r),
});

/** Body fields with a column of their own; the login (`user`, `account`) and the target are settled apart. */
const toColumns = <T extends EmployeeChanges>({
  user: _user,
  account: _account,
  monthly_target: _target,
  ...fields
}: T) => toCamel(fields, { location: 'locationId' });

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
  conditions.push(
    searchWhere(
      query.search,
      [
        employees.firstName,
        employees.lastName,
        sql`${employees.firstName} || ' ' || ${employees.lastName}`,
        employees.employeeCode,
        // Only people who may see usernames and numbers may find by them.
        viewer.admin && users.username,
      ],
      { phone: viewer.admin && employees.phone },
    ),
  );
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
        ...toColumns(input),
        kind,
        userId,
        employeeCode: input.employee_code || (await nextCode(tx, kind)),
        monthlyTarget: target,
        ...createdBy(actorId),
      })
      .returning({ id: employees.id });
    return employeesAudit.created(tx, actorId, row!.id, await getEmployee(tx, kind, row!.id));
  });
};

type FloorChange = Pick<EmployeeChanges, 'location' | 'is_active'>;

/** Whether a change takes someone off their branch's floor: a move, or deactivating one active (decision 0204). */
const leaves = (row: { locationId: number; isActive: boolean }, changes: FloorChange) =>
  (changes.location !== undefined && changes.location !== row.locationId) ||
  (row.isActive && changes.is_active === false);

/**
 * Step 0 of a change that may take someone off the floor: the floor locks of their branch and of
 * the one they move to, before their row (lockForUpdate), the order the desk takes them in
 * (decision 0204). Read unlocked: should a second admin move them in between, the clock-out takes
 * the lock it then needs after the row, as before.
 */
const lockFloorsFirst = async (tx: Tx, kind: EmployeeKind, id: number, changes: FloorChange) => {
  if (kind === 'salesperson') return;
  const [row] = await tx
    .select({ locationId: employees.locationId, isActive: employees.isActive })
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.kind, kind)));
  if (!row || !leaves(row, changes)) return;
  await lockFloorsBeforeLeaving(tx, id, [row.locationId, changes.location ?? row.locationId]);
};

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
 * Before someone moves to another branch or leaves (decision 0204): a therapist with bookings still
 * to come is refused until those bookings have another therapist or are cancelled, else clients
 * arrive for someone not there; an open shift is clocked out, else the board keeps them next in the
 * rotation for clients the desk cannot give them.
 */
const leaveFloor = async (
  tx: Tx,
  kind: EmployeeKind,
  actorId: number,
  row: { id: number; firstName: string; lastName: string },
) => {
  if (kind === 'salesperson') return;
  const name = `${row.firstName} ${row.lastName}`;
  const ahead = kind === 'therapist' ? await bookingsAhead(tx, row.id) : null;
  if (ahead)
    throw conflict(`${name} has ${ahead}. Give them to another therapist or cancel them on the floor board first.`);
  await clockOutOnLeaving(tx, actorId, { id: row.id, name });
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
    await lockFloorsFirst(tx, kind, id, changes);
    const before = await lockForUpdate(tx, kind, id, changes);
    if (leaves(before, changes)) await leaveFloor(tx, kind, actorId, before);
    const auditBefore = await getEmployee(tx, kind, id);
    const userId = await settleLogin(tx, kind, actorId, before, changes, account);
    const [after] = await tx
      .update(employees)
      .set({
        ...toColumns(changes),
        userId,
        monthlyTarget: target ?? undefined,
        ...touched(actorId),
      })
      .where(eq(employees.id, id))
      .returning();
    await syncLogin(tx, actorId, before, after!, changes);
    return employeesAudit.changed(tx, actorId, id, auditBefore, await getEmployee(tx, kind, id));
  });
};

/**
 * Deletes a record nothing refers to (no sales, arrivals, …); one with a history is deactivated
 * instead. Either way the login, if any, stops working (see retireLogin). Already inactive with a
 * history: 409.
 */
export const deleteEmployee = async (db: Db, kind: EmployeeKind, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    // Deleting an active record takes them off the floor as deactivating does.
    await lockFloorsFirst(tx, kind, id, { is_active: false });
    const before = await lockForUpdate(tx, kind, id, {});
    if (before.isActive) await leaveFloor(tx, kind, actorId, before);
    const auditBefore = await getEmployee(tx, kind, id);
    const name = `${before.firstName} ${before.lastName}`;
    const result = await deleteOrDeactivate(tx, {
      label: name,
      inUse: 'has recorded work',
      deleted: `${name} was removed from the ${KIND_LABEL[kind]}s.`,
      isActive: before.isActive,
      knownInUse: await paidInPayRuns(tx, id),
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
    return employeesAudit.removed(tx, actorId, id, result, auditBefore, after);
  });
