import { integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { Features } from '@ginhawa/contract';
import { users } from './users';

/** A single row (id = 1) of company-wide settings. */
export const configurations = pgTable('configurations', {
  id: integer('id').primaryKey(),
  companyName: varchar('company_name', { length: 120 }),
  logoPath: text('logo_path'),
  /** The feature flags an Admin stored; a flag missing here follows the web build's default (decision 0610). */
  features: jsonb('features').$type<Features>().notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
