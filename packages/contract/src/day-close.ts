import { z } from 'zod';
import { DAILY_REPORT_STATUSES } from './reports';
import { openItemSchema } from './day-books';

/** Closing a day on purpose, a branch's closed day, and the desk's end of day (decisions 0521, 0522). */

/** Submitting today's report before closing, or with bookings to come, needs `close_early: true`. */
export const dailyReportSubmitBodySchema = z
  .object({ close_early: z.boolean({ error: 'Say true or false.' }).default(false) })
  .nullish()
  // No body at all (as before this rule) is a submit that does not close early.
  .transform((body) => ({ close_early: body?.close_early ?? false }));
export type DailyReportSubmitBody = z.input<typeof dailyReportSubmitBodySchema>;

/** The sentence the 409 carries; its `errors.open` lists each open item's message. */
export const DAY_STILL_OPEN = 'The day is still open. Close it early only if you mean to:';

export const dayStatusQuerySchema = z.object({
  location: z.coerce.number({ error: 'Choose a location.' }).int('Choose a location.').positive('Choose a location.'),
});

/** A branch's today: whether its books are closed, by whom and when, and what is still open. */
export const dayStatusSchema = z.object({
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  report: z.number().int().nullable(),
  status: z.enum(DAILY_REPORT_STATUSES).nullable(),
  /** Submitted or approved: the day's cash is counted and the desk is told before filling a form. */
  closed: z.boolean(),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  /** "Makati Salcedo closed today's books at 13:02." and what can still be done; null while open. */
  message: z.string().nullable(),
  /** The asker may reopen it: a submitted day and a Manager of the branch or an Admin (decision 0915). */
  can_reopen: z.boolean(),
  open: z.array(openItemSchema),
});
export type DayStatus = z.infer<typeof dayStatusSchema>;

// ——— the desk's end of day (decision 0522) ———

const takingsRow = z.object({ key: z.string(), name: z.string(), total: z.string(), count: z.number().int() });

export const endOfDaySchema = z.object({
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  /** Net sales, service charges on top and deposits received, per payment method and per bank. */
  takings_by_payment_method: z.array(takingsRow),
  takings_by_bank: z.array(takingsRow),
  takings_total: z.string(),
  /** The drawer's cash: one SQL figure, with each of its terms named (cash tips join with the checkout). */
  cash_expected: z.string(),
  cash_terms: z.array(z.object({ key: z.string(), label: z.string(), amount: z.string() })),
  open_bookings: z.array(
    z.object({ reservation: z.number().int(), client_name: z.string(), time: z.string(), treatment_name: z.string() }),
  ),
  on_shift: z.array(z.object({ employee: z.number().int(), name: z.string(), since: z.string() })),
  day: dayStatusSchema,
});
export type EndOfDay = z.infer<typeof endOfDaySchema>;
