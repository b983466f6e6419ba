import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who and when, on every row people edit: `created_by/updated_by` (null once that login is
 * deleted) and `created_at/updated_at`. Services set `updated_*` through `touched(actorId)`.
 */
export const tracked = () => ({
  createdBy: t.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: t.integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: t.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A row that asks for approval (daily reports, pay runs; decisions 0500 and 0800): a draft is
 * submitted, then approved, or returned with a reason and submitted again; who took each step and
 * when. These are the columns the one approval workflow writes.
 */
export const approvable = () => ({
  status: t.varchar('status', { length: 12 }).notNull().default('draft'),
  returnReason: t.text('return_reason').notNull().default(''),
  submittedBy: t.integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedAt: t.timestamp('submitted_at', { withTimezone: true }),
  approvedBy: t.integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: t.timestamp('approved_at', { withTimezone: true }),
});

/** An approvable row's statuses, as the check `name` of its table. */
export const approvalStatusCheck = (name: string, status: t.AnyPgColumn) =>
  t.check(name, sql`${status} in ('draft', 'submitted', 'approved', 'returned')`);
