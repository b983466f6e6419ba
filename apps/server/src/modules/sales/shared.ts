import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/http-error';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { inScope, workplaceScope } from '../../lib/scope';

/** Small helpers the reports module's services share (decision 0500): raw rows, the caller's locations. */

// Both drivers answer execute() with `{rows}`; the shared Db type leaves the result unknown.
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** json columns arrive parsed from node-postgres and PGlite alike; a string is parsed defensively. */
export const parseJson = <T>(value: T | string | null, fallback: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? fallback);

/**
 * How many sales to clients the lines `t` (an alias of `sales`) are: a walk-in visit paid partly by
 * its reservation's deposit is two lines and one sale (decision 0508, migration 0025's sale_key).
 * Every count of sales a person reads is this, never count(*) of lines.
 */
export const salesCount = (t = 's', filter?: SQL) =>
  sql<number>`count(distinct sale_key(${sql.raw(`${t}.kind, ${t}.reference, ${t}.id`)}))${filter ? sql` filter (where ${filter})` : sql``}::int`;

/** The cash a day's cash lines (`s`) put in the till: their net and the service charge paid on top (decision 0505). */
export const cashTaken = sql`coalesce(sum(s.net_amount + s.service_charge), 0)`;

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
  const scope = workplaceScope(decider);
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
