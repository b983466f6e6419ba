import { z } from 'zod';
import { PAYMENT_METHODS } from './clients';
import { money } from './fields';

/**
 * A day's books beyond its sales (issue 32): the cash count by denomination, deposits received and
 * applied, and what is still open when a Manager closes the day (decisions 0520, 0521, 0523).
 * The day's status and the desk's end of day are in day-close.ts.
 */

// ——— the cash count by denomination (decision 0523) ———

/** Notes and coins counted one by one, with their value in pesos; centavos are counted as one amount. */
export const CASH_DENOMINATIONS = [
  { key: 'bill_1000', value: 1000, label: '₱1,000' },
  { key: 'bill_500', value: 500, label: '₱500' },
  { key: 'bill_200', value: 200, label: '₱200' },
  { key: 'bill_100', value: 100, label: '₱100' },
  { key: 'bill_50', value: 50, label: '₱50' },
  { key: 'bill_20', value: 20, label: '₱20' },
  { key: 'coin_20', value: 20, label: '₱20 coin' },
  { key: 'coin_10', value: 10, label: '₱10 coin' },
  { key: 'coin_5', value: 5, label: '₱5 coin' },
  { key: 'coin_1', value: 1, label: '₱1 coin' },
] as const;
export type CashDenomination = (typeof CASH_DENOMINATIONS)[number]['key'];

const pieces = z
  .number({ error: 'Enter how many, a whole number.' })
  .int('Enter how many, a whole number.')
  .min(0, 'Enter how many, a whole number.')
  .max(100_000, 'At most 100,000 of one note or coin.');

/** How many of each note and coin, and the centavo coins as one amount (under ₱1). */
export const cashCountSchema = z
  .object({
    ...(Object.fromEntries(CASH_DENOMINATIONS.map((d) => [d.key, pieces.default(0)])) as Record<
      CashDenomination,
      z.ZodDefault<typeof pieces>
    >),
    centavos: money({ padded: true })
      .refine((v) => /^0(\.\d{1,2})?$/.test(v), { message: 'Centavos are under ₱1 (for example 0.75).' })
      .default('0.00'),
  })
  .strict();
export type CashCountInput = z.input<typeof cashCountSchema>;
export type CashCount = z.output<typeof cashCountSchema>;
/** The count as the API answers it (no transforms: a response is encoded, not parsed). */
export const cashCountReadSchema = z.object({
  ...(Object.fromEntries(CASH_DENOMINATIONS.map((d) => [d.key, z.number().int()])) as Record<
    CashDenomination,
    z.ZodNumber
  >),
  centavos: z.string(),
});

// ——— deposits on the day's books (decision 0520) ———

export const depositReceivedSchema = z.object({
  reservation: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  /** The day the reservation is for. */
  reservation_date: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  bank: z.number().int().nullable(),
  bank_name: z.string().nullable(),
  reference_no: z.string(),
  amount: z.string(),
  /** held, applied, forfeited, credited, refunded or carried: what became of it since. */
  deposit_status: z.string(),
});
export type DepositReceived = z.infer<typeof depositReceivedSchema>;

export const depositAppliedSchema = z.object({
  reservation: z.number().int(),
  arrival: z.number().int().nullable(),
  client: z.number().int(),
  client_name: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The day the money was received (counted in that day's cash or e-wallet then). */
  received_on: z.string().nullable(),
  /** The deposit as taken. */
  amount: z.string(),
  /** The part handed back because it was more than the visit's net price (decision 0411). */
  refunded: z.string(),
  /** What the visit's deposit sale line holds: the deposit less what was handed back. */
  applied: z.string(),
});
export type DepositApplied = z.infer<typeof depositAppliedSchema>;

/** One payment method's (or bank's) deposits received on a day. */
export const depositsByKeySchema = z.array(
  z.object({ key: z.string(), name: z.string(), total: z.string(), count: z.number().int() }),
);

export const dayDepositsSchema = z.object({
  received_total: z.string(),
  applied_total: z.string(),
  received_by_payment_method: depositsByKeySchema,
  received_by_bank: depositsByKeySchema,
  received: z.array(depositReceivedSchema),
  applied: z.array(depositAppliedSchema),
});
export type DayDeposits = z.infer<typeof dayDepositsSchema>;

// ——— closing a day on purpose (decision 0521) ———

/** What is still open on a day its Manager closes: one kind per source (open tabs join with the checkout). */
export const OPEN_ITEM_KINDS = ['before_closing', 'bookings', 'open_tabs'] as const;
export type OpenItemKind = (typeof OPEN_ITEM_KINDS)[number];
export const openItemSchema = z.object({ kind: z.enum(OPEN_ITEM_KINDS), message: z.string() });
export type OpenItem = z.infer<typeof openItemSchema>;
