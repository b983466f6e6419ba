import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../plugins/auth';
import type { AuthUser } from '../users/auth.service';

/** Small helpers the reports module's services share (decision 0500): raw rows, the caller's locations. */

// Both drivers answer execute() with `{rows}`; the shared Db type leaves the result unknown.
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** json columns arrive parsed from node-postgres and PGlite alike; a string is parsed defensively. */
export const parseJson = <T>(value: T | string | null, fallback: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? fallback);

export const isManager = (user: AuthUser) => isAdmin(user) || user.groups.includes(MANAGER_GROUP);

/** Active Admins, and the active Managers of these locations: who decides a location's requests. */
export const approversOf = async (db: DbOrTx, locationIds: number[]) => {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
        where u.is_active and (g.name = ${ADMIN_GROUP} or (g.name = ${MANAGER_GROUP} and exists (
          select 1 from user_locations ul where ul.user_id = u.id and ul.location_id in (${sql.join(
            locationIds.map((id) => sql`${id}`),
            sql`, `,
          )}))))`,
  );
  return rows.map((r) => Number(r.id));
};
