import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ADMIN_GROUP, BUSINESS_TIME_ZONE, MANAGER_GROUP } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { isAdmin, type AuthUser } from '../../lib/actor';

/** Small helpers the reports module's services share (decision 0500): raw rows, Manila dates, the caller's locations. */

// Both drivers answer execute() with `{rows}`; the shared Db type leaves the result unknown.
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** json columns arrive parsed from node-postgres and PGlite alike; a string is parsed defensively. */
export const parseJson = <T>(value: T | string | null, fallback: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? fallback);

/** Today's date in Manila, the business's day. */
export const manilaDate = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);

const pad = (n: number) => String(n).padStart(2, '0');

/** The Manila dates a cutoff covers: 1 = days 1–15, 2 = 16–last day, 0 = the whole month. */
export const periodOf = (year: number, month: number, cutoff: number) => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    from: `${year}-${pad(month)}-${pad(cutoff === 2 ? 16 : 1)}`,
    to: `${year}-${pad(month)}-${pad(cutoff === 1 ? 15 : last)}`,
  };
};

/** The cutoff (1 or 2) a Manila date falls in. */
export const cutoffOf = (date: string) => (Number(date.slice(8, 10)) <= 15 ? 1 : 2);

/** Where a caller reads and writes location-bound figures: Admins everywhere, everyone else where they work. */
export type Scope = { all: true } | { all: false; locationIds: number[] };
export const scopeOf = (user: AuthUser): Scope =>
  isAdmin(user) ? { all: true } : { all: false, locationIds: user.locations.map((l) => l.id) };
export const inScope = (scope: Scope, locationId: number) => scope.all || scope.locationIds.includes(locationId);
export const scopeWhere = (scope: Scope, column: SQL | AnyColumn): SQL | undefined => {
  if (scope.all) return undefined;
  if (scope.locationIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.locationIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
};
export const isManager = (user: AuthUser) => isAdmin(user) || user.groups.includes(MANAGER_GROUP);

/**
 * Who decides a request covering these locations: active Admins, and the active Managers of every
 * one of them (a Manager of only some cannot decide it, decision 0710, so is not asked).
 */
export const approversOf = async (db: DbOrTx, locationIds: number[]) => {
  const wanted = [...new Set(locationIds)];
  // A request without a location (none today) would go to the Admins alone.
  const managers = wanted.length
    ? sql`${wanted.length} = (select count(distinct ul.location_id) from user_locations ul where ul.user_id = u.id and ul.location_id in (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : sql`false`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
        where u.is_active and (g.name = ${ADMIN_GROUP} or (g.name = ${MANAGER_GROUP} and ${managers}))`,
  );
  return rows.map((r) => Number(r.id));
};

/**
 * 403 unless the decider may act at every location a request covers, as their access stands now
 * (Admins everywhere, Managers where they work): a request spanning branches is decided by an
 * Admin or a Manager of all of them (decision 0710).
 */
export const assertDecidesAll = async (db: DbOrTx, decider: AuthUser, locationIds: number[]) => {
  const scope = scopeOf(decider);
  const outside = [...new Set(locationIds)].filter((id) => !inScope(scope, id));
  if (!outside.length) return;
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select name from locations where id in (${sql.join(
      outside.map((id) => sql`${id}`),
      sql`, `,
    )}) order by lower(name)`,
  );
  throw forbidden(
    `This request covers ${names.map((n) => n.name).join(', ') || 'a location'}, which you do not manage: it is left for an administrator or a manager of every location it covers.`,
  );
};
