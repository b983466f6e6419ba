import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { users } from './users';
import { locations } from './locations';
import { employees } from './employees';
import { banks } from './banks';
import { clientArrivals, clients } from './clients';
import { invoices } from './invoicing';
import type { ConstraintSentences } from '../constraint-sentences';

/**
 * One line of a day's takings. Every membership or voucher sale writes one; the daily report
 * (issue 12) sums them in SQL. `report_id` gets its foreign key when daily_reports exists.
 */
export const sales = t.pgTable(
  'sales',
  {
    id: t.serial('id').primaryKey(),
    date: t.date('date', { mode: 'string' }).notNull(),
    locationId: t.integer('location_id').notNull(),
    clientId: t.integer('client_id'),
    /** Null only on a forfeited deposit (kind `forfeit`, docs/decisions/0900-floor-board.md): kept, sold by no one. */
    salespersonId: t.integer('salesperson_id'),
    kind: t.varchar('kind', { length: 12 }).notNull(),
    /** What was sold: a voucher code (V-000123) or a client membership (CM-42). */
    reference: t.varchar('reference', { length: 40 }).notNull().default(''),
    amount: t.numeric('amount', { precision: 12, scale: 2 }).notNull(),
    discount: t.numeric('discount', { precision: 12, scale: 2 }).notNull().default('0'),
    netAmount: t.numeric('net_amount', { precision: 12, scale: 2 }).notNull(),
    /** Collected on top of the net amount (RA 11360); shared by the branch's staff in the pay run. */
    serviceCharge: t.numeric('service_charge', { precision: 12, scale: 2 }).notNull().default('0'),
    paymentMethod: t.varchar('payment_method', { length: 16 }).notNull(),
    bankId: t.integer('bank_id'),
    referenceNo: t.varchar('reference_no', { length: 60 }).notNull().default(''),
    reportId: t.integer('report_id'),
    /** The invoice that documents this line (issue 33), when invoicing is on. */
    invoiceId: t.integer('invoice_id').references(() => invoices.id),
    /** An imported line's document number from the other registered system that issued it. */
    externalDocumentNo: t.varchar('external_document_no', { length: 40 }).notNull().default(''),
    createdBy: t.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    t.foreignKey({ name: 'sales_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.foreignKey({ name: 'sales_client_fk', columns: [table.clientId], foreignColumns: [clients.id] }),
    t.foreignKey({ name: 'sales_salesperson_fk', columns: [table.salespersonId], foreignColumns: [employees.id] }),
    t.foreignKey({ name: 'sales_bank_fk', columns: [table.bankId], foreignColumns: [banks.id] }),
    t.index('sales_date_idx').on(table.date),
    t.index('sales_salesperson_date_idx').on(table.salespersonId, table.date),
    t.index('sales_location_date_idx').on(table.locationId, table.date),
    // A walk-in's lines by the arrival they name (A-<id>), and a voucher's or membership's sale.
    t.index('sales_reference_idx').on(table.reference),
    t.index('sales_invoice_idx').on(table.invoiceId),
    t.check('sales_kind_check', sql`${table.kind} in ('membership', 'voucher', 'walk_in', 'other', 'forfeit')`),
    t.check('sales_salesperson_check', sql`(${table.kind} = 'forfeit') = (${table.salespersonId} is null)`),
    t.check('sales_payment_method_check', sql`${table.paymentMethod} in ('cash', 'card', 'e_wallet', 'bank_transfer')`),
    t.check(
      'sales_bank_needed_check',
      sql`${table.paymentMethod} not in ('card', 'bank_transfer') or ${table.bankId} is not null`,
    ),
    t.check('sales_service_charge_check', sql`${table.serviceCharge} >= 0`),
    t.check(
      'sales_amounts_check',
      sql`${table.amount} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.amount} and ${table.netAmount} = ${table.amount} - ${table.discount}`,
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

/**
 * A visit's open bill (issue 32, docs/decisions/0510-tabs.md): opened when a visit is logged today
 * without a payment (Assign next, a reservation's arrival, the client card), closed by checkout
 * (`paid`) or by a Manager with a reason (`unpaid`). One per visit: the arrival is the key. A held
 * reservation deposit the visit applies is kept here until checkout takes it as the first payment.
 */
export const tabs = t.pgTable(
  'tabs',
  {
    arrivalId: t.integer('arrival_id').primaryKey(),
    locationId: t.integer('location_id').notNull(),
    date: t.date('date', { mode: 'string' }).notNull(),
    status: t.varchar('status', { length: 8 }).notNull().default('open'),
    depositAmount: t.numeric('deposit_amount', { precision: 12, scale: 2 }),
    depositMethod: t.varchar('deposit_method', { length: 16 }),
    depositBankId: t.integer('deposit_bank_id'),
    depositReference: t.varchar('deposit_reference', { length: 60 }).notNull().default(''),
    unpaidReason: t.varchar('unpaid_reason', { length: 500 }).notNull().default(''),
    openedAt: t.timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: t.timestamp('closed_at', { withTimezone: true }),
    closedBy: t.integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    t.foreignKey({ name: 'tabs_arrival_fk', columns: [table.arrivalId], foreignColumns: [clientArrivals.id] }),
    t.foreignKey({ name: 'tabs_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.foreignKey({ name: 'tabs_deposit_bank_fk', columns: [table.depositBankId], foreignColumns: [banks.id] }),
    t.index('tabs_location_status_idx').on(table.locationId, table.status, table.date),
    t.check('tabs_status_check', sql`${table.status} in ('open', 'paid', 'unpaid')`),
    t.check('tabs_unpaid_reason_check', sql`(${table.status} = 'unpaid') = (${table.unpaidReason} <> '')`),
  ],
);

/**
 * A tip (docs/decisions/0512-tips.md): the therapist's own in full, taken at checkout. Not a sale
 * (no line in `sales`, no commission, not on the leaderboard); paid to the therapist in the pay
 * run as a line of its own (`source: tip`). Its method says which till it sits in: cash tips are
 * in the drawer.
 */
export const tips = t.pgTable(
  'tips',
  {
    id: t.serial('id').primaryKey(),
    arrivalId: t.integer('arrival_id').notNull(),
    locationId: t.integer('location_id').notNull(),
    date: t.date('date', { mode: 'string' }).notNull(),
    employeeId: t.integer('employee_id').notNull(),
    clientId: t.integer('client_id'),
    amount: t.numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paymentMethod: t.varchar('payment_method', { length: 16 }).notNull(),
    bankId: t.integer('bank_id'),
    createdBy: t.integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    t.foreignKey({ name: 'tips_arrival_fk', columns: [table.arrivalId], foreignColumns: [clientArrivals.id] }),
    t.foreignKey({ name: 'tips_location_fk', columns: [table.locationId], foreignColumns: [locations.id] }),
    t.foreignKey({ name: 'tips_employee_fk', columns: [table.employeeId], foreignColumns: [employees.id] }),
    t.foreignKey({ name: 'tips_client_fk', columns: [table.clientId], foreignColumns: [clients.id] }),
    t.foreignKey({ name: 'tips_bank_fk', columns: [table.bankId], foreignColumns: [banks.id] }),
    t.index('tips_location_date_idx').on(table.locationId, table.date),
    t.index('tips_employee_date_idx').on(table.employeeId, table.date),
    t.check('tips_amount_check', sql`${table.amount} > 0`),
    t.check('tips_payment_method_check', sql`${table.paymentMethod} in ('cash', 'card', 'e_wallet', 'bank_transfer')`),
  ],
);

/** The till's named constraints (lib/constraints.ts). */
export const tillConstraints = {
  tabs_arrival_fk: { kind: 'foreignKey', table: 'tabs', field: 'arrival', missing: 'No such visit.' },
  tabs_location_fk: { kind: 'foreignKey', table: 'tabs', field: 'location', missing: 'No such location.' },
  tabs_deposit_bank_fk: { kind: 'foreignKey', table: 'tabs', field: 'bank', missing: 'No such bank account.' },
  tips_arrival_fk: { kind: 'foreignKey', table: 'tips', field: 'arrival', missing: 'No such visit.' },
  tips_location_fk: { kind: 'foreignKey', table: 'tips', field: 'location', missing: 'No such location.' },
  tips_employee_fk: {
    kind: 'foreignKey',
    table: 'tips',
    field: 'tips',
    missing: 'No such therapist.',
    inUse: 'This employee has tips on file, so the record cannot be deleted.',
  },
  tips_client_fk: {
    kind: 'foreignKey',
    table: 'tips',
    field: 'client',
    missing: 'No such client.',
    inUse: 'This client has tips on file, so the record cannot be deleted.',
  },
  tips_bank_fk: {
    kind: 'foreignKey',
    table: 'tips',
    field: 'payments',
    missing: 'No such bank account.',
    inUse: 'Tips were paid into this bank account, so it cannot be deleted.',
  },
} satisfies ConstraintSentences;
