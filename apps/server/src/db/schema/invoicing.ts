import { sql } from 'drizzle-orm';
import * as t from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { tracked } from './columns';
import type { ConstraintSentences } from '../constraint-sentences';

/**
 * Who the seller is (issue 33, docs/decisions/1000-who-the-seller-is-and-its-terminals.md): one row,
 * id 1, the facts the BIR registered and every invoice prints. Blank until the business fills them in.
 */
export const invoicingProfile = t.pgTable(
  'invoicing_profile',
  {
    id: t.integer('id').primaryKey(),
    registeredName: t.varchar('registered_name', { length: 150 }).notNull().default(''),
    businessStyle: t.varchar('business_style', { length: 150 }).notNull().default(''),
    tin: t.varchar('tin', { length: 11 }).notNull().default(''),
    branchCode: t.varchar('branch_code', { length: 5 }).notNull().default('00000'),
    registeredAddress: t.varchar('registered_address', { length: 300 }).notNull().default(''),
    vatStatus: t.varchar('vat_status', { length: 8 }).notNull().default('vat'),
    vatRate: t.numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('12.00'),
    supplierName: t.varchar('supplier_name', { length: 150 }).notNull().default(''),
    supplierAddress: t.varchar('supplier_address', { length: 300 }).notNull().default(''),
    supplierTin: t.varchar('supplier_tin', { length: 11 }).notNull().default(''),
    accreditationNo: t.varchar('accreditation_no', { length: 60 }).notNull().default(''),
    accreditationDateIssued: t.date('accreditation_date_issued', { mode: 'string' }),
    accreditationValidUntil: t.date('accreditation_valid_until', { mode: 'string' }),
    ...tracked(),
  },
  () => [
    t.check('invoicing_profile_single_row', sql`id = 1`),
    t.check('invoicing_profile_vat_status', sql`vat_status in ('vat', 'non_vat')`),
    t.check('invoicing_profile_vat_rate', sql`vat_rate >= 0 and vat_rate <= 100`),
  ],
);

/**
 * A desk's terminal: the machine the BIR permit names. Each owns its document series and its grand
 * total, so a branch can issue invoices without reaching head office (the offline branch to come).
 * A terminal is deactivated, never deleted; nothing resets its grand total (reset_counter stays 0).
 */
export const terminals = t.pgTable(
  'terminals',
  {
    id: t.serial('id').primaryKey(),
    locationId: t
      .integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: t.varchar('name', { length: 60 }).notNull(),
    min: t.varchar('min', { length: 30 }).notNull().default(''),
    serialNumber: t.varchar('serial_number', { length: 60 }).notNull().default(''),
    permitNumber: t.varchar('permit_number', { length: 60 }).notNull().default(''),
    permitDate: t.date('permit_date', { mode: 'string' }),
    invoicePrefix: t.varchar('invoice_prefix', { length: 10 }).notNull().default(''),
    nextInvoiceNumber: t.bigint('next_invoice_number', { mode: 'number' }).notNull().default(1),
    creditMemoPrefix: t.varchar('credit_memo_prefix', { length: 10 }).notNull().default(''),
    nextCreditMemoNumber: t.bigint('next_credit_memo_number', { mode: 'number' }).notNull().default(1),
    acknowledgementPrefix: t.varchar('acknowledgement_prefix', { length: 10 }).notNull().default(''),
    nextAcknowledgementNumber: t.bigint('next_acknowledgement_number', { mode: 'number' }).notNull().default(1),
    /** At least 10 digits before the point (issue 33): numeric(18,2) holds 16. */
    grandTotal: t.numeric('grand_total', { precision: 18, scale: 2 }).notNull().default('0.00'),
    zCounter: t.integer('z_counter').notNull().default(0),
    resetCounter: t.integer('reset_counter').notNull().default(0),
    isActive: t.boolean('is_active').notNull().default(true),
    ...tracked(),
  },
  (table) => [
    t.uniqueIndex('terminals_location_name_idx').on(table.locationId, sql`lower(${table.name})`),
    t.check(
      'terminals_next_numbers_positive',
      sql`next_invoice_number > 0 and next_credit_memo_number > 0 and next_acknowledgement_number > 0`,
    ),
    t.check('terminals_never_reset', sql`reset_counter = 0`),
  ],
);

export const invoicingConstraints = {
  terminals_location_name_idx: {
    kind: 'unique',
    message: 'This branch already has a terminal with this name.',
    field: 'name',
  },
  invoicing_journal_terminal_seq_idx: {
    kind: 'unique',
    message: "Another entry was written to this terminal's journal at the same moment. Try again.",
  },
  terminals_location_id_locations_id_fk: {
    kind: 'foreignKey',
    table: 'terminals',
    field: 'location',
    missing: 'No such location.',
  },
} satisfies ConstraintSentences;

/**
 * The electronic journal (issue 33; decision 1001): per terminal, every event that touches its
 * documents or itself, in order (`seq` from 1, no gaps), each entry holding the SHA-256 of the one
 * before it (`prev_hash`) and its own (`hash`, over the previous hash and the entry's canonical
 * JSON). Append-only: triggers refuse UPDATE, DELETE and TRUNCATE whoever asks (migration 0028). No
 * foreign key to users: a key that sets null would have to change a row.
 */
export const invoicingJournal = t.pgTable(
  'invoicing_journal',
  {
    id: t.serial('id').primaryKey(),
    terminalId: t
      .integer('terminal_id')
      .notNull()
      .references(() => terminals.id),
    seq: t.integer('seq').notNull(),
    at: t.timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    event: t.varchar('event', { length: 32 }).notNull(),
    payload: t.jsonb('payload').notNull(),
    prevHash: t.char('prev_hash', { length: 64 }).notNull(),
    hash: t.char('hash', { length: 64 }).notNull(),
  },
  (table) => [t.uniqueIndex('invoicing_journal_terminal_seq_idx').on(table.terminalId, table.seq)],
);
