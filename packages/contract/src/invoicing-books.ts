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

export const booksQuerySchema = z
  .object({
    date_from: calendarDateSchema,
    date_to: calendarDateSchema,
    location: idString('No such branch.').optional(),
    terminal: idString('No such terminal.').optional(),
    format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json'),
  })
  .superRefine((q, ctx) => {
    if (q.date_to < q.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: BOOKS_RANGE_MESSAGE });
    else if (daysBetween(q.date_from, q.date_to) >= BOOKS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: BOOKS_SPAN_MESSAGE });
  });
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
