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
    /** `off`: sales are recorded, nothing is numbered (another registered till issues the invoices). */
    invoicing: t.varchar('invoicing', { length: 3 }).notNull().default('off'),
    ...tracked(),
  },
  () => [
    t.check('invoicing_profile_invoicing', sql`invoicing in ('off', 'on')`),
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

/**
 * The documents a terminal issues (issue 33; docs/decisions/1002-documents-and-their-numbers.md):
 * invoices, credit memos and acknowledgement receipts, each kind its own gap-free series per
 * terminal, the number taken in the transaction that records the sale. A document is never deleted
 * or changed: triggers refuse DELETE, TRUNCATE and any UPDATE but the void mark (migration 0034). It
 * keeps the JSON it was printed from (`snapshot`), so it reads the same in ten years. Amounts are the
 * tax box's, for the readings and books to sum in SQL.
 */
export const invoices = t.pgTable(
  'invoices',
  {
    id: t.serial('id').primaryKey(),
    terminalId: t
      .integer('terminal_id')
      .notNull()
      .references(() => terminals.id),
    locationId: t
      .integer('location_id')
      .notNull()
      .references(() => locations.id),
    kind: t.varchar('kind', { length: 16 }).notNull(),
    number: t.bigint('number', { mode: 'number' }).notNull(),
    /** The number as printed: the series' prefix and the number, 10 digits ("SI-0000000123"). */
    documentNo: t.varchar('document_no', { length: 24 }).notNull(),
    businessDate: t.date('business_date', { mode: 'string' }).notNull(),
    issuedAt: t.timestamp('issued_at', { withTimezone: true, precision: 3 }).notNull(),
    /** No foreign key to users or clients: a key that sets null would have to change a row. */
    issuedBy: t.integer('issued_by').notNull(),
    cashierName: t.varchar('cashier_name', { length: 150 }).notNull(),
    clientId: t.integer('client_id'),
    buyerName: t.varchar('buyer_name', { length: 150 }).notNull().default(''),
    /** What it is for: A-<arrival>, a voucher code, CM-<id>, R-<reservation>. */
    saleReference: t.varchar('sale_reference', { length: 40 }).notNull().default(''),
    /** A credit memo's invoice. */
    originalId: t.integer('original_id'),
    gross: t.numeric('gross', { precision: 12, scale: 2 }).notNull(),
    vatableSales: t.numeric('vatable_sales', { precision: 12, scale: 2 }).notNull(),
    vat: t.numeric('vat', { precision: 12, scale: 2 }).notNull(),
    vatExemptSales: t.numeric('vat_exempt_sales', { precision: 12, scale: 2 }).notNull(),
    zeroRatedSales: t.numeric('zero_rated_sales', { precision: 12, scale: 2 }).notNull(),
    discountSenior: t.numeric('discount_senior', { precision: 12, scale: 2 }).notNull(),
    discountPwd: t.numeric('discount_pwd', { precision: 12, scale: 2 }).notNull(),
    discountOther: t.numeric('discount_other', { precision: 12, scale: 2 }).notNull(),
    serviceCharge: t.numeric('service_charge', { precision: 12, scale: 2 }).notNull(),
    totalDue: t.numeric('total_due', { precision: 12, scale: 2 }).notNull(),
    snapshot: t.jsonb('snapshot').notNull(),
    voidedAt: t.timestamp('voided_at', { withTimezone: true, precision: 3 }),
    voidedBy: t.integer('voided_by'),
    voidReason: t.varchar('void_reason', { length: 300 }),
  },
  (table) => [
    t.uniqueIndex('invoices_terminal_kind_number_idx').on(table.terminalId, table.kind, table.number),
    t.index('invoices_terminal_date_idx').on(table.terminalId, table.businessDate),
    t.index('invoices_location_date_idx').on(table.locationId, table.businessDate),
    t.index('invoices_document_no_idx').on(table.documentNo),
    t.index('invoices_sale_reference_idx').on(table.saleReference),
    t.foreignKey({ name: 'invoices_original_fk', columns: [table.originalId], foreignColumns: [table.id] }),
    t.check('invoices_kind', sql`kind in ('invoice', 'credit_memo', 'acknowledgement')`),
    t.check('invoices_number_positive', sql`number > 0`),
  ],
);

/**
 * A senior citizen's or PWD's ID on a document (RA 9994, RA 10754): sensitive (Data Privacy Act),
 * so in its own table, read only on the document itself and in the discount books; append-only.
 */
export const invoiceSpecialDiscounts = t.pgTable(
  'invoice_special_discounts',
  {
    invoiceId: t
      .integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id),
    kind: t.varchar('kind', { length: 6 }).notNull(),
    idType: t.varchar('id_type', { length: 12 }).notNull(),
    idNumber: t.varchar('id_number', { length: 40 }).notNull(),
    name: t.varchar('name', { length: 150 }).notNull(),
    tin: t.varchar('tin', { length: 20 }).notNull().default(''),
  },
  () => [t.check('invoice_special_discounts_kind', sql`kind in ('senior', 'pwd')`)],
);

/**
 * X and Z readings (issue 33): what a terminal took since its last Z reading. An X reading resets
 * nothing; a Z reading closes the terminal's business day and counts (`z_counter`). Once made a
 * reading never changes (triggers), and reads back byte for byte from its snapshot.
 */
export const invoicingReadings = t.pgTable(
  'invoicing_readings',
  {
    id: t.serial('id').primaryKey(),
    terminalId: t
      .integer('terminal_id')
      .notNull()
      .references(() => terminals.id),
    kind: t.varchar('kind', { length: 1 }).notNull(),
    /** The Z reading's count on its terminal (from 1); null on an X reading. */
    zCounter: t.integer('z_counter'),
    businessDate: t.date('business_date', { mode: 'string' }).notNull(),
    madeAt: t.timestamp('made_at', { withTimezone: true, precision: 3 }).notNull(),
    madeBy: t.integer('made_by').notNull(),
    snapshot: t.jsonb('snapshot').notNull(),
  },
  (table) => [
    t.uniqueIndex('invoicing_readings_z_idx').on(table.terminalId, table.zCounter),
    t.index('invoicing_readings_terminal_date_idx').on(table.terminalId, table.businessDate),
    t.check('invoicing_readings_kind', sql`kind in ('x', 'z') and ((kind = 'z') = (z_counter is not null))`),
  ],
);

/**
 * The e-invoicing outbox (RR 11-2025 as extended by RR 26-2025): every invoice's canonical JSON,
 * queued for transmission. Transmission is off by default; `npm run einvoices` writes the queue out.
 */
export const einvoiceOutbox = t.pgTable(
  'einvoice_outbox',
  {
    id: t.serial('id').primaryKey(),
    invoiceId: t
      .integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    payload: t.jsonb('payload').notNull(),
    status: t.varchar('status', { length: 8 }).notNull().default('pending'),
    attempts: t.integer('attempts').notNull().default(0),
    lastError: t.text('last_error').notNull().default(''),
    createdAt: t.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: t.timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    t.uniqueIndex('einvoice_outbox_invoice_idx').on(table.invoiceId),
    t.index('einvoice_outbox_status_idx').on(table.status, table.id),
    t.check('einvoice_outbox_status', sql`status in ('pending', 'sent', 'failed')`),
  ],
);
