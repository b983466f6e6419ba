import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

/** Accounts the business receives card and transfer payments into. One bank may hold several accounts. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    accountName: varchar('account_name', { length: 150 }).notNull(),
    /** Digits only (spaces and dashes are dropped on input). */
    accountNumber: varchar('account_number', { length: 34 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (t) => [uniqueIndex('banks_name_account_idx').on(sql`lower(${t.name})`, t.accountNumber)],
);

export const bankConstraints = {
  banks_name_account_idx: {
    kind: 'unique',
    message: 'This bank already has an account with this number.',
    field: 'account_number',
  },
} satisfies ConstraintSentences;
