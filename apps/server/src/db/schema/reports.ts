import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import type { CashCount } from '@ginhawa/contract';
import type { ConstraintSentences } from '../constraint-sentences';
import { approvable, approvalStatusCheck, tracked } from './columns';
import { locations } from './locations';

/**
 * One report per location and day (issue 12): its totals are summed from `sales` when read, so
 * they can never drift from the lines; approving it locks that location's day for every sale write.
 */
export const dailyReports = t.pgTable(
  'daily_reports',
  {
    id: t.serial('id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    date: t.date('date', { mode: 'string' }).notNull(),
    cashOnHand: t.numeric('cash_on_hand', { precision: 12, scale: 2 }),
    /** The cash count by denomination when the Manager counted it so (decision 0523); null for one total. */
    cashCount: t.jsonb('cash_count').$type<CashCount>(),
    remarks: t.text('remarks').notNull().default(''),
    ...approvable(),
    ...tracked(),
  },
  (table) => [
    t.foreignKey({ name: 'daily_reports_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.uniqueIndex('daily_reports_location_date_key').on(table.locationId, table.date),
    t.index('daily_reports_date_idx').on(table.date),
    approvalStatusCheck('daily_reports_status_check', table.status),
  ],
);

/**
 * Net sales per day, location and salesperson, kept by statement-level triggers on `sales`
 * (migration 0007_reports, enabled ALWAYS so bulk seeding in replica mode keeps it too; since
 * 0025 each statement refreshes the groups it touched from their lines). `count` is sales, not
 * lines: a visit paid partly by its deposit is one (docs/decisions/0508-sales-counted-per-sale.md).
 * The leaderboard and location sales read a few hundred of these rows instead of a period's sale lines.
 */
export const salesDailyTotals = t.pgTable(
  'sales_daily_totals',
  {
    date: t.date('date', { mode: 'string' }).notNull(),
    locationId: t.integer('location_id').notNull(),
    salespersonId: t.integer('salesperson_id').notNull(),
    total: t.numeric('total', { precision: 14, scale: 2 }).notNull(),
    count: t.integer('count').notNull(),
  },
  (table) => [
    t.primaryKey({ name: 'sales_daily_totals_pkey', columns: [table.date, table.locationId, table.salespersonId] }),
  ],
);

/**
 * One row whose `version` rises once per transaction that changes what the leaderboard reads:
 * `sales_daily_totals`, `employees` or `locations` (deferred constraint triggers, migration
 * 0009, so the row is locked only while committing; a TRUNCATE locks it at once). The
 * leaderboard keeps its result per period and location for as long as the version it read
 * before computing is current (docs/decisions/0502-leaderboard-kept-per-version.md).
 */
export const leaderboardVersion = t.pgTable(
  'leaderboard_version',
  {
    id: t.integer('id').primaryKey().default(1),
    version: t.bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [t.check('leaderboard_version_one_row', sql`${table.id} = 1`)],
);

export const reportsConstraints = {
  daily_reports_location_date_key: {
    kind: 'unique',
    message: 'This location already has a daily report for that date.',
    field: 'date',
  },
  daily_reports_location_fk: {
    kind: 'foreignKey',
    table: 'daily_reports',
    field: 'location',
    missing: 'No such location.',
    inUse: 'This location has daily reports; deactivate it instead.',
  },
} satisfies ConstraintSentences;
