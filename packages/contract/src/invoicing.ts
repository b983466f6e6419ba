import { z } from 'zod';
import { booleanQuery, idString, relationId, text } from './fields';
import { listQuerySchema } from './pagination';
import { requiredText, timestamps } from './admin-fields';

/**
 * Who the seller is and the desk's terminals (issue 33, docs/decisions/1000): the facts a
 * BIR-registered business prints on its invoices. Registration itself stays with the business and
 * its accountant; Ginhawa keeps what they were given.
 */

/** A TIN as the BIR prints it: 000-000-000 (the branch code is its own field). */
export const TIN_RE = /^\d{3}-\d{3}-\d{3}$/;
export const TIN_MESSAGE = 'Enter the TIN as 000-000-000.';
/** The head office is 00000; each branch has the 5 digits the BIR gave it. */
export const BRANCH_CODE_RE = /^\d{5}$/;
export const BRANCH_CODE_MESSAGE = 'Enter the 5-digit branch code (00000 for the head office).';

export const INVOICING_MODES = ['off', 'on'] as const;
export type InvoicingMode = (typeof INVOICING_MODES)[number];

export const VAT_STATUSES = ['vat', 'non_vat'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];
export const VAT_STATUS_LABELS: Record<VatStatus, string> = {
  vat: 'VAT-registered',
  non_vat: 'Non-VAT',
};

/** Digits and dashes as typed ("123456789" or "123-456-789") → 000-000-000; blank stays blank. */
const formatTin = (v: string) => {
  const digits = v.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : v;
};
export const tinSchema = text(20)
  .transform(formatTin)
  .refine((v) => v === '' || TIN_RE.test(v), TIN_MESSAGE);
export const branchCodeSchema = text(5).refine((v) => BRANCH_CODE_RE.test(v), BRANCH_CODE_MESSAGE);

/** A VAT rate in percent with two places ("12.00"), between 0 and 100. */
export const vatRateSchema = z
  .string({ error: 'Enter the VAT rate, like 12.00.' })
  .trim()
  .refine((v) => /^\d{1,2}(\.\d{1,2})?$|^100(\.0{1,2})?$/.test(v), 'Enter the VAT rate, like 12.00.')
  .transform((v) => Number(v).toFixed(2));

/** A date on a permit or an accreditation: any real date (a validity may run years ahead). */
const optionalDate = z
  .string({ error: 'Enter a date as YYYY-MM-DD.' })
  .trim()
  .pipe(z.iso.date({ error: 'Enter a real date as YYYY-MM-DD.' }))
  .nullable();

/** The software block every invoice prints in its footer: blank until the business has the facts. */
export const softwareBlockSchema = z.object({
  supplier_name: text(150),
  supplier_address: text(300, { multiline: true }),
  supplier_tin: tinSchema,
  accreditation_no: text(60),
  date_issued: optionalDate,
  valid_until: optionalDate,
});
export type SoftwareBlock = z.infer<typeof softwareBlockSchema>;

const profileFields = {
  registered_name: text(150),
  business_style: text(150),
  tin: tinSchema,
  branch_code: branchCodeSchema,
  registered_address: text(300, { multiline: true }),
  vat_status: z.enum(VAT_STATUSES, { error: 'Choose VAT-registered or non-VAT.' }),
  vat_rate: vatRateSchema,
  software: softwareBlockSchema,
  /** `off`: sales are recorded, nothing is numbered; `on` needs a complete profile and a terminal at each active branch. */
  invoicing: z.enum(INVOICING_MODES, { error: 'Choose on or off.' }).optional(),
};

/** PUT /api/invoicing/profile/: every field (the `invoicing` switch stays as it is when left out). */
export const invoicingProfilePutSchema = z.object(profileFields);
export type InvoicingProfileBody = z.input<typeof invoicingProfilePutSchema>;
export type InvoicingProfileInput = z.output<typeof invoicingProfilePutSchema>;
/** PATCH: the fields given; the software block may be given in part. */
export const invoicingProfilePatchSchema = z
  .object({ ...profileFields, software: softwareBlockSchema.partial() })
  .partial();
export type InvoicingProfilePatch = z.input<typeof invoicingProfilePatchSchema>;
export type InvoicingProfileChanges = z.output<typeof invoicingProfilePatchSchema>;

export const invoicingProfileSchema = z.object({
  registered_name: z.string(),
  business_style: z.string(),
  tin: z.string(),
  branch_code: z.string(),
  registered_address: z.string(),
  vat_status: z.enum(VAT_STATUSES),
  vat_rate: z.string(),
  software: z.object({
    supplier_name: z.string(),
    supplier_address: z.string(),
    supplier_tin: z.string(),
    accreditation_no: z.string(),
    date_issued: z.string().nullable(),
    valid_until: z.string().nullable(),
  }),
  invoicing: z.enum(INVOICING_MODES),
  /** What the profile still lacks before invoices can be issued (empty when complete). */
  missing: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type InvoicingProfile = z.infer<typeof invoicingProfileSchema>;

// ——— terminals ———

export const DOCUMENT_KINDS = ['invoice', 'credit_memo', 'acknowledgement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  invoice: 'Invoice',
  credit_memo: 'Credit memo',
  acknowledgement: 'Acknowledgement receipt',
};

/** A series' prefix: capitals, digits and dashes, printed before the number ("SI-"). */
const prefixSchema = text(10).refine((v) => /^[A-Z0-9-]*$/.test(v), 'Use capital letters, digits and dashes.');
/** The first number a series will issue: a positive whole number (the series never goes back). */
const nextNumberSchema = z
  .number({ error: 'Enter a whole number from 1.' })
  .int('Enter a whole number from 1.')
  .min(1, 'Enter a whole number from 1.')
  .max(9_999_999_999, 'Enter at most 9,999,999,999.');

const terminalFields = {
  location: relationId('a location'),
  name: requiredText('a name', 60),
  /** Machine identification number, as on the BIR permit. */
  min: text(30),
  serial_number: text(60),
  /** Permit to use, or acknowledgement certificate, number and date. */
  permit_number: text(60),
  permit_date: optionalDate,
  invoice_prefix: prefixSchema,
  next_invoice_number: nextNumberSchema,
  credit_memo_prefix: prefixSchema,
  next_credit_memo_number: nextNumberSchema,
  acknowledgement_prefix: prefixSchema,
  next_acknowledgement_number: nextNumberSchema,
  is_active: z.boolean(),
};

export const terminalBodySchema = z.object({
  ...terminalFields,
  min: terminalFields.min.default(''),
  serial_number: terminalFields.serial_number.default(''),
  permit_number: terminalFields.permit_number.default(''),
  permit_date: optionalDate.default(null),
  invoice_prefix: terminalFields.invoice_prefix.default(''),
  next_invoice_number: nextNumberSchema.default(1),
  credit_memo_prefix: terminalFields.credit_memo_prefix.default(''),
  next_credit_memo_number: nextNumberSchema.default(1),
  acknowledgement_prefix: terminalFields.acknowledgement_prefix.default(''),
  next_acknowledgement_number: nextNumberSchema.default(1),
  is_active: z.boolean().default(true),
});
export type TerminalBody = z.input<typeof terminalBodySchema>;
export type TerminalInput = z.output<typeof terminalBodySchema>;
export const terminalPutSchema = terminalBodySchema;
export const terminalPatchSchema = z.object(terminalFields).partial();
export type TerminalPatch = z.input<typeof terminalPatchSchema>;
export type TerminalChanges = z.output<typeof terminalPatchSchema>;

export const terminalSchema = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_name: z.string(),
  name: z.string(),
  min: z.string(),
  serial_number: z.string(),
  permit_number: z.string(),
  permit_date: z.string().nullable(),
  invoice_prefix: z.string(),
  next_invoice_number: z.number().int(),
  credit_memo_prefix: z.string(),
  next_credit_memo_number: z.number().int(),
  acknowledgement_prefix: z.string(),
  next_acknowledgement_number: z.number().int(),
  /** Sum of every document the terminal issued: never resets (numeric, 2 places). */
  grand_total: z.string(),
  z_counter: z.number().int(),
  /** Stays 0: nothing resets a terminal's series or grand total. */
  reset_counter: z.number().int(),
  is_active: z.boolean(),
  ...timestamps,
});
export type Terminal = z.infer<typeof terminalSchema>;

export const TERMINAL_ORDERING = ['name', 'location_name', 'is_active', 'created_at', 'id'] as const;
export const terminalListQuerySchema = listQuerySchema(TERMINAL_ORDERING, {
  location: idString().optional(),
  is_active: booleanQuery.optional(),
});
export type TerminalListQuery = z.input<typeof terminalListQuerySchema>;
export type TerminalQuery = z.output<typeof terminalListQuerySchema>;

export const terminalResource = {
  item: terminalSchema,
  listQuery: terminalListQuerySchema,
  createBody: terminalBodySchema,
  putBody: terminalPutSchema,
  patchBody: terminalPatchSchema,
};

// ——— the electronic journal ———

export const journalVerifyQuerySchema = z.object({ terminal: idString().optional() });
export type JournalVerifyQuery = z.input<typeof journalVerifyQuerySchema>;
export type JournalVerifyParams = z.output<typeof journalVerifyQuerySchema>;

/** `GET /api/invoicing/journal/verify/`: the chain walked; the first entry that breaks it, if any. */
export const journalVerificationSchema = z.object({
  ok: z.boolean(),
  /** Entries found sound before the first bad one (all of them when ok). */
  entries: z.number().int(),
  first_bad_entry: z
    .object({ id: z.number().int(), terminal: z.number().int(), seq: z.number().int(), reason: z.string() })
    .nullable(),
});
export type JournalVerification = z.infer<typeof journalVerificationSchema>;
