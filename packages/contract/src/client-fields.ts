import { z } from 'zod';
import { filterId } from './pagination';
import { calendarDateSchema, money, relationId, text } from './fields';

/** The clients contract's constants and shared field rules (clients.ts and client-arrivals.ts); clients.ts re-exports the public ones. */

export const CLIENT_GENDERS = ['female', 'male', 'other'] as const;
export const PAYMENT_METHODS = ['cash', 'card', 'e_wallet', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How the panel names a payment method: the receipts, the reports' filters and columns, the CSVs.
 * The e-wallet by the names people pay with, GCash/Maya (issue 34; decision 0628).
 */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  e_wallet: 'GCash/Maya',
  bank_transfer: 'Bank transfer',
};
/** Payment methods that go through a bank account (the sale must name it). */
export const BANKED_PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'bank_transfer'];
/** A card or bank transfer: the sale names the bank account it went to. */
export const isBankedMethod = (method: string) => (BANKED_PAYMENT_METHODS as readonly string[]).includes(method);
export const SALE_KINDS = ['membership', 'voucher', 'walk_in', 'other', 'forfeit'] as const;
/**
 * The kinds a person may key in as sale lines: `forfeit` (a reservation's forfeited deposit, no
 * salesperson, docs/decisions/0900-floor-board.md) is written only by the floor board.
 */
export const KEYED_SALE_KINDS = ['membership', 'voucher', 'walk_in', 'other'] as const;
/** How the panel names a sale line's kind (the reports' lines and the import form). */
export const SALE_KIND_LABELS: Record<(typeof SALE_KINDS)[number], string> = {
  membership: 'Membership',
  voucher: 'Voucher',
  walk_in: 'Walk-in',
  other: 'Other',
  forfeit: 'Forfeited deposit',
};
export const CLIENT_MEMBERSHIP_STATUSES = ['active', 'expired', 'cancelled'] as const;
export const VOUCHER_STATUSES = ['active', 'used_up', 'expired', 'cancelled'] as const;
export const ARRIVAL_STATUSES = ['arrived', 'cancelled'] as const;
export const CLIENT_SEARCH_LIMIT = 20;
export const VOUCHER_SESSIONS_MAX = 100;
/** A voucher sold alone is valid this long unless the sale says otherwise. */
export const VOUCHER_DEFAULT_VALIDITY_DAYS = 365;
/** Rows a CSV import may hold. */
export const CLIENT_IMPORT_MAX_ROWS = 5_000;

export const filterDate = calendarDateSchema;

export const clientEmailSchema = text(254)
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, or leave it blank.');

/** Money in a body: 1500, 1500.5 or "1500.50", never negative; a 2-place decimal string afterwards. */
export const moneyAmountSchema = money({ acceptNumber: true, padded: true, negative: 'An amount cannot be negative.' });

/**
 * The service charge collected on a sale line on top of its price (RA 11360): not part of the
 * net amount or of commissions; the branch's pool for a cutoff is shared by its staff in the pay run.
 */
export const serviceChargeSchema = money({
  acceptNumber: true,
  padded: true,
  negative: 'A service charge cannot be negative.',
}).default('0.00');

export const birthdateSchema = z
  .string({ error: 'Enter a date as YYYY-MM-DD.' })
  .trim()
  .pipe(z.iso.date({ error: 'Enter a real date as YYYY-MM-DD.', abort: true }))
  .refine((v) => v >= '1900-01-01', 'Enter a birthdate from 1900 onwards.')
  .refine((v) => v <= new Date().toISOString().slice(0, 10), 'A birthdate cannot be in the future.');

export const timestamps = { created_at: z.string(), updated_at: z.string() };

/** How a sale was paid; a card or bank transfer names the bank account (400 on `bank` otherwise). */
export const paymentFields = {
  location: relationId('a location'),
  salesperson: relationId('a salesperson'),
  payment_method: z.enum(PAYMENT_METHODS, { error: `Choose from ${PAYMENT_METHODS.join(', ')}.` }),
  bank: relationId('a bank account').nullable().default(null),
  reference_no: text(60).default(''),
  /** Peso discount off the catalogue price; the net is computed by the server. */
  discount: moneyAmountSchema.default('0.00'),
  /** The day of the sale (Manila); today when left out. */
  date: calendarDateSchema.optional(),
};

export const activityFilters = {
  client: filterId().optional(),
  location: filterId().optional(),
  date: filterDate.optional(),
  date_from: filterDate.optional(),
  date_to: filterDate.optional(),
};
