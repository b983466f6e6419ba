import * as t from 'drizzle-orm/pg-core';
import type { Features } from '@ginhawa/contract';
import { users } from './users';

/** A single row (id = 1) of company-wide settings. */
export const configurations = t.pgTable('configurations', {
  id: t.integer('id').primaryKey(),
  companyName: t.varchar('company_name', { length: 120 }),
  logoPath: t.text('logo_path'),
  /** The feature flags an Admin stored; a flag missing here follows the web build's default (decision 0610). */
  features: t.jsonb('features').$type<Features>().notNull().default({}),
  /**
   * Seeded with the demo data (decision 0906): the one mark start-up reads before topping up the
   * demo floor's coming days; never set on a database seeded without the demo.
   */
  demo: t.boolean('demo').notNull().default(false),
  /** A business's only Admin account may approve the pay runs they submitted (decision 0712). */
  soleAdminApprovesOwnPayRuns: t.boolean('sole_admin_approves_own_pay_runs').notNull().default(true),
  updatedBy: t.integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: t.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
