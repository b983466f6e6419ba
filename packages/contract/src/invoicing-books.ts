import { z } from 'zod';
import { calendarDateSchema, idString } from './fields';
import { SPECIAL_ID_TYPES } from './invoice-documents';

/**
 * The books an examiner asks for (issue 33; RR 11-2004, RMO 24-2023 Annexes E-1 to E-3;
 * docs/decisions/1022-the-books.md): read straight from the documents, summed in SQL, so a book
 * equals the sum of its documents to the centavo. Admins read every branch's; a branch's Managers
 * their branch's. JSON, or CSV with `?format=csv`.
 */

const money = z.string();

export const BOOKS_RANGE_MESSAGE = 'The last day comes on or after the first.';
/** At most a year and a day per request (a year's E-1 of four branches is some 1,500 rows). */
export const BOOKS_MAX_DAYS = 366;
export const BOOKS_SPAN_MESSAGE = `Ask for at most ${BOOKS_MAX_DAYS} days at a time.`;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
/** The last day on or after the first, at most BOOKS_MAX_DAYS apart. */
const checkRange = (q: { date_from: string; date_to: string }, ctx: z.RefinementCtx) => {
  if (q.date_to < q.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: BOOKS_RANGE_MESSAGE });
  else if (daysBetween(q.date_from, q.date_to) >= BOOKS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: BOOKS_SPAN_MESSAGE });
};

export const booksQuerySchema = z
  .object({
    date_from: calendarDateSchema,
    date_to: calendarDateSchema,
    location: idString('No such branch.').optional(),
    terminal: idString('No such terminal.').optional(),
    format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json'),
  })
  .superRefine(checkRange);
export type BooksQueryParams = z.input<typeof booksQuerySchema>;
export type BooksQuery = z.output<typeof booksQuerySchema>;

/** Annex E-1: one row per terminal and day with documents. */
export const salesSummaryRowSchema = z.object({
  date: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  terminal: z.number().int(),
  terminal_name: z.string(),
  min: z.string(),
  first_invoice: z.string().nullable(),
  last_invoice: z.string().nullable(),
  /** The terminal's grand total before the day's first invoice and after its last. */
  grand_total_before: money,
  grand_total_after: money,
  gross: money,
  vatable_sales: money,
  vat: money,
  vat_exempt_sales: money,
  zero_rated_sales: money,
  discount_senior: money,
  discount_pwd: money,
  discount_other: money,
  /** Credit memos issued that day. */
  returns: money,
  /** Invoices of that day voided. */
  voids: money,
  /** Invoices that stand, less returns. */
  net_sales: money,
  /** The Z reading that closed the day (null before it is made). */
  z_counter: z.number().int().nullable(),
  reset_counter: z.number().int(),
});
export type SalesSummaryRow = z.infer<typeof salesSummaryRowSchema>;

const summaryTotals = salesSummaryRowSchema.pick({
  gross: true,
  vatable_sales: true,
  vat: true,
  vat_exempt_sales: true,
  zero_rated_sales: true,
  discount_senior: true,
  discount_pwd: true,
  discount_other: true,
  returns: true,
  voids: true,
  net_sales: true,
});

export const salesSummarySchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  rows: z.array(salesSummaryRowSchema),
  totals: summaryTotals,
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** Annexes E-2 (senior citizens) and E-3 (persons with disability): one row per invoice. */
export const specialDiscountBookRowSchema = z.object({
  date: z.string(),
  location_name: z.string(),
  terminal_name: z.string(),
  document_no: z.string(),
  name: z.string(),
  id_type: z.enum(SPECIAL_ID_TYPES),
  id_number: z.string(),
  tin: z.string(),
  /** The eligible lines as priced (VAT included). */
  sales: money,
  /** The VAT taken off them. */
  vat: money,
  vat_exempt_sales: money,
  discount: money,
  net_sales: money,
  voided: z.boolean(),
});
export type SpecialDiscountBookRow = z.infer<typeof specialDiscountBookRowSchema>;

export const specialDiscountBookSchema = z.object({
  kind: z.enum(['senior', 'pwd']),
  date_from: z.string(),
  date_to: z.string(),
  rows: z.array(specialDiscountBookRowSchema),
  /** Of the invoices that stand (voided rows are listed, not counted). */
  totals: specialDiscountBookRowSchema.pick({
    sales: true,
    vat: true,
    vat_exempt_sales: true,
    discount: true,
    net_sales: true,
  }),
});
export type SpecialDiscountBook = z.infer<typeof specialDiscountBookSchema>;

/** A row of the corrections book: an invoice (or credit memo) voided, or a credit memo issued. */
export const CORRECTION_KINDS = ['void', 'credit_memo'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

/**
 * The void and credit-memo report (issue 33; docs/decisions/1024-the-corrections-book.md): every
 * document voided and every credit memo that stands, of the range's business days, with its reason
 * and who made it. Read from the documents, summed in SQL, as the other books.
 */
export const correctionsBookRowSchema = z.object({
  date: z.string(),
  location_name: z.string(),
  terminal_name: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  /** The voided document's number, or the credit memo's. */
  document_no: z.string(),
  /** A credit memo's invoice (null for a void). */
  original_invoice: z.string().nullable(),
  buyer_name: z.string(),
  amount: money,
  reason: z.string(),
  /** When it was voided, or when the credit memo was issued (ISO 8601). */
  at: z.string(),
  /** Who voided it, or the credit memo's cashier. */
  by: z.string(),
});
export type CorrectionsBookRow = z.infer<typeof correctionsBookRowSchema>;

export const correctionsBookSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  rows: z.array(correctionsBookRowSchema),
  totals: z.object({
    voids: money,
    void_count: z.number().int(),
    credit_memos: money,
    credit_memo_count: z.number().int(),
  }),
});
export type CorrectionsBook = z.infer<typeof correctionsBookSchema>;

/** `GET /api/invoicing/journal/?terminal=&date_from=&date_to=`: one terminal's journal as text (Admins). */
export const journalTextQuerySchema = z
  .object({
    terminal: idString('No such terminal.'),
    date_from: calendarDateSchema,
    date_to: calendarDateSchema,
  })
  .superRefine(checkRange);
export type JournalTextQueryParams = z.input<typeof journalTextQuerySchema>;
export type JournalTextQuery = z.output<typeof journalTextQuerySchema>;
