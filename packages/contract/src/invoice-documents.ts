import { z } from 'zod';
import { calendarDateSchema, idString, relationId, searchSchema, text } from './fields';
import { listQuerySchema } from './pagination';
import { DOCUMENT_KINDS, tinSchema } from './invoicing';
import { SPECIAL_DISCOUNT_KINDS, TAX_CLASSES } from './tax';

/**
 * The documents a terminal issues (issue 33; docs/decisions/1002): an INVOICE for every sale taken
 * at the desk while invoicing is on, a credit memo for a return or refund, an acknowledgement
 * receipt for a reservation deposit. What every call that takes money adds to its body, and what a
 * document reads back.
 */

export const SPECIAL_ID_TYPES = ['osca', 'pwd_id', 'government_id'] as const;
export type SpecialIdType = (typeof SPECIAL_ID_TYPES)[number];
export const SPECIAL_ID_TYPE_LABELS: Record<SpecialIdType, string> = {
  osca: 'OSCA / senior citizen ID',
  pwd_id: 'PWD ID',
  government_id: 'Other government ID',
};

/** The buyer's senior citizen or PWD ID, shown on the document and kept in its own table. */
export const specialDiscountSchema = z.object({
  kind: z.enum(SPECIAL_DISCOUNT_KINDS, { error: 'Choose senior citizen or PWD.' }),
  id_type: z.enum(SPECIAL_ID_TYPES, { error: 'Choose the kind of ID.' }),
  id_number: text(40, { required: 'Enter the ID number.' }),
  /** The client's name by default; the ID holder's as on the ID. */
  name: text(150, { required: 'Enter the name on the ID.' }),
  tin: tinSchema.default(''),
});
export type SpecialDiscountBody = z.input<typeof specialDiscountSchema>;
export type SpecialDiscount = z.output<typeof specialDiscountSchema>;

/** From this amount a VAT-registered buyer's invoice must carry their name, address and TIN (RR 7-2024). */
export const BUYER_DETAILS_FROM = '1000.00';
export const BUYER_DETAILS_MESSAGE =
  'A VAT-registered buyer of ₱1,000.00 or more needs their registered name, address and TIN on the invoice.';

export const buyerSchema = z.object({
  name: text(150),
  address: text(300, { multiline: true }),
  tin: tinSchema,
  /** The buyer says they are VAT-registered (and will claim input tax). */
  vat_registered: z.boolean().default(false),
});
export type BuyerBody = z.input<typeof buyerSchema>;
export type Buyer = z.output<typeof buyerSchema>;

/**
 * What every call that takes money adds (`clients/treatments/`, `clients/memberships/`,
 * `sales/checkout/`, a reservation's deposit): the desk's terminal (required while invoicing is
 * on; another branch's terminal is a 400), the senior/PWD discount, the buyer's details.
 */
export const invoicingFields = {
  terminal: relationId('the terminal').nullable().default(null),
  special_discount: specialDiscountSchema.nullable().default(null),
  buyer: buyerSchema.nullable().default(null),
};
export const TERMINAL_REQUIRED_MESSAGE = 'Choose this desk’s terminal: invoicing is on.';

// ——— a document as printed ———

export const DOCUMENT_TITLES = {
  invoice: 'INVOICE',
  credit_memo: 'CREDIT MEMO',
  acknowledgement: 'ACKNOWLEDGEMENT RECEIPT',
} as const;
export const NOT_FOR_INPUT_TAX = 'THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX';

const money = z.string();

/** The JSON a document was printed from, kept with it for good (a rename later changes nothing). */
export const documentSnapshotSchema = z.object({
  title: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  document_no: z.string(),
  issued_at: z.string(),
  business_date: z.string(),
  seller: z.object({
    registered_name: z.string(),
    business_style: z.string(),
    /** "VAT REG TIN 000-000-000-00000" or "NON-VAT REG TIN …". */
    tin_line: z.string(),
    address: z.string(),
    vat_status: z.enum(['vat', 'non_vat']),
  }),
  terminal: z.object({
    name: z.string(),
    min: z.string(),
    serial_number: z.string(),
    permit_number: z.string(),
    permit_date: z.string().nullable(),
  }),
  buyer: z.object({ name: z.string(), address: z.string(), tin: z.string() }),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      unit_price: money,
      amount: money,
      tax_class: z.enum(TAX_CLASSES),
      special: z.boolean(),
    }),
  ),
  discounts: z.array(z.object({ kind: z.enum(['senior', 'pwd', 'other']), label: z.string(), amount: money })),
  service_charge: money,
  gross: money,
  /** The VAT box; null on a non-VAT seller's document. */
  tax: z
    .object({
      vatable_sales: money,
      vat: money,
      vat_exempt_sales: money,
      zero_rated_sales: money,
    })
    .nullable(),
  total_due: money,
  /** Printed prominently: "VAT-EXEMPT SALE", "ZERO-RATED SALE", the input-tax notice. */
  notices: z.array(z.string()),
  payments: z.array(
    z.object({
      method: z.string(),
      label: z.string(),
      bank_name: z.string().nullable(),
      reference_no: z.string(),
      amount: money,
    }),
  ),
  /** A visit's deposit, paid earlier against its acknowledgement receipt. */
  deposit: z.object({ document_no: z.string().nullable(), amount: money }).nullable(),
  /** A credit memo's invoice. */
  original: z.object({ document_no: z.string(), issued_at: z.string() }).nullable(),
  special_discount: z.object({ kind: z.enum(SPECIAL_DISCOUNT_KINDS), label: z.string() }).nullable(),
  reason: z.string().nullable(),
  cashier: z.string(),
  software: z.object({
    supplier_name: z.string(),
    supplier_address: z.string(),
    supplier_tin: z.string(),
    accreditation_no: z.string(),
    date_issued: z.string().nullable(),
    valid_until: z.string().nullable(),
  }),
});
export type DocumentSnapshot = z.infer<typeof documentSnapshotSchema>;

export const invoiceDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.number().int(),
  document_no: z.string(),
  terminal: z.number().int(),
  terminal_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  business_date: z.string(),
  issued_at: z.string(),
  cashier_name: z.string(),
  client: z.number().int().nullable(),
  buyer_name: z.string(),
  sale_reference: z.string(),
  original: z.number().int().nullable(),
  gross: money,
  vatable_sales: money,
  vat: money,
  vat_exempt_sales: money,
  zero_rated_sales: money,
  discount_senior: money,
  discount_pwd: money,
  discount_other: money,
  service_charge: money,
  total_due: money,
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  snapshot: documentSnapshotSchema,
  /** The senior/PWD ID: on one document's read (and the checkout's answer) only, never in lists. */
  special_discount: z
    .object({
      kind: z.enum(SPECIAL_DISCOUNT_KINDS),
      id_type: z.enum(SPECIAL_ID_TYPES),
      id_number: z.string(),
      name: z.string(),
      tin: z.string(),
    })
    .nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const DOCUMENT_ORDERING = ['issued_at', 'document_no', 'total_due', 'id'] as const;
export const documentListQuerySchema = listQuerySchema(DOCUMENT_ORDERING, {
  terminal: idString().optional(),
  location: idString().optional(),
  kind: z.enum(DOCUMENT_KINDS, { error: 'Choose invoice, credit_memo or acknowledgement.' }).optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  search: searchSchema.optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;
export type DocumentQuery = z.output<typeof documentListQuerySchema>;

export const documentVoidBodySchema = z.object({
  reason: text(300, { required: 'Say why the document is voided.' }),
});
export type DocumentVoidBody = z.input<typeof documentVoidBodySchema>;

/** A void asked for by the desk (decision 1016): sent to the branch's Managers and the Admins to approve. */
export const documentVoidRequestSchema = z.object({ result: z.literal('requested'), message: z.string() });
export type DocumentVoidRequest = z.infer<typeof documentVoidRequestSchema>;

/** A credit memo's money goes back in cash or to an e-wallet: card and bank reversals are the bank's. */
export const CREDIT_MEMO_REFUND_METHODS = ['cash', 'e_wallet'] as const;
export type CreditMemoRefundMethod = (typeof CREDIT_MEMO_REFUND_METHODS)[number];

export const creditMemoBodySchema = z.object({
  /** Which lines of the invoice (by their index) and how many of each; all of it when omitted. */
  lines: z
    .array(z.object({ line: z.number().int().min(0), quantity: z.number().int().positive() }))
    .max(50)
    .optional(),
  reason: text(300, { required: 'Say why the credit memo is issued.' }),
  terminal: relationId('the terminal').nullable().default(null),
  /** How the money goes back: from the drawer, or to the buyer's e-wallet (docs/decisions/1017). */
  refund_method: z.enum(CREDIT_MEMO_REFUND_METHODS, { error: 'Choose cash or e-wallet.' }).default('cash'),
});
export type CreditMemoBody = z.input<typeof creditMemoBodySchema>;
export type CreditMemoInput = z.output<typeof creditMemoBodySchema>;
