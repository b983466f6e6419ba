import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

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
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('banks_name_account_idx').on(sql`lower(${t.name})`, t.accountNumber)],
);
