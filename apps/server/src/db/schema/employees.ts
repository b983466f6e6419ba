import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { users } from './users';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';
import { locations } from './locations';

/**
 * Salespersons, therapists and receptionists in one table, told apart by `kind`
 * (served as /salespersons/, /therapists/, /receptionists/). A person with a login has `user_id`;
 * one record per kind per user, so a therapist who also sells has two.
 */
export const employees = t.pgTable(
  'employees',
  {
    id: t.serial('id').primaryKey(),
    userId: t.integer('user_id').references(() => users.id),
    kind: t.varchar('kind', { length: 20 }).notNull(),
    firstName: t.varchar('first_name', { length: 100 }).notNull(),
    lastName: t.varchar('last_name', { length: 100 }).notNull(),
    /** Stored upper-case, unique. */
    employeeCode: t.varchar('employee_code', { length: 20 }).notNull(),
    phone: t.varchar('phone', { length: 16 }),
    locationId: t
      .integer('location_id')
      .notNull()
      .references(() => locations.id),
    hireDate: t.date('hire_date', { mode: 'string' }).notNull(),
    isActive: t.boolean('is_active').notNull().default(true),
    /** Salespersons only: the month's sales target in pesos. */
    monthlyTarget: t.numeric('monthly_target', { precision: 12, scale: 2 }),
    ...tracked(),
  },
  (table) => [
    t.uniqueIndex('employees_code_idx').on(table.employeeCode),
    t.uniqueIndex('employees_user_kind_idx').on(table.userId, table.kind),
    t.index('employees_kind_location_idx').on(table.kind, table.locationId),
    t.check('employees_kind_check', sql`${table.kind} in ('salesperson', 'therapist', 'receptionist')`),
    t.check(
      'employees_target_check',
      sql`(${table.kind} = 'salesperson' and ${table.monthlyTarget} >= 0) or (${table.kind} <> 'salesperson' and ${table.monthlyTarget} is null)`,
    ),
  ],
);

export const employeeConstraints = {
  employees_code_idx: { kind: 'unique', message: 'Another employee already has this code.', field: 'employee_code' },
  employees_user_kind_idx: { kind: 'unique', message: 'This user already has a record of this kind.', field: 'user' },
  employees_location_id_locations_id_fk: {
    kind: 'foreignKey',
    table: 'employees',
    field: 'location',
    missing: 'No such location.',
  },
  employees_user_id_users_id_fk: { kind: 'foreignKey', table: 'employees', field: 'user', missing: 'No such user.' },
} satisfies ConstraintSentences;
