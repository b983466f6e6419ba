import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  EMPLOYEE_KIND_GROUP,
  MANAGER_GROUP,
  ADMIN_GROUP,
  type EmployeeChanges,
  type EmployeeInput,
  type EmployeeKind,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { employees, userGroups, groups, userLocations, users } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { audit } from '../../db/audit';
import { fieldError } from '../../lib/http-error';
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

/** The login that goes with an employee record: linking, creating, moving, retiring and reviving it. */

export const KIND_LABEL: Record<EmployeeKind, string> = {
  salesperson: 'salesperson',
  therapist: 'therapist',
  receptionist: 'receptionist',
};

/** An existing login may hold one record of each kind. */
export const assertUserLinkable = async (db: DbOrTx, kind: EmployeeKind, userId: number, exceptEmployeeId?: number) => {
  const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.id, userId));
  if (!user) throw fieldError('user', 'No such user.');
  await assertFree(db, employees, employees.userId, userId, {
    alsoWhere: eq(employees.kind, kind),
    except: exceptEmployeeId === undefined ? undefined : { column: employees.id, value: exceptEmployeeId },
    message: `This user already has a ${KIND_LABEL[kind]} record.`,
    field: 'user',
  });
};

export type PreparedAccount = { username: string; email: string; passwordHash: string };

/** Checks a new login's username and password before any transaction (hashing is slow). */
export const prepareAccount = async (
  db: Db,
  account: EmployeeInput['account'],
): Promise<PreparedAccount | undefined> => {
  if (!account) return undefined;
  await assertUsernameFree(db, account.username, 'account.username');
  assertPasswordAcceptable(account.password, account.username, 'account.password');
  return { username: account.username, email: account.email, passwordHash: await hashPassword(account.password) };
};

/** Puts a login in the kind's group and at the location, as hiring does. */
export const attachLogin = async (tx: Tx, kind: EmployeeKind, userId: number, locationId: number) => {
  await addUserToGroups(tx, userId, [EMPLOYEE_KIND_GROUP[kind]]);
  await addUserLocations(tx, userId, [locationId]);
  await accessChanged(tx, userId);
};

/** Undoes attachLogin for a record that goes away or is unlinked, keeping what other records still need. */
export const detachLogin = async (
  tx: Tx,
  kind: EmployeeKind,
  userId: number,
  locationId: number,
  employeeId: number,
) => {
  await removeUserFromGroup(tx, userId, EMPLOYEE_KIND_GROUP[kind]);
  await releaseLocation(tx, userId, locationId, employeeId);
  await accessChanged(tx, userId);
};

/** Drops the user's link to a location unless another of their active records is there. */
export const releaseLocation = async (tx: Tx, userId: number, locationId: number, employeeId: number) => {
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
export const retireLogin = async (tx: Tx, actorId: number, userId: number, employeeId: number) => {
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
export const reviveLogin = async (tx: Tx, actorId: number, userId: number) => {
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

export type EmployeeRecord = typeof employees.$inferSelect;

/**
 * Step 2: which login the record ends up with — another one linked, a new one created, or the
 * same one following the person to a new location.
 */
export const settleLogin = async (
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
export const syncLogin = async (
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
