import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_GROUP,
  USER_DIRECTORY_ORDERING,
  type AdminUser,
  type DeleteResult,
  type GroupName,
  type GroupWithCount,
} from '@ginhawa/contract';
import type { UserChanges, UserCreateInput, UserQuery } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog, groups, locations, userGroups, userLocations, users } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { audit, auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { conflict, fieldError, fieldsError, notFound } from '../../lib/http-error';
import { iso, isoOrNull } from '../../lib/iso';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { publish } from '../../plugins/bus';
import { groupNames, personColumns, personFields } from '../../db/actors';
import { endAllSessions } from './auth.service';
import { deleteFileByUrl } from '../files/index';
import { hashPassword, passwordProblems } from './passwords';

const usersAudit = auditTrail('users');

// ——— accounts administration (Admin; Managers read) ———————————————————————————————

// Qualified by hand: drizzle leaves columns unqualified in single-table selects.
const userLocationIds = sql<
  number[]
>`coalesce((select array_agg(l.id order by l.name, l.id) from user_locations ul join locations l on l.id = ul.location_id where ul.user_id = "users"."id"), '{}')`;
const userLocationNames = sql<
  string[]
>`coalesce((select array_agg(l.name order by l.name, l.id) from user_locations ul join locations l on l.id = ul.location_id where ul.user_id = "users"."id"), '{}')`;

const adminUserColumns = {
  ...personColumns,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  mustChangePassword: users.mustChangePassword,
  groups: groupNames,
  locations: userLocationIds,
  locationNames: userLocationNames,
};
type AdminUserRow = Omit<NonNullable<Awaited<ReturnType<typeof findAdminUserRow>>>, 'total'>;

const toAdminUser = (r: AdminUserRow): AdminUser => ({
  ...personFields(r),
  is_active: r.isActive,
  groups: r.groups,
  locations: r.locations.map(Number),
  location_names: r.locationNames,
  last_login: isoOrNull(r.lastLogin),
  date_joined: iso(r.createdAt),
  must_change_password: r.mustChangePassword,
});

const findAdminUserRow = async (db: DbOrTx, id: number) => {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  return row ?? null;
};

export const getAdminUser = async (db: DbOrTx, id: number): Promise<AdminUser> => {
  const row = await findAdminUserRow(db, id);
  if (!row) throw notFound('No such user.');
  return toAdminUser(row);
};

/** Non-admins read the directory view: they may neither sort nor search by what it hides. */
export const listUsers = async (db: Db, query: UserQuery, url: string, viewer = { admin: true }) => {
  const hidden = viewer.admin
    ? undefined
    : query.ordering?.find((part) => !(USER_DIRECTORY_ORDERING as readonly string[]).includes(part.replace(/^-/, '')));
  if (hidden) throw fieldError('ordering', `Order by one of: ${USER_DIRECTORY_ORDERING.join(', ')}.`);
  const conditions: (SQL | undefined)[] = [];
  if (query.is_active !== undefined) conditions.push(eq(users.isActive, query.is_active));
  if (query.group) {
    conditions.push(
      sql`exists (select 1 from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = ${users.id} and g.name = ${query.group})`,
    );
  }
  if (query.location)
    conditions.push(
      sql`exists (select 1 from user_locations ul where ul.user_id = ${users.id} and ul.location_id = ${query.location})`,
    );
  conditions.push(
    searchWhere(query.search, [
      users.username,
      users.firstName,
      users.lastName,
      viewer.admin && users.email,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
    ]),
  );
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...adminUserColumns, total: totalRows })
        .from(users)
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      username: lower(users.username),
      first_name: lower(users.firstName),
      last_name: lower(users.lastName),
      email: lower(users.email),
      is_active: users.isActive,
      last_login: users.lastLogin,
      date_joined: users.createdAt,
      id: users.id,
    },
    defaultOrder: [lower(users.username)],
    tieBreaker: users.id,
    toItem: toAdminUser,
  });
};

export const listGroupsWithCounts = async (db: Db): Promise<GroupWithCount[]> => {
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      userCount: sql<number>`(select count(*)::int from user_groups ug join users u on u.id = ug.user_id where ug.group_id = "groups"."id" and u.is_active)`,
    })
    .from(groups)
    .orderBy(asc(groups.id));
  return rows.map((r) => ({ id: r.id, name: r.name, user_count: Number(r.userCount) }));
};

/** 409 naming `field` when the username is taken (case-insensitive) by someone other than `exceptId`. */
export const assertUsernameFree = (db: DbOrTx, username: string, field: string, exceptId?: number) =>
  assertFree(db, users, users.username, username, {
    caseInsensitive: true,
    except: exceptId === undefined ? undefined : { column: users.id, value: exceptId },
    message: 'A user with this username already exists.',
    field,
  });

/** 400 naming `field` when the password breaks the rules (passwords.ts). */
export const assertPasswordAcceptable = (password: string, username: string, field: string) => {
  const problems = passwordProblems(password, username);
  if (problems.length) throw fieldsError({ [field]: problems });
};

const groupIdsByName = async (db: DbOrTx, names: readonly string[]) => {
  if (!names.length) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.name, [...names]));
  return rows.map((r) => r.id);
};

export const addUserToGroups = async (db: DbOrTx, userId: number, names: readonly GroupName[]) => {
  const ids = await groupIdsByName(db, names);
  if (ids.length)
    await db
      .insert(userGroups)
      .values(ids.map((groupId) => ({ userId, groupId })))
      .onConflictDoNothing();
};

export const removeUserFromGroup = async (db: DbOrTx, userId: number, name: GroupName) => {
  await db
    .delete(userGroups)
    .where(
      and(eq(userGroups.userId, userId), sql`${userGroups.groupId} = (select id from groups where name = ${name})`),
    );
};

export const addUserLocations = async (db: DbOrTx, userId: number, locationIds: number[]) => {
  if (locationIds.length)
    await db
      .insert(userLocations)
      .values(locationIds.map((locationId) => ({ userId, locationId })))
      .onConflictDoNothing();
};

/**
 * Creates a login inside the caller's transaction (the password is already hashed), audited. An
 * Admin chose its password, so the person chooses their own at first sign-in (decision 0017).
 */
export const insertUserAccount = async (
  tx: DbOrTx,
  input: {
    actorId: number;
    username: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    email: string;
    isActive?: boolean;
    groups: readonly GroupName[];
    locations: number[];
  },
) => {
  const [row] = await tx
    .insert(users)
    .values({
      username: input.username,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      isActive: input.isActive ?? true,
      mustChangePassword: true,
    })
    .returning();
  await addUserToGroups(tx, row!.id, input.groups);
  await addUserLocations(tx, row!.id, input.locations);
  await audit(tx, {
    actorId: input.actorId,
    action: 'create',
    tableName: 'users',
    rowId: row!.id,
    after: await getAdminUser(tx, row!.id),
  });
  return row!.id;
};

const dedupe = <T>(values: readonly T[]) => [...new Set(values)];

/**
 * Every location named exists, and one newly given is active: a deactivated branch is given to
 * nobody, as no one is hired there (employees). One the user already holds stays theirs, so an edit
 * that resends their locations is not refused for a branch closed since.
 */
const assertLocationIds = async (db: DbOrTx, ids: number[], held: readonly number[] = []) => {
  if (!ids.length) return;
  const rows = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(inArray(locations.id, ids));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw fieldError('locations', `No such location: ${missing.join(', ')}.`);
  const closed = rows.find((r) => !r.isActive && !held.includes(r.id));
  if (closed) throw fieldError('locations', `${closed.name} is inactive. Choose an active location.`);
};

export const createUser = async (db: Db, actorId: number, input: UserCreateInput): Promise<AdminUser> => {
  await assertUsernameFree(db, input.username, 'username');
  assertPasswordAcceptable(input.password, input.username, 'password');
  const locationIds = dedupe(input.locations);
  await assertLocationIds(db, locationIds);
  // Hashing is slow, so it happens before the transaction; a username taken meanwhile is users_username_lower_idx's 409.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const id = await insertUserAccount(tx, {
      actorId,
      username: input.username,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      isActive: input.is_active,
      groups: dedupe(input.groups),
      locations: locationIds,
    });
    return getAdminUser(tx, id);
  });
};

const lockUser = async (tx: DbOrTx, id: number) => {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound('No such user.');
  return getAdminUser(tx, id);
};

/** What an update must not do: take a used username, lock the acting admin out, name unknown or newly inactive locations. */
const checkUserChanges = async (
  tx: DbOrTx,
  actorId: number,
  id: number,
  changes: UserChanges,
  held: readonly number[],
) => {
  if (changes.username !== undefined) await assertUsernameFree(tx, changes.username, 'username', id);
  // The acting admin is always an active admin, so refusing to demote oneself keeps at least one.
  if (id === actorId && changes.is_active === false) throw conflict('You cannot deactivate your own account.');
  if (id === actorId && changes.groups && !changes.groups.includes(ADMIN_GROUP))
    throw conflict('You cannot remove yourself from the Admin group.');
  if (changes.locations) await assertLocationIds(tx, dedupe(changes.locations), held);
};

/** Groups or locations of this user changed (in this transaction): open sockets reconnect as they are now. */
export const accessChanged = (tx: DbOrTx, userId: number) => publish(tx, { t: 'access', user: userId });

const differs = <T>(given: readonly T[] | undefined, held: readonly T[]) =>
  given !== undefined && (new Set(given).size !== held.length || given.some((v) => !held.includes(v)));

/**
 * Groups and locations are replaced as sets when given. Open sockets reconnect (`access`) only
 * when a set really changes: a PUT resends both, and an unchanged one must not drop the sockets.
 */
const replaceMemberships = async (
  tx: DbOrTx,
  id: number,
  changes: UserChanges,
  held: Pick<AdminUser, 'groups' | 'locations'>,
) => {
  if (differs(changes.groups, held.groups) || differs(changes.locations, held.locations)) await accessChanged(tx, id);
  if (changes.groups) {
    await tx.delete(userGroups).where(eq(userGroups.userId, id));
    await addUserToGroups(tx, id, dedupe(changes.groups));
  }
  if (changes.locations) {
    await tx.delete(userLocations).where(eq(userLocations.userId, id));
    await addUserLocations(tx, id, dedupe(changes.locations));
  }
};

/** PUT sends every field but the password, PATCH some: both land here with the fields to change. */
export const updateUser = async (db: Db, actorId: number, id: number, changes: UserChanges): Promise<AdminUser> =>
  db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    await checkUserChanges(tx, actorId, id, changes, before.locations);
    await tx
      .update(users)
      .set({
        username: changes.username,
        firstName: changes.first_name,
        lastName: changes.last_name,
        email: changes.email,
        isActive: changes.is_active,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    await replaceMemberships(tx, id, changes, before);
    // A deactivated person is signed out everywhere at once.
    if (changes.is_active === false && before.is_active) await endAllSessions(tx, id);
    return usersAudit.changed(tx, actorId, id, before, await getAdminUser(tx, id));
  });

/**
 * Deletes an account that never did anything (no audit trail as actor, nothing refers to it).
 * Anyone with a history (a sign-in counts) is deactivated instead, so the record of who did what stays whole.
 */
export const deleteUser = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (id === actorId) throw conflict('You cannot delete your own account.');
    const [acted] = await tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.actorId, id)).limit(1);
    const result = await deleteOrDeactivate(tx, {
      label: `User “${before.username}”`,
      inUse: 'has a history',
      isActive: before.is_active,
      knownInUse: Boolean(acted),
      remove: async (sp) => {
        await sp.delete(users).where(eq(users.id, id));
        await deleteFileByUrl(sp, before.avatar);
      },
      deactivate: async () => {
        await tx
          .update(users)
          .set({ isActive: false, updatedAt: sql`now()` })
          .where(eq(users.id, id));
        await endAllSessions(tx, id);
      },
    });
    const after = result.result === 'deleted' ? null : await getAdminUser(tx, id);
    return usersAudit.removed(tx, actorId, id, result, before, after);
  });
