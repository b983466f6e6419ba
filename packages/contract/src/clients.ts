import { z } from 'zod';
import { booleanQuery, pageQuerySchema } from './pagination';
import { optionalPhPhoneSchema } from './phone';
import { calendarDateSchema, timeSlotSchema } from './fields';

/**
 * Clients (issue 11; SPEC.md §7 Clients; DESIGN.md §4): profiles, client memberships,
 * vouchers (client treatments), arrivals, and the sales that selling them writes.
 */

const MAX_ID = 2_147_483_647;

export const CLIENT_GENDERS = ['female', 'male', 'other'] as const;
export const PAYMENT_METHODS = ['cash', 'card', 'e_wallet', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payment methods that go through a bank account (the sale must name it). */
export const BANKED_PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'bank_transfer'];
export const SALE_KINDS = ['membership', 'voucher', 'walk_in', 'other'] as const;
export const CLIENT_MEMBERSHIP_STATUSES = ['active', 'expired', 'cancelled'] as const;
export const VOUCHER_STATUSES = ['active', 'used_up', 'expired', 'cancelled'] as const;
export const ARRIVAL_STATUSES = ['arrived', 'cancelled'] as const;
export const CLIENT_SEARCH_LIMIT = 20;
export const VOUCHER_SESSIONS_MAX = 100;
/** A voucher sold alone is valid this long unless the sale says otherwise. */
export const VOUCHER_DEFAULT_VALIDITY_DAYS = 365;
/** Rows a CSV import may hold. */
export const CLIENT_IMPORT_MAX_ROWS = 5_000;

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `At most ${max} characters.`);

const relationId = (what: string) =>
  z
    .number({ error: `Choose ${what}.` })
    .int(`Choose ${what}.`)
    .positive(`Choose ${what}.`)
    .max(MAX_ID, `Choose ${what}.`);

const filterId = z.coerce.number({ error: 'Not a valid id.' }).int().positive('Not a valid id.').max(MAX_ID, 'Not a valid id.');
const filterDate = z.string().trim().pipe(z.iso.date('Enter a real date as YYYY-MM-DD.'));

export const clientEmailSchema = z
  .string({ error: 'Enter a valid email address, or leave it blank.' })
  .trim()
  .max(254, 'At most 254 characters.')
  .transform((v) => v.toLowerCase())
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, or leave it blank.');

/** Money in a body: 1500, 1500.5 or "1500.50", never negative; a 2-place decimal string afterwards. */
export const moneyAmountSchema = z
  .union([z.number(), z.string()], { error: 'Enter an amount like 1500.00.' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => !v.startsWith('-'), { message: 'An amount cannot be negative.', abort: true })
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), { message: 'Enter an amount like 1500.00 (at most 2 decimals).', abort: true })
  .transform((v) => {
    const [whole, frac = ''] = v.split('.');
    return `${BigInt(whole!).toString()}.${frac.padEnd(2, '0')}`;
  });

const birthdateSchema = z
  .string({ error: 'Enter a date as YYYY-MM-DD.' })
  .trim()
  .pipe(z.iso.date('Enter a real date as YYYY-MM-DD.'))
  .refine((v) => v >= '1900-01-01', 'Enter a birthdate from 1900 onwards.')
  .refine((v) => v <= new Date().toISOString().slice(0, 10), 'A birthdate cannot be in the future.');

const timestamps = { created_at: z.string(), updated_at: z.string() };

// ——— clients ———

const clientFields = {
  first_name: requiredText('a first name', 100),
  last_name: requiredText('a last name', 100),
  phone: optionalPhPhoneSchema,
  email: clientEmailSchema,
  birthdate: birthdateSchema.nullable(),
  gender: z.enum(CLIENT_GENDERS, { error: `Choose from ${CLIENT_GENDERS.join(', ')}.` }).nullable(),
  address: z.string().trim().max(300, 'At most 300 characters.'),
  notes: z.string().trim().max(2000, 'At most 2000 characters.'),
  location: relationId('a home location'),
  is_active: z.boolean(),
  /** Confirms a second client with a phone another client already has (relatives often share one). */
  allow_duplicate_phone: z.boolean(),
};

export const clientBodySchema = z.object({
  ...clientFields,
  phone: optionalPhPhoneSchema.default(null),
  email: clientEmailSchema.default(''),
  birthdate: clientFields.birthdate.default(null),
  gender: clientFields.gender.default(null),
  address: clientFields.address.default(''),
  notes: clientFields.notes.default(''),
  is_active: z.boolean().default(true),
  allow_duplicate_phone: z.boolean().default(false),
});
export type ClientBody = z.input<typeof clientBodySchema>;
export const clientPatchSchema = z.object(clientFields).partial();
export type ClientPatch = z.input<typeof clientPatchSchema>;

export const clientSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  birthdate: z.string().nullable(),
  gender: z.enum(CLIENT_GENDERS).nullable(),
  address: z.string(),
  notes: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  is_active: z.boolean(),
  ...timestamps,
});
export type Client = z.infer<typeof clientSchema>;

export const CLIENT_ORDERINGS = ['last_name', '-last_name', 'first_name', '-first_name', 'created_at', '-created_at', 'id', '-id'] as const;

const clientFilters = {
  location: filterId.optional(),
  is_active: booleanQuery.optional(),
  ordering: z.enum(CLIENT_ORDERINGS, { error: `Order by one of: ${CLIENT_ORDERINGS.join(', ')}.` }).optional(),
};
export const clientListQuerySchema = pageQuerySchema.extend(clientFilters);
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

export const clientSearchQuerySchema = z.object({
  q: z.string({ error: 'Type a name, phone or email.' }).trim().min(1, 'Type a name, phone or email.').max(100, 'At most 100 characters.'),
  limit: z.coerce.number().int().min(1).max(50, 'At most 50 results.').default(CLIENT_SEARCH_LIMIT),
  location: filterId.optional(),
  is_active: booleanQuery.optional(),
});
export type ClientSearchQuery = z.input<typeof clientSearchQuerySchema>;
export const clientSearchResultSchema = z.object({ results: z.array(clientSchema) });
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;

export const clientExportQuerySchema = z.object({ ...clientFilters, search: z.string().trim().max(100).optional() });
export type ClientExportQuery = z.input<typeof clientExportQuerySchema>;

export const clientImportQuerySchema = z.object({ dry_run: booleanQuery.default(false) });
export const clientImportLineErrorSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export type ClientImportLineError = z.infer<typeof clientImportLineErrorSchema>;
export const clientImportResultSchema = z.object({
  dry_run: z.boolean(),
  /** Rows that are (or would be) created. */
  count: z.number().int(),
  errors: z.array(clientImportLineErrorSchema),
  /** The first rows as they would be stored (dry run), for a preview. */
  preview: z.array(
    z.object({ line: z.number().int(), first_name: z.string(), last_name: z.string(), phone: z.string().nullable(), email: z.string(), location_name: z.string() }),
  ),
});
export type ClientImportResult = z.infer<typeof clientImportResultSchema>;

// ——— sales (written by selling memberships and vouchers) ———

export const saleSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  location: z.number().int(),
  client: z.number().int().nullable(),
  salesperson: z.number().int(),
  kind: z.enum(SALE_KINDS),
  reference: z.string(),
  amount: z.string(),
  discount: z.string(),
  net_amount: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  bank: z.number().int().nullable(),
  reference_no: z.string(),
  created_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** How a sale was paid; a card or bank transfer names the bank account (400 on `bank` otherwise). */
const paymentFields = {
  location: relationId('a location'),
  salesperson: relationId('a salesperson'),
  payment_method: z.enum(PAYMENT_METHODS, { error: `Choose from ${PAYMENT_METHODS.join(', ')}.` }),
  bank: relationId('a bank account').nullable().default(null),
  reference_no: z.string().trim().max(60, 'At most 60 characters.').default(''),
  /** Peso discount off the catalogue price; the net is computed by the server. */
  discount: moneyAmountSchema.default('0.00'),
  /** The day of the sale (Manila); today when left out. */
  date: calendarDateSchema.optional(),
};

// ——— client memberships ———

export const clientMembershipBodySchema = z.object({
  client: relationId('a client'),
  membership: relationId('a membership'),
  start_date: calendarDateSchema.optional(),
  ...paymentFields,
});
export type ClientMembershipBody = z.input<typeof clientMembershipBodySchema>;

const voucherSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  treatment: z.number().int(),
  treatment_name: z.string(),
  sessions_total: z.number().int(),
  sessions_used: z.number().int(),
});

export const clientMembershipSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  membership: z.number().int(),
  membership_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  price_paid: z.string(),
  salesperson: z.number().int(),
  salesperson_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  /** `expired` once end_date has passed (Manila day). */
  status: z.enum(CLIENT_MEMBERSHIP_STATUSES),
  vouchers: z.array(voucherSummarySchema),
  ...timestamps,
});
export type ClientMembership = z.infer<typeof clientMembershipSchema>;
export const clientMembershipSaleSchema = clientMembershipSchema.extend({ sale: saleSchema });
export type ClientMembershipSale = z.infer<typeof clientMembershipSaleSchema>;

export const clientMembershipPatchSchema = z.object({ status: z.enum(['active', 'cancelled'], { error: 'Choose active or cancelled.' }) });

const activityFilters = {
  client: filterId.optional(),
  location: filterId.optional(),
  date: filterDate.optional(),
  date_from: filterDate.optional(),
  date_to: filterDate.optional(),
};

export const CLIENT_MEMBERSHIP_ORDERINGS = ['start_date', '-start_date', 'end_date', '-end_date', 'id', '-id'] as const;
export const clientMembershipListQuerySchema = pageQuerySchema.extend({
  ...activityFilters,
  status: z.enum(CLIENT_MEMBERSHIP_STATUSES).optional(),
  ordering: z.enum(CLIENT_MEMBERSHIP_ORDERINGS, { error: `Order by one of: ${CLIENT_MEMBERSHIP_ORDERINGS.join(', ')}.` }).optional(),
});
export type ClientMembershipListQuery = z.input<typeof clientMembershipListQuerySchema>;

// ——— vouchers (client treatments) ———

export const clientTreatmentBodySchema = z.object({
  client: relationId('a client'),
  treatment: relationId('a treatment'),
  sessions: z
    .number({ error: 'Enter the number of sessions.' })
    .int('Use whole sessions.')
    .min(1, 'At least 1 session.')
    .max(VOUCHER_SESSIONS_MAX, `At most ${VOUCHER_SESSIONS_MAX} sessions.`)
    .default(1),
  expires_on: calendarDateSchema.nullable().optional(),
  ...paymentFields,
});
export type ClientTreatmentBody = z.input<typeof clientTreatmentBodySchema>;

export const clientTreatmentSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  client: z.number().int(),
  client_name: z.string(),
  treatment: z.number().int(),
  treatment_name: z.string(),
  sessions_total: z.number().int(),
  sessions_used: z.number().int(),
  sessions_remaining: z.number().int(),
  price_paid: z.string(),
  salesperson: z.number().int(),
  salesperson_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  expires_on: z.string().nullable(),
  client_membership: z.number().int().nullable(),
  status: z.enum(VOUCHER_STATUSES),
  ...timestamps,
});
export type ClientTreatment = z.infer<typeof clientTreatmentSchema>;
export const clientTreatmentSaleSchema = clientTreatmentSchema.extend({ sale: saleSchema });
export type ClientTreatmentSale = z.infer<typeof clientTreatmentSaleSchema>;

export const CLIENT_TREATMENT_ORDERINGS = ['created_at', '-created_at', 'expires_on', '-expires_on', 'code', '-code', 'id', '-id'] as const;
export const clientTreatmentListQuerySchema = pageQuerySchema.extend({
  ...activityFilters,
  status: z.enum(VOUCHER_STATUSES).optional(),
  ordering: z.enum(CLIENT_TREATMENT_ORDERINGS, { error: `Order by one of: ${CLIENT_TREATMENT_ORDERINGS.join(', ')}.` }).optional(),
});
export type ClientTreatmentListQuery = z.input<typeof clientTreatmentListQuerySchema>;

// ——— arrivals ———

export const clientArrivalBodySchema = z.object({
  client: relationId('a client'),
  location: relationId('a location'),
  /** Manila day; today when left out. */
  date: calendarDateSchema.optional(),
  time: timeSlotSchema,
  therapist: relationId('a therapist'),
  receptionist: relationId('a receptionist').nullable().default(null),
  treatment: relationId('a treatment').nullable().default(null),
  /** The voucher to redeem one session of. */
  voucher: relationId('a voucher').nullable().default(null),
  /** The membership the visit is under (member discount), when no voucher is used. */
  client_membership: relationId('a membership').nullable().default(null),
  notes: z.string().trim().max(500, 'At most 500 characters.').default(''),
});
export type ClientArrivalBody = z.input<typeof clientArrivalBodySchema>;

/** Only a cancellation: it gives the redeemed session back, once. */
export const clientArrivalPatchSchema = z.object({
  status: z.literal('cancelled', { error: 'An arrival can only be changed to cancelled.' }).optional(),
  notes: z.string().trim().max(500, 'At most 500 characters.').optional(),
});
export type ClientArrivalPatch = z.input<typeof clientArrivalPatchSchema>;

export const clientArrivalSchema = z.object({
  id: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  time: z.string(),
  therapist: z.number().int(),
  therapist_name: z.string(),
  receptionist: z.number().int().nullable(),
  receptionist_name: z.string().nullable(),
  treatment: z.number().int().nullable(),
  treatment_name: z.string().nullable(),
  voucher: z.number().int().nullable(),
  voucher_code: z.string().nullable(),
  client_membership: z.number().int().nullable(),
  notes: z.string(),
  status: z.enum(ARRIVAL_STATUSES),
  ...timestamps,
});
export type ClientArrival = z.infer<typeof clientArrivalSchema>;

export const CLIENT_ARRIVAL_ORDERINGS = ['date', '-date', 'time', '-time', 'id', '-id'] as const;
export const clientArrivalListQuerySchema = pageQuerySchema.extend({
  ...activityFilters,
  therapist: filterId.optional(),
  status: z.enum(ARRIVAL_STATUSES).optional(),
  ordering: z.enum(CLIENT_ARRIVAL_ORDERINGS, { error: `Order by one of: ${CLIENT_ARRIVAL_ORDERINGS.join(', ')}.` }).optional(),
});
export type ClientArrivalListQuery = z.input<typeof clientArrivalListQuerySchema>;

export const arrivalsCountQuerySchema = z.object({
  date: filterDate.optional(),
  date_from: filterDate.optional(),
  date_to: filterDate.optional(),
  location: filterId.optional(),
});
export type ArrivalsCountQuery = z.input<typeof arrivalsCountQuerySchema>;
export const arrivalsCountSchema = z.object({ count: z.number().int(), date_from: z.string(), date_to: z.string() });
export type ArrivalsCount = z.infer<typeof arrivalsCountSchema>;

export const arrivalsDataSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  by_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
  by_hour: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
  by_location: z.array(z.object({ location: z.number().int(), location_name: z.string(), count: z.number().int() })),
  by_therapist: z.array(z.object({ therapist: z.number().int(), therapist_name: z.string(), count: z.number().int() })),
});
export type ArrivalsData = z.infer<typeof arrivalsDataSchema>;

// ——— what a client can use now ———

export const clientServicesSchema = z.object({
  vouchers: z.array(clientTreatmentSchema),
  memberships: z.array(
    z.object({
      id: z.number().int(),
      membership: z.number().int(),
      membership_name: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      status: z.enum(CLIENT_MEMBERSHIP_STATUSES),
      allowed_treatments: z.array(
        z.object({
          treatment: z.number().int(),
          treatment_name: z.string(),
          sessions_included: z.number().int(),
          sessions_remaining: z.number().int(),
          discount_percent: z.string(),
        }),
      ),
    }),
  ),
});
export type ClientServices = z.infer<typeof clientServicesSchema>;
