import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ConstraintSentences } from '../constraint-sentences';
import { tracked } from './columns';
import { users } from './users';
import { locations } from './locations';
import { membershipCategories, memberships, treatmentCategories, treatments } from './services';

/**
 * What a therapist earns per service and a salesperson per sale (issue 21; decision 0800).
 * A rule is in force from `effective_from` until the next rule for the same role, kind of
 * payment, target and location starts, so editing pay means adding a dated rule, never
 * rewriting a closed cutoff.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    role: varchar('role', { length: 12 }).notNull(),
    appliesTo: varchar('applies_to', { length: 16 }).notNull().default('service'),
    treatmentId: integer('treatment_id'),
    treatmentCategoryId: integer('treatment_category_id'),
    membershipId: integer('membership_id'),
    membershipCategoryId: integer('membership_category_id'),
    kind: varchar('kind', { length: 8 }).notNull(),
    basis: varchar('basis', { length: 12 }).notNull().default('paid_price'),
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    locationId: integer('location_id'),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    ...tracked(),
  },
  (t) => [
    foreignKey({ name: 'commission_rules_treatment_fk', columns: [t.treatmentId], foreignColumns: [treatments.id] }),
    foreignKey({
      name: 'commission_rules_treatment_category_fk',
      columns: [t.treatmentCategoryId],
      foreignColumns: [treatmentCategories.id],
    }),
    foreignKey({ name: 'commission_rules_membership_fk', columns: [t.membershipId], foreignColumns: [memberships.id] }),
    foreignKey({
      name: 'commission_rules_membership_category_fk',
      columns: [t.membershipCategoryId],
      foreignColumns: [membershipCategories.id],
    }),
    foreignKey({ name: 'commission_rules_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    // One rule per role, payment, target, location and first day: two would both claim the day.
    uniqueIndex('commission_rules_target_day_key').on(
      t.role,
      t.appliesTo,
      sql`coalesce(${t.treatmentId}, 0)`,
      sql`coalesce(${t.treatmentCategoryId}, 0)`,
      sql`coalesce(${t.membershipId}, 0)`,
      sql`coalesce(${t.membershipCategoryId}, 0)`,
      sql`coalesce(${t.locationId}, 0)`,
      t.effectiveFrom,
    ),
    check('commission_rules_role_check', sql`${t.role} in ('therapist', 'salesperson')`),
    check('commission_rules_applies_to_check', sql`${t.appliesTo} in ('service', 'requested_bonus')`),
    check('commission_rules_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('commission_rules_basis_check', sql`${t.basis} in ('list_price', 'paid_price')`),
    check('commission_rules_value_check', sql`${t.value} >= 0 and (${t.kind} = 'fixed' or ${t.value} <= 100)`),
    check(
      'commission_rules_one_target_check',
      sql`num_nonnulls(${t.treatmentId}, ${t.treatmentCategoryId}, ${t.membershipId}, ${t.membershipCategoryId}) <= 1`,
    ),
  ],
);

/**
 * One branch's pay run for one cutoff: its lines are computed in SQL while it is a draft (or
 * returned) and never again once approved (decision 0800).
 */
export const payRuns = pgTable(
  'pay_runs',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    cutoff: smallint('cutoff').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    serviceChargePool: numeric('service_charge_pool', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The sum of the lines, their count and the people paid, written with the lines. */
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    employeeCount: integer('employee_count').notNull().default(0),
    returnReason: text('return_reason').notNull().default(''),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    computedBy: integer('computed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...tracked(),
  },
  (t) => [
    foreignKey({ name: 'pay_runs_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    uniqueIndex('pay_runs_location_period_key').on(t.locationId, t.year, t.month, t.cutoff),
    check('pay_runs_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'returned')`),
    check('pay_runs_cutoff_check', sql`${t.cutoff} in (1, 2) and ${t.month} between 1 and 12`),
  ],
);

/**
 * A run's lines. Names and descriptions are written with the line, so an approved run reads the
 * same tomorrow whatever is renamed. `source_id` has no foreign key: a sale line may be deleted
 * later, and its pay line must stay as it was paid.
 */
export const payRunLines = pgTable(
  'pay_run_lines',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id').notNull(),
    /** The run's location, kept here so one unique index spans every run of the branch. */
    locationId: integer('location_id').notNull(),
    employeeId: integer('employee_id').notNull(),
    employeeName: varchar('employee_name', { length: 201 }).notNull(),
    employeeCode: varchar('employee_code', { length: 20 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    sourceId: integer('source_id'),
    adjustedSource: varchar('adjusted_source', { length: 16 }),
    clientId: integer('client_id'),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    baseAmount: numeric('base_amount', { precision: 12, scale: 2 }),
    ruleId: integer('rule_id'),
    ruleLabel: text('rule_label').notNull().default(''),
    split: smallint('split').notNull().default(1),
    /** A requested-therapist bonus line (the service's own line has false). */
    requested: boolean('requested').notNull().default(false),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    adjustsLineId: integer('adjusts_line_id'),
  },
  (t) => [
    // No foreign keys at all, not even to the run: a run writes (and a recompute deletes) 100,000+
    // lines at once, and per-row checks were most of its cost (docs/performance.md). The lines are
    // selected from those rows, under the run's row lock, in the transaction that computes it; runs
    // are never deleted; deleting an employee or rule that lines name is refused by the services,
    // and adjustments only point at approved lines, never deleted (decision 0800).
    // Every arrival's or sale's earning of one person appears once across all runs of a branch.
    uniqueIndex('pay_run_lines_source_once_key')
      .on(t.locationId, t.source, t.sourceId, t.employeeId, t.requested)
      .where(sql`${t.source} in ('arrival', 'sale')`),
    index('pay_run_lines_run_employee_idx').on(t.runId, t.employeeId),
    check('pay_run_lines_source_check', sql`${t.source} in ('arrival', 'sale', 'service_charge', 'adjustment')`),
    check(
      'pay_run_lines_adjustment_check',
      // A late earning (nothing paid for it yet) is an adjustment with no line to point at.
      sql`(${t.source} = 'adjustment') = coalesce(${t.adjustedSource} in ('arrival', 'sale', 'service_charge'), false) and (${t.adjustsLineId} is null or ${t.source} = 'adjustment')`,
    ),
  ],
);

/**
 * A run's per-employee totals, summed from its lines in SQL in the transaction that computes them
 * (and never again once approved): reading a run of 100,000 lines reads a few hundred rows.
 */
export const payRunEmployees = pgTable(
  'pay_run_employees',
  {
    runId: integer('run_id').notNull(),
    employeeId: integer('employee_id').notNull(),
    employeeName: varchar('employee_name', { length: 201 }).notNull(),
    employeeCode: varchar('employee_code', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    userId: integer('user_id'),
    arrivalsTotal: numeric('arrivals_total', { precision: 14, scale: 2 }).notNull(),
    salesTotal: numeric('sales_total', { precision: 14, scale: 2 }).notNull(),
    serviceChargeTotal: numeric('service_charge_total', { precision: 14, scale: 2 }).notNull(),
    adjustmentsTotal: numeric('adjustments_total', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    lineCount: integer('line_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'pay_run_employees_pkey', columns: [t.runId, t.employeeId] }),
    foreignKey({ name: 'pay_run_employees_run_fk', columns: [t.runId], foreignColumns: [payRuns.id] }).onDelete(
      'cascade',
    ),
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
