import { inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MANAGER_GROUP } from '@ginhawa/contract';
import { isAdmin } from '../../plugins/auth';
import { forbidden } from '../../lib/http-error';
import type { AuthUser } from '../users/auth.service';

/**
 * Where a caller may act (DESIGN.md §3): Admins everywhere; Managers read every location and
 * write at their own; staff read and write at the locations they work at (user_locations).
 * Clients belong to the business, not a branch: every signed-in staff member reads any client and
 * that client's memberships, vouchers and arrivals (`CLIENTS_READ_BY_ALL`), and serves them at a
 * location they work at; `readScope` bounds the location figures (arrival counts, charts, lists not
 * about one client). A write at a location the caller does not work at answers 403
 * (docs/decisions/0400-clients.md, 0410-clients-belong-to-the-business.md).
 */
export type Scope = { all: true } | { all: false; locationIds: number[] };

export const readScope = (user: AuthUser): Scope =>
  isAdmin(user) || user.groups.includes(MANAGER_GROUP)
    ? { all: true }
    : { all: false, locationIds: user.locations.map((l) => l.id) };

/** Every staff member reads every client (decision 0410): the scope of client reads. */
export const CLIENTS_READ_BY_ALL: Scope = { all: true };

/** Managers export and change the clients whose home location is theirs; Admins all (decision 0410). */
export const writeScope = (user: AuthUser): Scope =>
  isAdmin(user) ? { all: true } : { all: false, locationIds: user.locations.map((l) => l.id) };

export const inScope = (scope: Scope, locationId: number) => scope.all || scope.locationIds.includes(locationId);

/** A WHERE condition: any of the columns holds a location in scope; undefined when unrestricted. */
export const scopeCondition = (scope: Scope, ...columns: AnyColumn[]): SQL | undefined => {
  if (scope.all) return undefined;
  if (scope.locationIds.length === 0) return sql`false`;
  return or(...columns.map((c) => inArray(c, scope.locationIds)));
};

export const assertWritable = (user: AuthUser, locationId: number, locationName: string) => {
  if (!inScope(writeScope(user), locationId))
    throw forbidden(`You do not work at ${locationName}, so you cannot record this there.`);
};
