import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { locations } from './locations';
import { employees } from './employees';
import { banks } from './banks';
import { clients } from './clients';
import type { ConstraintSentences } from '../constraint-sentences';

/**
 * One line of a day's takings. Every membership or voucher sale writes one; the daily report
 * (issue 12) sums them in SQL. `report_id` gets its foreign key when daily_reports exists.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    clientId: integer('client_id'),
    salespersonId: integer('salesperson_id').notNull(),
    kind: varchar('kind', { length: 12 }).notNull(),
    /** What was sold: a voucher code (V-000123) or a client membership (CM-42). */
    reference: varchar('reference', { length: 40 }).notNull().default(''),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    netAmount: numeric('net_amount', { precision: 12, scale: 2 }).notNull(),
    /** Collected on top of the net amount (RA 11360); shared by the branch's staff in the pay run. */
    serviceCharge: numeric('service_charge', { precision: 12, scale: 2 }).notNull().default('0'),
    paymentMethod: varchar('payment_method', { length: 16 }).notNull(),
    bankId: integer('bank_id'),
    referenceNo: varchar('reference_no', { length: 60 }).notNull().default(''),
    reportId: integer('report_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ name: 'sales_location_fk', columns: [t.locationId], foreignColumns: [locations.id] }),
    foreignKey({ name: 'sales_client_fk', columns: [t.clientId], foreignColumns: [clients.id] }),
    foreignKey({ name: 'sales_salesperson_fk', columns: [t.salespersonId], foreignColumns: [employees.id] }),
    foreignKey({ name: 'sales_bank_fk', columns: [t.bankId], foreignColumns: [banks.id] }),
    index('sales_date_idx').on(t.date),
    index('sales_salesperson_date_idx').on(t.salespersonId, t.date),
    index('sales_location_date_idx').on(t.locationId, t.date),
    check('sales_kind_check', sql`${t.kind} in ('membership', 'voucher', 'walk_in', 'other')`),
    check('sales_payment_method_check', sql`${t.paymentMethod} in ('cash', 'card', 'e_wallet', 'bank_transfer')`),
    check(
      'sales_bank_needed_check',
      sql`${t.paymentMethod} not in ('card', 'bank_transfer') or ${t.bankId} is not null`,
    ),
    check('sales_service_charge_check', sql`${t.serviceCharge} >= 0`),
    check(
      'sales_amounts_check',
      sql`${t.amount} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.amount} and ${t.netAmount} = ${t.amount} - ${t.discount}`,
    ),
  ],
);

/** The sales table's named constraints (lib/constraints.ts). */
export const saleConstraints = {
  sales_location_fk: { kind: 'foreignKey', table: 'sales', field: 'location', missing: 'No such location.' },
  sales_client_fk: {
    kind: 'foreignKey',
    table: 'sales',
    field: 'client',
    missing: 'No such client.',
    inUse: 'This client has sales, so the record cannot be deleted.',
  },
  sales_salesperson_fk: { kind: 'foreignKey', table: 'sales', field: 'salesperson', missing: 'No such salesperson.' },
  sales_bank_fk: {
    kind: 'foreignKey',
    table: 'sales',
    field: 'bank',
    missing: 'No such bank account.',
    inUse: 'Sales were paid into this bank account, so it cannot be deleted.',
  },
} satisfies ConstraintSentences;
