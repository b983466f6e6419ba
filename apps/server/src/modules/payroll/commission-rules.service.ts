import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  commissionRuleProblems,
  fieldErrors,
  formatPeso,
  type CommissionRule,
  type CommissionRuleChanges,
  type CommissionRuleInput,
  type CommissionRuleQuery,
  type DeleteResult,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx, SelectRow } from '../../db/client';
import {
  commissionRules,
  locations,
  membershipCategories,
  payRunLines,
  memberships,
  treatmentCategories,
  treatments,
} from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { listPage, totalRows } from '../../lib/list';
import { deleteUnlessReferenced } from '../../lib/delete';
import { createdBy, touched } from '../../lib/tracked';
import type { AuthUser } from '../../lib/actor';

/** Commission rules (docs/api.md "Pay runs"; decision 0800): effective-dated, Admins write. */

const r = commissionRules;
const rulesAudit = auditTrail('commission_rules');
const next = alias(commissionRules, 'next_rule');

/** The same role, payment, target and location as `r` (nulls equal): rules that follow one another in time. */
const sameTarget = and(
  eq(next.role, r.role),
  eq(next.appliesTo, r.appliesTo),
  sql`${next.treatmentId} is not distinct from ${r.treatmentId}`,
  sql`${next.treatmentCategoryId} is not distinct from ${r.treatmentCategoryId}`,
  sql`${next.membershipId} is not distinct from ${r.membershipId}`,
  sql`${next.membershipCategoryId} is not distinct from ${r.membershipCategoryId}`,
  sql`${next.locationId} is not distinct from ${r.locationId}`,
);
const effectiveTo = sql<
  string | null
>`(select (min(${next.effectiveFrom}) - 1)::text from commission_rules as next_rule where ${sameTarget} and ${next.effectiveFrom} > ${r.effectiveFrom})`;

const columns = {
  id: r.id,
  role: r.role,
  appliesTo: r.appliesTo,
  treatment: r.treatmentId,
  treatmentName: treatments.name,
  treatmentCategory: r.treatmentCategoryId,
  treatmentCategoryName: treatmentCategories.name,
  membership: r.membershipId,
  membershipName: memberships.name,
  membershipCategory: r.membershipCategoryId,
  membershipCategoryName: membershipCategories.name,
  kind: r.kind,
  basis: r.basis,
  value: r.value,
  location: r.locationId,
  locationName: locations.name,
  effectiveFrom: r.effectiveFrom,
  effectiveTo,
  notes: r.notes,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
};

const selectRules = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...columns, ...(extra as E) })
    .from(r)
    .leftJoin(treatments, eq(treatments.id, r.treatmentId))
    .leftJoin(treatmentCategories, eq(treatmentCategories.id, r.treatmentCategoryId))
    .leftJoin(memberships, eq(memberships.id, r.membershipId))
    .leftJoin(membershipCategories, eq(membershipCategories.id, r.membershipCategoryId))
    .leftJoin(locations, eq(locations.id, r.locationId));
type Row = SelectRow<typeof selectRules<Record<never, never>>>;

const targetLabel = (row: Row) =>
  row.treatmentName ??
  (row.treatmentCategoryName !== null ? `Category: ${row.treatmentCategoryName}` : null) ??
  (row.membershipName !== null ? `Membership: ${row.membershipName}` : null) ??
  (row.membershipCategoryName !== null ? `Membership category: ${row.membershipCategoryName}` : null) ??
  'Everything';

/** The columns under their API names; what is more than a rename: the unions, the label, the stamps. */
const toRule = (row: Row): CommissionRule => ({
  ...toSnake(row),
  role: row.role as CommissionRule['role'],
  applies_to: row.appliesTo as CommissionRule['applies_to'],
  target_label: targetLabel(row),
  kind: row.kind as CommissionRule['kind'],
  basis: row.basis as CommissionRule['basis'],
  ...isoStamps(row),
});

/** "10.00% of paid price", "₱150.00 per service": how a line names the rule it was computed with. */
export const ruleLabelOf = (rule: Pick<CommissionRule, 'kind' | 'value' | 'basis' | 'role' | 'applies_to'>) => {
  if (rule.applies_to === 'requested_bonus') return `Requested bonus ${formatPeso(rule.value)}`;
  if (rule.kind === 'fixed') return `${formatPeso(rule.value)} per ${rule.role === 'therapist' ? 'service' : 'sale'}`;
  return `${rule.value}% of ${rule.role === 'therapist' ? rule.basis.replace('_', ' ') : 'net amount'}`;
};

const inForceOn = (day: string) =>
  and(
    sql`${r.effectiveFrom} <= ${day}`,
    sql`not exists (select 1 from commission_rules as next_rule where ${sameTarget} and ${next.effectiveFrom} > ${r.effectiveFrom} and ${next.effectiveFrom} <= ${day})`,
  );

export const listRules = async (db: Db, query: CommissionRuleQuery, url: string) =>
  listPage(url, query, {
    select: () => selectRules(db, { total: totalRows }).$dynamic(),
    where: and(
      query.role ? eq(r.role, query.role) : undefined,
      query.applies_to ? eq(r.appliesTo, query.applies_to) : undefined,
      query.location ? eq(r.locationId, query.location) : undefined,
      query.treatment ? eq(r.treatmentId, query.treatment) : undefined,
      query.treatment_category ? eq(r.treatmentCategoryId, query.treatment_category) : undefined,
      query.membership ? eq(r.membershipId, query.membership) : undefined,
      query.membership_category ? eq(r.membershipCategoryId, query.membership_category) : undefined,
      query.in_force_on ? inForceOn(query.in_force_on) : undefined,
      query.search
        ? sql`coalesce(${treatments.name}, ${treatmentCategories.name}, ${memberships.name}, ${membershipCategories.name}, 'Everything') ilike ${`%${query.search}%`}`
        : undefined,
    ),
    orderBy: {
      effective_from: r.effectiveFrom,
      role: r.role,
      kind: r.kind,
      value: r.value,
      created_at: r.createdAt,
      id: r.id,
    },
    defaultOrder: [asc(r.role), desc(r.effectiveFrom)],
    tieBreaker: r.id,
    toItem: toRule,
  });

export const getRule = async (db: DbOrTx, id: number): Promise<CommissionRule> => {
  const [row] = await selectRules(db).where(eq(r.id, id));
  if (!row) throw notFound('No such commission rule.');
  return toRule(row);
};

const toColumns = (v: CommissionRuleChanges) => ({
  role: v.role,
  appliesTo: v.applies_to,
  treatmentId: v.treatment,
  treatmentCategoryId: v.treatment_category,
  membershipId: v.membership,
  membershipCategoryId: v.membership_category,
  kind: v.kind,
  basis: v.basis,
  value: v.value,
  locationId: v.location,
  effectiveFrom: v.effective_from,
  notes: v.notes,
});

/** The whole rule as it would be stored is checked across fields, and for a rule already starting that day. */
const checkRule = async (tx: Tx, rule: CommissionRuleInput, exceptId?: number) => {
  const problems = commissionRuleProblems(rule);
  if (Object.keys(problems).length) {
    const body = fieldErrors(problems);
    throw new HttpError(400, body.message, body.errors);
  }
  const [clash] = await tx
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.role, rule.role),
        eq(r.appliesTo, rule.applies_to),
        sql`${r.treatmentId} is not distinct from ${rule.treatment}::int`,
        sql`${r.treatmentCategoryId} is not distinct from ${rule.treatment_category}::int`,
        sql`${r.membershipId} is not distinct from ${rule.membership}::int`,
        sql`${r.membershipCategoryId} is not distinct from ${rule.membership_category}::int`,
        sql`${r.locationId} is not distinct from ${rule.location}::int`,
        eq(r.effectiveFrom, rule.effective_from),
        exceptId === undefined ? undefined : sql`${r.id} <> ${exceptId}`,
      ),
    );
  if (clash) {
    const message = `Rule #${clash.id} for this role, target and location already starts on ${rule.effective_from}; edit it, or choose another effective date.`;
    throw conflict(message, { effective_from: [message] });
  }
};

export const createRule = async (db: Db, actorId: number, input: CommissionRuleInput): Promise<CommissionRule> =>
  db.transaction(async (tx) => {
    await checkRule(tx, input);
    const [row] = await tx
      .insert(r)
      .values({ ...toColumns(input), ...createdBy(actorId) } as typeof r.$inferInsert)
      .returning({ id: r.id });
    return rulesAudit.created(tx, actorId, row!.id, await getRule(tx, row!.id));
  });

export const updateRule = async (
  db: Db,
  actorId: number,
  id: number,
  changes: CommissionRuleChanges,
): Promise<CommissionRule> =>
  db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: r.id }).from(r).where(eq(r.id, id)).for('update');
    if (!locked) throw notFound('No such commission rule.');
    const before = await getRule(tx, id);
    const merged: CommissionRuleInput = {
      role: changes.role ?? before.role,
      applies_to: changes.applies_to ?? before.applies_to,
      treatment: changes.treatment !== undefined ? changes.treatment : before.treatment,
      treatment_category:
        changes.treatment_category !== undefined ? changes.treatment_category : before.treatment_category,
      membership: changes.membership !== undefined ? changes.membership : before.membership,
      membership_category:
        changes.membership_category !== undefined ? changes.membership_category : before.membership_category,
      kind: changes.kind ?? before.kind,
      basis: changes.basis ?? before.basis,
      value: changes.value ?? before.value,
      location: changes.location !== undefined ? changes.location : before.location,
      effective_from: changes.effective_from ?? before.effective_from,
      notes: changes.notes ?? before.notes,
    };
    await checkRule(tx, merged, id);
    await tx
      .update(r)
      .set({ ...toColumns(merged), ...touched(actorId) })
      .where(eq(r.id, id));
    return rulesAudit.changed(tx, actorId, id, before, await getRule(tx, id));
  });

/** Deleted when no pay-run line was computed with it; else 409: a rule in use ends by a later-dated one. */
export const removeRule = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await getRule(tx, id);
    // Locked before the lines are asked: a compute holding the rules (pay-runs-compute.service.ts)
    // finishes first, so the lines it wrote with this rule are seen.
    await tx.select({ id: r.id }).from(r).where(eq(r.id, id)).for('update');
    // Pay-run lines keep no foreign key to their rule (decision 0800): asked here, rarely, by a scan.
    const used = await tx.select({ id: payRunLines.id }).from(payRunLines).where(eq(payRunLines.ruleId, id)).limit(1);
    const deleted = !used.length && (await deleteUnlessReferenced(tx, (sp) => sp.delete(r).where(eq(r.id, id))));
    if (!deleted)
      throw conflict(
        'Pay runs were computed with this rule, so it cannot be deleted; add a rule with a later effective date instead.',
      );
    const result = { result: 'deleted', message: `Commission rule #${id} (${before.target_label}) deleted.` } as const;
    return rulesAudit.removed(tx, actorId, id, result, before);
  });

export const commissionRulesService = {
  list: (db: Db, query: CommissionRuleQuery, url: string, _actor: AuthUser) => listRules(db, query, url),
  get: (db: Db, id: number) => getRule(db, id),
  create: (db: Db, actorId: number, body: CommissionRuleInput) => createRule(db, actorId, body),
  update: (db: Db, actorId: number, id: number, body: CommissionRuleInput | CommissionRuleChanges) =>
    updateRule(db, actorId, id, body),
  remove: (db: Db, actorId: number, id: number) => removeRule(db, actorId, id),
};
