import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

/** Accounts the business receives card and transfer payments into. One bank may hold several accounts. */
export const banks = t.pgTable(
  'banks',
  {
    id: t.serial('id').primaryKey(),
    name: t.varchar('name', { length: 100 }).notNull(),
    accountName: t.varchar('account_name', { length: 150 }).notNull(),
    /** Digits only (spaces and dashes are dropped on input). */
    accountNumber: t.varchar('account_number', { length: 34 }).notNull(),
    isActive: t.boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (table) => [t.uniqueIndex('banks_name_account_idx').on(sql`lower(${table.name})`, table.accountNumber)],
);

export const bankConstraints = {
  banks_name_account_idx: {
    kind: 'unique',
    message: 'This bank already has an account with this number.',
    field: 'account_number',
  },
} satisfies ConstraintSentences;
