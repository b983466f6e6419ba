import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';
import { locations } from './locations';

/**
 * Salespersons, therapists and receptionists in one table, told apart by `kind`
 * (served as /salespersons/, /therapists/, /receptionists/). A person with a login has `user_id`;
 * one record per kind per user, so a therapist who also sells has two.
 */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    kind: varchar('kind', { length: 20 }).notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    /** Stored upper-case, unique. */
    employeeCode: varchar('employee_code', { length: 20 }).notNull(),
    phone: varchar('phone', { length: 16 }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    hireDate: date('hire_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Salespersons only: the month's sales target in pesos. */
    monthlyTarget: numeric('monthly_target', { precision: 12, scale: 2 }),
    ...tracked(),
  },
  (t) => [
    uniqueIndex('employees_code_idx').on(t.employeeCode),
    uniqueIndex('employees_user_kind_idx').on(t.userId, t.kind),
    index('employees_kind_location_idx').on(t.kind, t.locationId),
    check('employees_kind_check', sql`${t.kind} in ('salesperson', 'therapist', 'receptionist')`),
    check(
      'employees_target_check',
      sql`(${t.kind} = 'salesperson' and ${t.monthlyTarget} >= 0) or (${t.kind} <> 'salesperson' and ${t.monthlyTarget} is null)`,
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
