import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import type { ConstraintSentences } from '../constraint-sentences';
import { approvable, approvalStatusCheck, tracked } from './columns';
import { users } from './users';
import { locations } from './locations';
import { membershipCategories, memberships, treatmentCategories, treatments } from './services';

/**
 * What a therapist earns per service and a salesperson per sale (issue 21; decision 0800).
 * A rule is in force from `effective_from` until the next rule for the same role, kind of
 * payment, target and location starts, so editing pay means adding a dated rule, never
 * rewriting a closed cutoff.
 */
export const commissionRules = t.pgTable(
  'commission_rules',
  {
    id: t.serial('id').primaryKey(),
    role: t.varchar('role', { length: 12 }).notNull(),
    appliesTo: t.varchar('applies_to', { length: 16 }).notNull().default('service'),
    treatmentId: t.integer('treatment_id'),
    treatmentCategoryId: t.integer('treatment_category_id'),
    membershipId: t.integer('membership_id'),
    membershipCategoryId: t.integer('membership_category_id'),
    kind: t.varchar('kind', { length: 8 }).notNull(),
    basis: t.varchar('basis', { length: 12 }).notNull().default('paid_price'),
    value: t.numeric('value', { precision: 12, scale: 2 }).notNull(),
    locationId: t.integer('location_id'),
    effectiveFrom: t.date('effective_from', { mode: 'string' }).notNull(),
    notes: t.text('notes').notNull().default(''),
    ...tracked(),
  },
  (table) => [
    t.foreignKey({
      name: 'commission_rules_treatment_fk',
      columns: [table.treatmentId],
      foreignColumns: [treatments.id],
    }),
    t.foreignKey({
      name: 'commission_rules_treatment_category_fk',
      columns: [table.treatmentCategoryId],
      foreignColumns: [treatmentCategories.id],
    }),
    t.foreignKey({
      name: 'commission_rules_membership_fk',
      columns: [table.membershipId],
      foreignColumns: [memberships.id],
    }),
    t.foreignKey({
      name: 'commission_rules_membership_category_fk',
      columns: [table.membershipCategoryId],
      foreignColumns: [membershipCategories.id],
    }),
    t.foreignKey({ name: 'commission_rules_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    // One rule per role, payment, target, location and first day: two would both claim the day.
    t
      .uniqueIndex('commission_rules_target_day_key')
      .on(
        table.role,
        table.appliesTo,
        sql`coalesce(${table.treatmentId}, 0)`,
        sql`coalesce(${table.treatmentCategoryId}, 0)`,
        sql`coalesce(${table.membershipId}, 0)`,
        sql`coalesce(${table.membershipCategoryId}, 0)`,
        sql`coalesce(${table.locationId}, 0)`,
        table.effectiveFrom,
      ),
    t.check('commission_rules_role_check', sql`${table.role} in ('therapist', 'salesperson')`),
    t.check('commission_rules_applies_to_check', sql`${table.appliesTo} in ('service', 'requested_bonus')`),
    t.check('commission_rules_kind_check', sql`${table.kind} in ('percent', 'fixed')`),
    t.check('commission_rules_basis_check', sql`${table.basis} in ('list_price', 'paid_price')`),
    t.check(
      'commission_rules_value_check',
      sql`${table.value} >= 0 and (${table.kind} = 'fixed' or ${table.value} <= 100)`,
    ),
    t.check(
      'commission_rules_one_target_check',
      sql`num_nonnulls(${table.treatmentId}, ${table.treatmentCategoryId}, ${table.membershipId}, ${table.membershipCategoryId}) <= 1`,
    ),
  ],
);

/**
 * One branch's pay run for one cutoff: its lines are computed in SQL while it is a draft (or
 * returned) and never again once approved (decision 0800).
 */
export const payRuns = t.pgTable(
  'pay_runs',
  {
    id: t.serial('id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    year: t.smallint('year').notNull(),
    month: t.smallint('month').notNull(),
    cutoff: t.smallint('cutoff').notNull(),
    dateFrom: t.date('date_from', { mode: 'string' }).notNull(),
    dateTo: t.date('date_to', { mode: 'string' }).notNull(),
    serviceChargePool: t.numeric('service_charge_pool', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The sum of the lines, their count and the people paid, written with the lines. */
    total: t.numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    lineCount: t.integer('line_count').notNull().default(0),
    employeeCount: t.integer('employee_count').notNull().default(0),
    computedAt: t.timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    computedBy: t.integer('computed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The run's arrival and sale lines are what its cutoff earns, as of its last compute, and nothing
     * that could move them has been taken since by another compute of the branch (decision 1040):
     * approving it leaves no change marker, and computing it again does not price the cutoff again.
     * Set by a compute that wrote every earning of the cutoff with none paid elsewhere; cleared by
     * any compute of the branch that takes a change touching the run's days (or any day).
     */
    linesCurrent: t.boolean('lines_current').notNull().default(false),
    ...approvable(),
    ...tracked(),
  },
  (table) => [
    t.foreignKey({ name: 'pay_runs_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.uniqueIndex('pay_runs_location_period_key').on(table.locationId, table.year, table.month, table.cutoff),
    approvalStatusCheck('pay_runs_status_check', table.status),
    t.check('pay_runs_cutoff_check', sql`${table.cutoff} in (1, 2) and ${table.month} between 1 and 12`),
  ],
);

/**
 * A run's lines. Names and descriptions are written with the line, so an approved run reads the
 * same tomorrow whatever is renamed. `source_id` has no foreign key: a sale line may be deleted
 * later, and its pay line must stay as it was paid.
 */
export const payRunLines = t.pgTable(
  'pay_run_lines',
  {
    id: t.serial('id').primaryKey(),
    runId: t.integer('run_id').notNull(),
    /** The run's location, kept here so one unique index spans every run of the branch. */
    locationId: t.integer('location_id').notNull(),
    employeeId: t.integer('employee_id').notNull(),
    employeeName: t.varchar('employee_name', { length: 201 }).notNull(),
    employeeCode: t.varchar('employee_code', { length: 20 }).notNull(),
    source: t.varchar('source', { length: 16 }).notNull(),
    sourceId: t.integer('source_id'),
    adjustedSource: t.varchar('adjusted_source', { length: 16 }),
    clientId: t.integer('client_id'),
    date: t.date('date', { mode: 'string' }).notNull(),
    description: t.text('description').notNull(),
    baseAmount: t.numeric('base_amount', { precision: 12, scale: 2 }),
    ruleId: t.integer('rule_id'),
    ruleLabel: t.text('rule_label').notNull().default(''),
    split: t.smallint('split').notNull().default(1),
    /** A requested-therapist bonus line (the service's own line has false). */
    requested: t.boolean('requested').notNull().default(false),
    amount: t.numeric('amount', { precision: 12, scale: 2 }).notNull(),
    adjustsLineId: t.integer('adjusts_line_id'),
  },
  (table) => [
    // No foreign keys at all, not even to the run: a run writes (and a recompute deletes) 100,000+
    // lines at once, and per-row checks were most of its cost (docs/performance.md). The lines are
    // selected from those rows, under the run's row lock, in the transaction that computes it; runs
    // are never deleted; deleting an employee or rule that lines name is refused by the services,
    // and adjustments only point at approved lines, never deleted (decision 0800).
    // Every arrival's or sale's earning of one person appears once across all runs of a branch.
    t
      .uniqueIndex('pay_run_lines_source_once_key')
      .on(table.locationId, table.source, table.sourceId, table.employeeId, table.requested)
      .where(sql`${table.source} in ('arrival', 'sale')`),
    t.index('pay_run_lines_run_employee_idx').on(table.runId, table.employeeId),
    // The adjustment pass reads what was adjusted for the arrivals and sales that changed (decision 0820).
    t
      .index('pay_run_lines_adjusted_source_idx')
      .on(table.locationId, table.adjustedSource, table.sourceId)
      .where(sql`${table.source} = 'adjustment'`),
    // Which approved cutoffs paid a service-charge share (the bounded service-charge pass, decision 0820).
    t
      .index('pay_run_lines_service_charge_idx')
      .on(table.runId)
      .where(sql`${table.source} = 'service_charge'`),
    // Whether a run's tips are paid in another run too (a tip moved out of an approved cutoff, decision 1040).
    t
      .index('pay_run_lines_tip_idx')
      .on(table.locationId, table.sourceId)
      .where(sql`${table.source} = 'tip'`),
    t.check(
      'pay_run_lines_source_check',
      sql`${table.source} in ('arrival', 'sale', 'service_charge', 'adjustment', 'tip')`,
    ),
    t.check(
      'pay_run_lines_adjustment_check',
      // A late earning (nothing paid for it yet) is an adjustment with no line to point at.
      sql`(${table.source} = 'adjustment') = coalesce(${table.adjustedSource} in ('arrival', 'sale', 'service_charge', 'tip'), false) and (${table.adjustsLineId} is null or ${table.source} = 'adjustment')`,
    ),
  ],
);

/**
 * A run's per-employee totals, summed from its lines in SQL in the transaction that computes them
 * (and never again once approved): reading a run of 100,000 lines reads a few hundred rows.
 */
export const payRunEmployees = t.pgTable(
  'pay_run_employees',
  {
    runId: t.integer('run_id').notNull(),
    employeeId: t.integer('employee_id').notNull(),
    employeeName: t.varchar('employee_name', { length: 201 }).notNull(),
    employeeCode: t.varchar('employee_code', { length: 20 }).notNull(),
    kind: t.varchar('kind', { length: 20 }).notNull(),
    userId: t.integer('user_id'),
    arrivalsTotal: t.numeric('arrivals_total', { precision: 14, scale: 2 }).notNull(),
    salesTotal: t.numeric('sales_total', { precision: 14, scale: 2 }).notNull(),
    serviceChargeTotal: t.numeric('service_charge_total', { precision: 14, scale: 2 }).notNull(),
    adjustmentsTotal: t.numeric('adjustments_total', { precision: 14, scale: 2 }).notNull(),
    total: t.numeric('total', { precision: 14, scale: 2 }).notNull(),
    lineCount: t.integer('line_count').notNull(),
  },
  (table) => [
    t.primaryKey({ name: 'pay_run_employees_pkey', columns: [table.runId, table.employeeId] }),
    t
      .foreignKey({ name: 'pay_run_employees_run_fk', columns: [table.runId], foreignColumns: [payRuns.id] })
      .onDelete('cascade'),
  ],
);

export const payrollConstraints = {
  commission_rules_target_day_key: {
    kind: 'unique',
    message:
      'A rule for this role, target and location already starts on that day; edit it, or choose another effective date.',
    field: 'effective_from',
  },
  commission_rules_treatment_fk: {
    kind: 'foreignKey',
    table: 'commission_rules',
    field: 'treatment',
    missing: 'No such treatment.',
    inUse: 'Commission rules pay for this treatment, so it cannot be deleted.',
  },
  commission_rules_treatment_category_fk: {
    kind: 'foreignKey',
    table: 'commission_rules',
    field: 'treatment_category',
    missing: 'No such treatment category.',
    inUse: 'Commission rules pay for this treatment category, so it cannot be deleted.',
  },
  commission_rules_membership_fk: {
    kind: 'foreignKey',
    table: 'commission_rules',
    field: 'membership',
    missing: 'No such membership.',
    inUse: 'Commission rules pay for this membership, so it cannot be deleted.',
  },
  commission_rules_membership_category_fk: {
    kind: 'foreignKey',
    table: 'commission_rules',
    field: 'membership_category',
    missing: 'No such membership category.',
    inUse: 'Commission rules pay for this membership category, so it cannot be deleted.',
  },
  commission_rules_location_fk: {
    kind: 'foreignKey',
    table: 'commission_rules',
    field: 'location',
    missing: 'No such location.',
    inUse: 'This location has commission rules; deactivate it instead.',
  },
  pay_runs_location_period_key: {
    kind: 'unique',
    message: 'This branch already has a pay run for that cutoff.',
    field: 'cutoff',
  },
  pay_runs_location_fk: {
    kind: 'foreignKey',
    table: 'pay_runs',
    field: 'location',
    missing: 'No such location.',
    inUse: 'This location has pay runs; deactivate it instead.',
  },
  pay_run_lines_source_once_key: {
    kind: 'unique',
    message: 'These arrivals or sales were already paid in another pay run of this branch.',
  },
} satisfies ConstraintSentences;

/**
 * What may earn differently since the branch's adjustment pass last ran (decision 0820): written by
 * triggers on every table an earning is priced from (arrivals, sale lines, vouchers, memberships,
 * rules, prices, a run approved, an adjustment deleted), deleted by the next compute of one of the
 * branch's runs in the statement that prices them, so that pass prices only these instead of every
 * approved cutoff.
 * `kind`: `arrival` and `sale` (source_id, date), `voucher` (source_id, reference = its code),
 * `reference` (sales of that reference), `range` (every earning dated date_from–date_to), `run`
 * (an approved run: its lines and its cutoff), `service_charge` (source_id = the cutoff's run),
 * `names` (a client's, employee's or treatment's name: no amount moves, a draft's descriptions do).
 */
export const earningChanges = t.pgTable(
  'earning_changes',
  {
    id: t.bigserial('id', { mode: 'number' }).primaryKey(),
    locationId: t.integer('location_id').notNull(),
    kind: t.varchar('kind', { length: 16 }).notNull(),
    sourceId: t.integer('source_id'),
    reference: t.varchar('reference', { length: 40 }),
    dateFrom: t.date('date_from', { mode: 'string' }),
    dateTo: t.date('date_to', { mode: 'string' }),
  },
  (table) => [
    t.index('earning_changes_location_idx').on(table.locationId),
    t.check(
      'earning_changes_kind_check',
      sql`${table.kind} in ('arrival', 'sale', 'voucher', 'reference', 'range', 'run', 'service_charge', 'tip', 'names')`,
    ),
  ],
);
