import { asc, count, eq } from 'drizzle-orm';
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

const treatmentsInCategory: UsageCheck = async (db, categoryId) => {
  const where = eq(treatments.categoryId, categoryId);
  const [total] = await db.select({ n: count() }).from(treatments).where(where);
  if (!total?.n) return null;
  const rows = await db
    .select({ name: treatments.name })
    .from(treatments)
    .where(where)
    .orderBy(asc(treatments.name))
    .limit(SHOWN);
  return `it has ${plural(total.n, 'treatment')} (${nameList(
    rows.map((r) => r.name),
    total.n,
    SHOWN,
  )})`;
};

const membershipsIncludingTreatment: UsageCheck = async (db, treatmentId) => {
  const where = eq(membershipAllowedTreatments.treatmentId, treatmentId);
  const [total] = await db.select({ n: count() }).from(membershipAllowedTreatments).where(where);
  if (!total?.n) return null;
  const rows = await db
    .select({ name: memberships.name })
    .from(membershipAllowedTreatments)
    .innerJoin(memberships, eq(memberships.id, membershipAllowedTreatments.membershipId))
    .where(where)
    .orderBy(asc(memberships.name))
    .limit(SHOWN);
  return `included in ${plural(total.n, 'membership')} (${nameList(
    rows.map((r) => r.name),
    total.n,
    SHOWN,
  )})`;
};

const membershipsInCategory: UsageCheck = async (db, categoryId) => {
  const where = eq(membershipCategoryLinks.categoryId, categoryId);
  const [total] = await db.select({ n: count() }).from(membershipCategoryLinks).where(where);
  if (!total?.n) return null;
  const rows = await db
    .select({ name: memberships.name })
    .from(membershipCategoryLinks)
    .innerJoin(memberships, eq(memberships.id, membershipCategoryLinks.membershipId))
    .where(where)
    .orderBy(asc(memberships.name))
    .limit(SHOWN);
  return `${plural(total.n, 'membership is', 'memberships are')} listed under it (${nameList(
    rows.map((r) => r.name),
    total.n,
    SHOWN,
  )})`;
};

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
