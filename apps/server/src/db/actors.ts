// Who a person is, as every view of a user and every check of an actor reads it. Here in db/ so
// the users module and the notifications module (which re-reads a decider) share it without an
// import cycle between them (docs/architecture.md "Boundaries").
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { users } from './schema/index';
import type { AuthUser } from '../lib/actor';

// Qualified by hand: drizzle leaves columns unqualified in single-table selects.
export const groupNames = sql<
  string[]
>`coalesce((select array_agg(g.name order by g.id) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = "users"."id"), '{}')`;

const locationList = sql<
  { id: number; name: string }[]
>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name) from user_locations ul join locations l on l.id = ul.location_id where ul.user_id = "users"."id"), '[]'::json)`;

/** Who a person is: the columns every view of a user starts with (sign-in, profile, admin list). */
export const personColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatar: users.avatar,
};
type Person = Pick<AuthUser, keyof typeof personColumns>;

/** The same fields as the API spells them, for every response that describes a user. */
export const personFields = (p: Person) => ({
  id: p.id,
  username: p.username,
  first_name: p.firstName,
  last_name: p.lastName,
  email: p.email,
  avatar: p.avatar,
});

export const authUserColumns = {
  ...personColumns,
  groups: groupNames,
  locations: locationList,
  mustChangePassword: users.mustChangePassword,
};

/**
 * A person as they stand now (groups and workplaces read again), or undefined once deactivated or
 * gone. A decision is checked against this, not against the copy a socket took at sign-in: a
 * Manager moved to another branch decides as they stand (docs/decisions/0710-trust-api.md).
 */
export const currentAuthUser = async (db: DbOrTx, id: number): Promise<AuthUser | undefined> => {
  const [row] = await db
    .select({ ...authUserColumns, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id));
  if (!row?.isActive) return undefined;
  const { isActive: _active, ...user } = row;
  return user;
};
