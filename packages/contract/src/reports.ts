import { z } from 'zod';
import { KEYED_SALE_KINDS, PAYMENT_METHODS, SALE_KINDS, saleSchema } from './clients';
import { serviceChargeSchema } from './client-fields';
import { calendarDateSchema, idString, money, relationId, returnBodySchema, text } from './fields';
import { filterId, listQuerySchema, pageSchema } from './pagination';
import { cashCountReadSchema, cashCountSchema, dayDepositsSchema } from './day-books';
import { reportZReadingSchema } from './invoicing-readings';

/**
 * Sales, daily reports and the leaderboard (issue 12; docs/product.md §11).
 * Money is a decimal string with two places; every sum is computed in SQL on numeric.
 */

export const DAILY_REPORT_STATUSES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type DailyReportStatus = (typeof DAILY_REPORT_STATUSES)[number];
/** How the screens and the CSV name a day's report state (a day with none yet is "Not started"). */
export const DAILY_REPORT_STATUS_LABELS: Record<DailyReportStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
};
/** Lines one store-sales-data request (JSON or CSV) may hold. */
export const SALES_IMPORT_MAX_LINES = 2_000;
/** Cutoff 1 = days 1–15, 2 = 16–end of month, 0 = the whole month (Manila dates). */
export const CUTOFFS = [0, 1, 2] as const;
export const DEFAULT_CUTOFF = 1;
export const MIN_REPORT_YEAR = 2000;
export const MAX_REPORT_YEAR = 2100;
/** The columns of a sales CSV upload, in order (a header row naming them is required). */
export const SALES_CSV_COLUMNS = [
  'salesperson',
  'kind',
  'amount',
  'discount',
  'service_charge',
  'payment_method',
  'bank',
  'reference_no',
  'reference',
  'client',
  'external_document_no',
] as const;

// ——— sale lines ———

/** One line of store-sales-data; the batch names the location and date. */
export const saleLineSchema = z.object({
  salesperson: relationId('a salesperson'),
  kind: z.enum(KEYED_SALE_KINDS, { error: `Choose from ${KEYED_SALE_KINDS.join(', ')}.` }).default('walk_in'),
  amount: money({ acceptNumber: true, padded: true }),
  discount: money({ acceptNumber: true, padded: true }).default('0.00'),
  service_charge: serviceChargeSchema,
  payment_method: z.enum(PAYMENT_METHODS, { error: `Choose from ${PAYMENT_METHODS.join(', ')}.` }),
  bank: relationId('a bank account').nullable().default(null),
  reference_no: text(60).default(''),
  reference: text(40).default(''),
  client: relationId('a client').nullable().default(null),
  /** With invoicing on (issue 33): the number of the invoice another registered system issued for it. */
  external_document_no: text(40).default(''),
});
export type SaleLine = z.output<typeof saleLineSchema>;

export const storeSalesBodySchema = z.object({
  location: relationId('a location'),
  date: calendarDateSchema,
  sales: z
    .array(saleLineSchema)
    .min(1, 'Add at least one sale line.')
    .max(SALES_IMPORT_MAX_LINES, `At most ${SALES_IMPORT_MAX_LINES} lines at a time.`),
});
export type StoreSalesBody = z.input<typeof storeSalesBodySchema>;
export type StoreSalesInput = z.output<typeof storeSalesBodySchema>;

export const storeSalesResultSchema = z.object({
  location: z.number().int(),
  date: z.string(),
  stored: z.number().int(),
  ids: z.array(z.number().int()),
  total: z.string(),
});
export type StoreSalesResult = z.infer<typeof storeSalesResultSchema>;

// The approvers decide on it and the audit keeps it: a sale is never deleted without saying why.
const DELETE_REASON_REQUIRED = 'Say why these sales are deleted.';
export const deleteSalesBodySchema = z.object({
  ids: z.array(relationId('a sale')).min(1, 'Choose at least one sale.').max(SALES_IMPORT_MAX_LINES),
  reason: text(500, { multiline: true, required: DELETE_REASON_REQUIRED, missing: DELETE_REASON_REQUIRED }),
});
export type DeleteSalesBody = z.input<typeof deleteSalesBodySchema>;
export type DeleteSalesInput = z.output<typeof deleteSalesBodySchema>;

export const deleteSalesResultSchema = z.object({
  result: z.enum(['deleted', 'requested']),
  deleted: z.number().int(),
  message: z.string(),
});
export type DeleteSalesResult = z.infer<typeof deleteSalesResultSchema>;

/** A sale line as the reports list it: ids plus readable names. */
export const saleLineReadSchema = saleSchema.extend({
  location_name: z.string(),
  /** Null on a forfeited deposit, which no one sold. */
  salesperson_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  report: z.number().int().nullable(),
});
export type SaleLineRead = z.infer<typeof saleLineReadSchema>;

/**
 * A page of sale lines with the sums of every line the filters match (not only this page), so a
 * figure drilled into is checked against its lines at a glance (decision 0505).
 */
export const saleLinesPageSchema = pageSchema(saleLineReadSchema).extend({
  totals: z.object({
    gross_total: z.string(),
    discount_total: z.string(),
    net_total: z.string(),
    /** Collected on top of the net (RA 11360). */
    service_charge_total: z.string(),
    /** The sales to clients the lines are (`count` is lines): a visit paid partly by its deposit is two lines, one sale (decision 0508). */
    sales_count: z.number().int(),
  }),
});
export type SaleLinesPage = z.infer<typeof saleLinesPageSchema>;

/** `?format=csv` on every report and list streams text/csv instead of JSON. */
const formatParam = { format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json') };

export const DAILY_SALES_ORDERING = ['date', 'net_amount', 'amount', 'created_at', 'id'] as const;
export const dailySalesQuerySchema = listQuerySchema(DAILY_SALES_ORDERING, {
  date: calendarDateSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  location: filterId().optional(),
  salesperson: filterId().optional(),
  bank: filterId().optional(),
  payment_method: z.enum(PAYMENT_METHODS, { error: `Choose from ${PAYMENT_METHODS.join(', ')}.` }).optional(),
  kind: z.enum(SALE_KINDS, { error: `Choose from ${SALE_KINDS.join(', ')}.` }).optional(),
  ...formatParam,
});
export type DailySalesQuery = z.output<typeof dailySalesQuerySchema>;

// ——— daily reports ———

export const totalsSchema = z.object({ total: z.string(), count: z.number().int() });

export const dailyReportSchema = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  status: z.enum(DAILY_REPORT_STATUSES),
  gross_total: z.string(),
  discount_total: z.string(),
  net_total: z.string(),
  /** Net sales paid in cash. */
  cash_total: z.string(),
  /** Service charges collected on top of the net (RA 11360): not in the net, but in the till (decision 0505). */
  service_charge_total: z.string(),
  /**
   * The cash the till should hold: cash sales and the service charges paid in cash, plus cash
   * deposits received that day, less cash deposits handed back; a deposit applied to a visit is not
   * counted again (docs/decisions/0520-deposits-on-the-books.md).
   */
  cash_expected: z.string(),
  /** Deposits taken that day (money received, not sales) and deposits applied to that day's visits. */
  deposits_received_total: z.string(),
  deposits_applied_total: z.string(),
  sales_count: z.number().int(),
  by_payment_method: z.record(z.string(), z.string()),
  cash_on_hand: z.string().nullable(),
  /** The count by denomination when it was entered so (its total is cash_on_hand); null for one total. */
  cash_count: cashCountReadSchema.nullable(),
  /** Cash on hand − cash expected; null until cash on hand is entered. */
  variance: z.string().nullable(),
  /**
   * The branch's Z readings of the day (issue 33; docs/decisions/1021): submitting makes any that
   * are missing. `z_cash` is the cash they say the drawer took (null without any), and
   * `z_cash_difference` the cash on hand less it (null until both are known).
   */
  z_readings: z.array(reportZReadingSchema),
  z_cash: z.string().nullable(),
  z_cash_difference: z.string().nullable(),
  remarks: z.string(),
  return_reason: z.string(),
  submitted_by: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  approved_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

export const dailyReportBodySchema = z.object({
  location: relationId('a location'),
  date: calendarDateSchema,
  cash_on_hand: money({ acceptNumber: true, padded: true }).nullable().default(null),
  /** Counted by denomination: the server computes cash_on_hand from it (decision 0523). */
  cash_count: cashCountSchema.nullable().default(null),
  remarks: text(1000, { multiline: true }).default(''),
});
export type DailyReportBody = z.input<typeof dailyReportBodySchema>;
export type DailyReportInput = z.output<typeof dailyReportBodySchema>;
export const dailyReportPatchSchema = dailyReportBodySchema
  .pick({ cash_on_hand: true, cash_count: true, remarks: true })
  .partial();
export type DailyReportPatch = z.input<typeof dailyReportPatchSchema>;
export type DailyReportChanges = z.output<typeof dailyReportPatchSchema>;
/** Submitting needs the cash counted: the server refuses without it, and the form says so before sending. */
export const CASH_COUNT_REQUIRED = 'Enter the cash on hand before submitting.';
export const dailyReportSubmitSchema = dailyReportPatchSchema.refine((body) => body.cash_on_hand != null, {
  path: ['cash_on_hand'],
  message: CASH_COUNT_REQUIRED,
});
export const returnReportBodySchema = returnBodySchema('report');

export const DAILY_REPORT_ORDERING = ['date', 'status', 'id'] as const;
export const dailyReportListQuerySchema = listQuerySchema(DAILY_REPORT_ORDERING, {
  location: filterId().optional(),
  status: z.enum(DAILY_REPORT_STATUSES, { error: `Choose from ${DAILY_REPORT_STATUSES.join(', ')}.` }).optional(),
  date: calendarDateSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  ...formatParam,
});
export type DailyReportListQuery = z.input<typeof dailyReportListQuerySchema>;
export type DailyReportQuery = z.output<typeof dailyReportListQuerySchema>;

// ——— report queries ———

/** Shared by every period query (reports, pay runs). */
export const monthParam = z.coerce
  .number({ error: 'Enter a month from 1 to 12.' })
  .int('Enter a month from 1 to 12.')
  .min(1, 'Enter a month from 1 to 12.')
  .max(12, 'Enter a month from 1 to 12.');
/** Shared by every period query (reports, pay runs). */
export const yearParam = z.coerce
  .number({ error: `Enter a year from ${MIN_REPORT_YEAR} to ${MAX_REPORT_YEAR}.` })
  .int(`Enter a year from ${MIN_REPORT_YEAR} to ${MAX_REPORT_YEAR}.`)
  .min(MIN_REPORT_YEAR, `Enter a year from ${MIN_REPORT_YEAR} to ${MAX_REPORT_YEAR}.`)
  .max(MAX_REPORT_YEAR, `Enter a year from ${MIN_REPORT_YEAR} to ${MAX_REPORT_YEAR}.`);
const cutoffParam = z.coerce
  .number({ error: 'Choose cutoff 0, 1 or 2.' })
  .int('Choose cutoff 0, 1 or 2.')
  .min(0, 'Choose cutoff 0, 1 or 2.')
  .max(2, 'Choose cutoff 0, 1 or 2.');

/** One date's figures; `location` narrows them (and their CSV) to that location. */
export const dailySalesReportQuerySchema = z.object({
  date: calendarDateSchema,
  location: filterId('Choose a location.').optional(),
  ...formatParam,
});
export const personalSalesQuerySchema = z.object({
  salesperson_id: idString('Choose a salesperson.'),
  month: monthParam,
  year: yearParam,
  ...formatParam,
});
export const locationSalesQuerySchema = z.object({
  month: monthParam,
  year: yearParam,
  location: filterId().optional(),
  ...formatParam,
});
export const leaderboardQuerySchema = z.object({
  month: monthParam,
  year: yearParam,
  cutoff: cutoffParam.default(DEFAULT_CUTOFF),
  location: filterId().optional(),
  ...formatParam,
});
export type DailySalesReportQuery = z.output<typeof dailySalesReportQuerySchema>;
export type PersonalSalesQuery = z.output<typeof personalSalesQuerySchema>;
export type LocationSalesQuery = z.output<typeof locationSalesQuerySchema>;
export type LeaderboardQuery = z.output<typeof leaderboardQuerySchema>;

/** A breakdown row: `total` is net sales; `service_charge` was collected on top of it (decision 0505). */
const amountBy = z.array(
  z.object({
    key: z.string(),
    name: z.string(),
    total: z.string(),
    service_charge: z.string(),
    count: z.number().int(),
  }),
);

export const dailySalesReportSchema = z.object({
  date: z.string(),
  locations: z.array(
    z.object({
      location: z.number().int(),
      location_name: z.string(),
      report: z.number().int().nullable(),
      status: z.enum(DAILY_REPORT_STATUSES).nullable(),
      count: z.number().int(),
      gross_total: z.string(),
      discount_total: z.string(),
      net_total: z.string(),
      /** Collected on top of the net (RA 11360); not part of it (decision 0505). */
      service_charge_total: z.string(),
      /** What the till should hold: cash sales and service charges, cash deposits received less handed back (decision 0520). */
      cash_expected: z.string(),
      cash_on_hand: z.string().nullable(),
      /** Cash on hand − cash expected; null until cash on hand is entered. */
      variance: z.string().nullable(),
      by_payment_method: amountBy,
      by_bank: amountBy,
      by_salesperson: amountBy,
      /** Deposits are money received, not sales: on the day taken, and applied on the visit's day (decision 0520). */
      deposits: dayDepositsSchema,
    }),
  ),
});
export type DailySalesReport = z.infer<typeof dailySalesReportSchema>;

export const personalSalesSchema = z.object({
  salesperson: z.number().int(),
  salesperson_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  month: z.number().int(),
  year: z.number().int(),
  days: z.array(z.object({ date: z.string(), total: z.string(), count: z.number().int() })),
  cutoffs: z.array(
    z.object({
      cutoff: z.number().int(),
      date_from: z.string(),
      date_to: z.string(),
      total: z.string(),
      count: z.number().int(),
      target: z.string(),
      share_of_target: z.string().nullable(),
    }),
  ),
  total: z.string(),
  count: z.number().int(),
  target: z.string(),
  share_of_target: z.string().nullable(),
});
export type PersonalSales = z.infer<typeof personalSalesSchema>;

export const locationSalesSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  locations: z.array(
    z.object({
      location: z.number().int(),
      location_name: z.string(),
      days: z.array(z.object({ date: z.string(), total: z.string(), count: z.number().int() })),
      total: z.string(),
      count: z.number().int(),
    }),
  ),
  total: z.string(),
  count: z.number().int(),
});
export type LocationSales = z.infer<typeof locationSalesSchema>;

export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  salesperson: z.number().int(),
  salesperson_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  total: z.string(),
  count: z.number().int(),
  /**
   * The period's target (half the monthly target for a cutoff). Admins and Managers see everyone's;
   * anyone else only their own, null on every other line (decision 0710).
   */
  target: z.string().nullable(),
  /** Percent of the period's target, 2 places; null without a target, or when it is not the reader's to see. */
  share_of_target: z.string().nullable(),
});
export const leaderboardSchema = z.object({
  month: z.number().int(),
  year: z.number().int(),
  cutoff: z.number().int(),
  date_from: z.string(),
  date_to: z.string(),
  results: z.array(leaderboardEntrySchema),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** What the live bus tells open leaderboards: revalidate `/reports/leaderboards/` for this period. */
export const LEADERBOARD_CHANGED_ACTION = 'leaderboard_changed';

// ——— liability (what the business still owes in treatments) ———

export const liabilityQuerySchema = z.object({ location: filterId().optional(), ...formatParam });
export type LiabilityQuery = z.output<typeof liabilityQuerySchema>;

/** Sessions sold and not yet used, and their value in pesos (decision 0601 says what counts). */
export const liabilityFigureSchema = z.object({
  count: z.number().int(),
  sessions_remaining: z.number().int(),
  amount: z.string(),
});
export type LiabilityFigure = z.infer<typeof liabilityFigureSchema>;
/** Reservation deposits held against a visit or kept as a client's credit: owed until applied, refunded or forfeited (decision 0520). */
export const heldDepositsSchema = z.object({ count: z.number().int(), amount: z.string() });

export const liabilitySchema = z.object({
  /** The Manila date the rule was applied on (expiry is judged against it). */
  as_of: z.string(),
  locations: z.array(
    z.object({
      location: z.number().int(),
      location_name: z.string(),
      vouchers: liabilityFigureSchema,
      memberships: liabilityFigureSchema,
      deposits: heldDepositsSchema,
      total: z.string(),
    }),
  ),
  vouchers: liabilityFigureSchema,
  memberships: liabilityFigureSchema,
  deposits: heldDepositsSchema,
  total: z.string(),
});
export type Liability = z.infer<typeof liabilitySchema>;
