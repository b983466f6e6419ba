import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isAdmin, type AuthUser } from './actor';

/**
 * Where a caller may act, by location (docs/product.md §6): everywhere, or
 * at a list of locations. Modules decide who gets which scope for what (the clients module's
 * readScope/writeScope, the reports' workplaceScope); this is the one shape and the one WHERE.
 */
export type Scope = { all: true } | { all: false; locationIds: number[] };

export const EVERYWHERE: Scope = { all: true };

/** Admins everywhere; everyone else at the locations they work at (user_locations). */
export const workplaceScope = (user: Pick<AuthUser, 'groups' | 'locations'>): Scope =>
  isAdmin(user) ? EVERYWHERE : { all: false, locationIds: user.locations.map((l) => l.id) };

export const inScope = (scope: Scope, locationId: number) => scope.all || scope.locationIds.includes(locationId);

/** A WHERE condition: any of the columns holds a location in scope; undefined when unrestricted. */
export const scopeWhere = (scope: Scope, ...columns: (AnyColumn | SQL)[]): SQL | undefined => {
  if (scope.all) return undefined;
  if (scope.locationIds.length === 0) return sql`false`;
  const ids = sql.join(
    scope.locationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const conditions = columns.map((column) => sql`${column} in (${ids})`);
  return conditions.length === 1 ? conditions[0] : or(...conditions);
};
