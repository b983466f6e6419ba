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
