import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { membershipAllowedTreatments, membershipCategoryLinks, memberships, treatments } from '../../db/schema/index';
import { conflict } from '../../lib/http-error';
import { nameList, plural } from './common';

/**
 * What still refers to a catalogue row. Each check answers null (not used) or a phrase such as
 * "included in 2 memberships (Gold, Silver)". Areas built later (client memberships, vouchers,
 * arrivals) add their own check to the matching list, so deleting stays a 409 with a reason
 * instead of a bare foreign-key error. The foreign keys (ON DELETE RESTRICT) remain the backstop.
 */
export type UsageCheck = (db: DbOrTx, id: number) => Promise<string | null>;

const SHOWN = 3;

/**
 * The one "still in use?" check: rows whose `ref` column holds the id, named by `name` (a column of
 * the referring table, or of `join`'s table), counted, the first three by name, in `phrase`.
 */
const referredToBy =
  (
    ref: PgColumn,
    name: PgColumn,
    phrase: (total: number, names: string) => string,
    join?: { table: PgTable; on: SQL },
  ): UsageCheck =>
  async (db, id) => {
    const where = eq(ref, id);
    const [total] = await db.select({ n: count() }).from(ref.table).where(where);
    if (!total?.n) return null;
    let named = db.select({ name }).from(ref.table).$dynamic();
    if (join) named = named.innerJoin(join.table, join.on);
    const rows = await named.where(where).orderBy(asc(name)).limit(SHOWN);
    return phrase(
      total.n,
      nameList(
        rows.map((r) => String(r.name)),
        total.n,
        SHOWN,
      ),
    );
  };

const treatmentsInCategory = referredToBy(
  treatments.categoryId,
  treatments.name,
  (n, names) => `it has ${plural(n, 'treatment')} (${names})`,
);

const membershipsIncludingTreatment = referredToBy(
  membershipAllowedTreatments.treatmentId,
  memberships.name,
  (n, names) => `included in ${plural(n, 'membership')} (${names})`,
  { table: memberships, on: eq(memberships.id, membershipAllowedTreatments.membershipId) },
);

const membershipsInCategory = referredToBy(
  membershipCategoryLinks.categoryId,
  memberships.name,
  (n, names) => `${plural(n, 'membership is', 'memberships are')} listed under it (${names})`,
  { table: memberships, on: eq(memberships.id, membershipCategoryLinks.membershipId) },
);

export const treatmentCategoryUsages: UsageCheck[] = [treatmentsInCategory];
/** Later: client vouchers (client_treatments) and arrivals referring to the treatment. */
export const treatmentUsages: UsageCheck[] = [membershipsIncludingTreatment];
export const membershipCategoryUsages: UsageCheck[] = [membershipsInCategory];
/**
 * Later: client memberships sold from it. Its own category links and allowed treatments are part
 * of the membership and go with it.
 */
export const membershipUsages: UsageCheck[] = [];

/** Throws 409 naming every use, with what to do instead (`advice`). */
export const assertNotInUse = async (
  db: DbOrTx,
  checks: readonly UsageCheck[],
  id: number,
  subject: string,
  advice: string,
) => {
  const reasons: string[] = [];
  for (const check of checks) {
    const reason = await check(db, id);
    if (reason) reasons.push(reason);
  }
  if (reasons.length) throw conflict(`${subject} is in use: ${reasons.join('; ')}. ${advice}`);
};
