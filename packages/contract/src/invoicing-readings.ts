import { z } from 'zod';
import { calendarDateSchema, idString } from './fields';
import { listQuerySchema } from './pagination';

/**
 * X and Z readings (issue 33; docs/decisions/1020-readings-and-the-day-close.md): what a terminal
 * took since its last Z reading, summed in SQL from its documents. An X reading (any time, a
 * shift's) resets nothing; a Z reading closes the terminal's business day and counts. A reading
 * never changes once made: it reads back byte for byte from the snapshot it was printed from.
 */

export const READING_KINDS = ['x', 'z'] as const;
export type ReadingKind = (typeof READING_KINDS)[number];
export const READING_TITLES: Record<ReadingKind, string> = { x: 'X READING', z: 'Z READING' };

const money = z.string();

/** The first and last numbers of one series the reading covers (null when it covers none). */
const seriesRange = z.object({
  first: z.string().nullable(),
  last: z.string().nullable(),
  count: z.number().int(),
});

/** What a reading prints, kept with it for good. */
export const readingSnapshotSchema = z.object({
  title: z.string(),
  kind: z.enum(READING_KINDS),
  business_date: z.string(),
  made_at: z.string(),
  made_by: z.string(),
  seller: z.object({ registered_name: z.string(), tin_line: z.string(), address: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string() }),
  terminal: z.object({
    id: z.number().int(),
    name: z.string(),
    min: z.string(),
    serial_number: z.string(),
    permit_number: z.string(),
    permit_date: z.string().nullable(),
  }),
  /** This reading's Z counter (null on an X reading), the previous Z's, and the reset counter (always 0). */
  z_counter: z.number().int().nullable(),
  previous_z_counter: z.number().int(),
  reset_counter: z.number().int(),
  /** The period: documents since the previous Z reading (made at `since`, null for the terminal's first). */
  since: z.string().nullable(),
  /** Per kind, the last number covered so far: the next reading starts after it. */
  through: z.object({ invoice: z.number().int(), credit_memo: z.number().int(), acknowledgement: z.number().int() }),
  documents: z.object({ invoice: seriesRange, credit_memo: seriesRange, acknowledgement: seriesRange }),
  document_count: z.number().int(),
  grand_total: z.object({ previous: money, present: money }),
  /** Every invoice of the period, voided ones included: what was rung up. */
  gross: money,
  /** The tax box of the invoices that stand (not voided). */
  vatable_sales: money,
  vat: money,
  vat_exempt_sales: money,
  zero_rated_sales: money,
  discounts: z.object({ senior: money, pwd: money, other: money }),
  service_charge: money,
  voids: z.object({ count: z.number().int(), amount: money }),
  credit_memos: z.object({ count: z.number().int(), amount: money }),
  /** Invoices that stand less credit memos. */
  net_sales: money,
  /** Money taken by method and bank: invoices and acknowledgements that stand, less credit memos. */
  payments: z.array(z.object({ method: z.string(), bank_name: z.string().nullable(), amount: money })),
  /** The cash among the payments: what the drawer should hold from this terminal's documents. */
  cash: money,
});
export type ReadingSnapshot = z.infer<typeof readingSnapshotSchema>;

export const readingSchema = z.object({
  id: z.number().int(),
  kind: z.enum(READING_KINDS),
  terminal: z.number().int(),
  terminal_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  z_counter: z.number().int().nullable(),
  business_date: z.string(),
  made_at: z.string(),
  snapshot: readingSnapshotSchema,
});
export type Reading = z.infer<typeof readingSchema>;

/** POST /api/invoicing/readings/{x|z}/{terminal}/. */
export const readingTerminalParamsSchema = z.object({ terminal: idString('No such terminal.') });

export const READING_ORDERING = ['made_at', 'business_date', 'id'] as const;
export const readingListQuerySchema = listQuerySchema(READING_ORDERING, {
  terminal: idString().optional(),
  location: idString().optional(),
  kind: z.enum(READING_KINDS, { error: 'Choose x or z.' }).optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ReadingListQuery = z.input<typeof readingListQuerySchema>;
export type ReadingQuery = z.output<typeof readingListQuerySchema>;

/** A daily report's Z readings (decision 0504 with issue 33): the cash each says the drawer took. */
export const reportZReadingSchema = z.object({
  id: z.number().int(),
  terminal: z.number().int(),
  terminal_name: z.string(),
  z_counter: z.number().int(),
  net_sales: money,
  cash: money,
});
export type ReportZReading = z.infer<typeof reportZReadingSchema>;
