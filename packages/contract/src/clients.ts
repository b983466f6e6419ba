import { invoiceDocumentSchema, invoicingFields } from './invoice-documents';
import { z } from 'zod';
import { booleanQuery, filterId, listQuerySchema, pageParams } from './pagination';
import { calendarDateSchema, name, orderingValues, phone, relationId, text } from './fields';

import {
  CLIENT_GENDERS,
  PAYMENT_METHODS,
  SALE_KINDS,
  CLIENT_MEMBERSHIP_STATUSES,
  VOUCHER_STATUSES,
  CLIENT_SEARCH_LIMIT,
  VOUCHER_SESSIONS_MAX,
  clientEmailSchema,
  birthdateSchema,
  timestamps,
  paymentFields,
  activityFilters,
} from './client-fields';
export {
  CLIENT_GENDERS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  BANKED_PAYMENT_METHODS,
  SALE_KINDS,
  KEYED_SALE_KINDS,
  SALE_KIND_LABELS,
  CLIENT_MEMBERSHIP_STATUSES,
  VOUCHER_STATUSES,
  ARRIVAL_STATUSES,
  CLIENT_SEARCH_LIMIT,
  VOUCHER_SESSIONS_MAX,
  VOUCHER_DEFAULT_VALIDITY_DAYS,
  CLIENT_IMPORT_MAX_ROWS,
  clientEmailSchema,
  moneyAmountSchema,
} from './client-fields';

/**
 * Clients (issue 11; docs/product.md §6, §10): profiles, client memberships,
 * vouchers (client treatments), arrivals, and the sales that selling them writes. Every field
 * comes from fields.ts and every list from listQuerySchema (docs/decisions/0007-house-style.md).
 */

// ——— clients ———

const clientFields = {
  first_name: name(100, 'Enter a first name.'),
  last_name: name(100, 'Enter a last name.'),
  phone,
  email: clientEmailSchema,
  birthdate: birthdateSchema.nullable(),
  gender: z.enum(CLIENT_GENDERS, { error: `Choose from ${CLIENT_GENDERS.join(', ')}.` }).nullable(),
  address: text(300),
  notes: text(2000, { multiline: true }),
  location: relationId('a home location'),
  is_active: z.boolean(),
  /** Confirms a second client with a phone another client already has (relatives often share one). */
  allow_duplicate_phone: z.boolean(),
};

export const clientBodySchema = z.object({
  ...clientFields,
  phone: phone.default(null),
  email: clientEmailSchema.default(''),
  birthdate: clientFields.birthdate.default(null),
  gender: clientFields.gender.default(null),
  address: clientFields.address.default(''),
  notes: clientFields.notes.default(''),
  is_active: z.boolean().default(true),
  allow_duplicate_phone: z.boolean().default(false),
});
export type ClientBody = z.input<typeof clientBodySchema>;
export type ClientInput = z.output<typeof clientBodySchema>;
/** PUT replaces: the create body, so a field left out returns to its default (docs/api.md). */
export const clientPutSchema = clientBodySchema;
export const clientPatchSchema = z.object(clientFields).partial();
export type ClientPatch = z.input<typeof clientPatchSchema>;
export type ClientChanges = z.output<typeof clientPatchSchema>;

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

export const CLIENT_ORDERING = ['last_name', 'first_name', 'created_at', 'id'] as const;
/** Every `?ordering=` value of the clients list (each field and `-field`). */
export const CLIENT_ORDERINGS = orderingValues(CLIENT_ORDERING);

const clientFilters = { location: filterId().optional(), is_active: booleanQuery.optional() };
export const clientListQuerySchema = listQuerySchema(CLIENT_ORDERING, clientFilters);
export type ClientListQuery = z.input<typeof clientListQuerySchema>;
export type ClientQuery = z.output<typeof clientListQuerySchema>;

export const clientSearchQuerySchema = z.object({
  q: text(100, { required: 'Type a name, phone or email.' }),
  limit: z.coerce.number().int().min(1).max(50, 'At most 50 results.').default(CLIENT_SEARCH_LIMIT),
  ...clientFilters,
});
export type ClientSearchQuery = z.input<typeof clientSearchQuerySchema>;
export type ClientSearchParams = z.output<typeof clientSearchQuerySchema>;
/** `more`: the search found more than `limit` clients; only the best `limit` are listed (type more to narrow). */
export const clientSearchResultSchema = z.object({ results: z.array(clientSchema), more: z.boolean() });
export type ClientSearchResult = z.infer<typeof clientSearchResultSchema>;

/** The list's filters and search without page or ordering: the export streams every match in id order. */
export const clientExportQuerySchema = clientListQuerySchema.omit({ page: true, pageSize: true, ordering: true });
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
    z.object({
      line: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      phone: z.string().nullable(),
      email: z.string(),
      location_name: z.string(),
    }),
  ),
});
export type ClientImportResult = z.infer<typeof clientImportResultSchema>;

// ——— sales (written by selling memberships and vouchers) ———

export const saleSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  location: z.number().int(),
  client: z.number().int().nullable(),
  /** Null only on a forfeited deposit (kind `forfeit`): money kept, sold by no one. */
  salesperson: z.number().int().nullable(),
  kind: z.enum(SALE_KINDS),
  reference: z.string(),
  amount: z.string(),
  discount: z.string(),
  net_amount: z.string(),
  /** Collected on top of the net amount (RA 11360), "0.00" when none. */
  service_charge: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  bank: z.number().int().nullable(),
  reference_no: z.string(),
  created_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

// ——— client memberships ———

export const clientMembershipBodySchema = z.object({
  client: relationId('a client'),
  membership: relationId('a membership'),
  start_date: calendarDateSchema.optional(),
  ...paymentFields,
  ...invoicingFields,
});
export type ClientMembershipBody = z.input<typeof clientMembershipBodySchema>;
export type ClientMembershipInput = z.output<typeof clientMembershipBodySchema>;

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
export const clientMembershipSaleSchema = clientMembershipSchema.extend({
  sale: saleSchema,
  /** Its INVOICE, with invoicing on (issue 33). */
  document: invoiceDocumentSchema.nullable(),
});
export type ClientMembershipSale = z.infer<typeof clientMembershipSaleSchema>;

export const clientMembershipPatchSchema = z.object({
  status: z.enum(['active', 'cancelled'], { error: 'Choose active or cancelled.' }),
});

export const CLIENT_MEMBERSHIP_ORDERING = ['start_date', 'end_date', 'id'] as const;
export const CLIENT_MEMBERSHIP_ORDERINGS = orderingValues(CLIENT_MEMBERSHIP_ORDERING);
export const clientMembershipListQuerySchema = listQuerySchema(CLIENT_MEMBERSHIP_ORDERING, {
  ...activityFilters,
  status: z.enum(CLIENT_MEMBERSHIP_STATUSES).optional(),
});
export type ClientMembershipListQuery = z.input<typeof clientMembershipListQuerySchema>;
export type ClientMembershipQuery = z.output<typeof clientMembershipListQuerySchema>;

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
  ...invoicingFields,
});
export type ClientTreatmentBody = z.input<typeof clientTreatmentBodySchema>;
export type ClientTreatmentInput = z.output<typeof clientTreatmentBodySchema>;

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
export const clientTreatmentSaleSchema = clientTreatmentSchema.extend({
  sale: saleSchema,
  /** Its INVOICE, with invoicing on (issue 33). */
  document: invoiceDocumentSchema.nullable(),
});
export type ClientTreatmentSale = z.infer<typeof clientTreatmentSaleSchema>;

export const CLIENT_TREATMENT_ORDERING = ['created_at', 'expires_on', 'code', 'id'] as const;
export const CLIENT_TREATMENT_ORDERINGS = orderingValues(CLIENT_TREATMENT_ORDERING);
export const clientTreatmentListQuerySchema = listQuerySchema(CLIENT_TREATMENT_ORDERING, {
  ...activityFilters,
  status: z.enum(VOUCHER_STATUSES).optional(),
});
export type ClientTreatmentListQuery = z.input<typeof clientTreatmentListQuerySchema>;
export type ClientTreatmentQuery = z.output<typeof clientTreatmentListQuerySchema>;

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

/** The clients resource for lib/resource-routes.ts (GET/POST /clients/, GET/PUT/PATCH/DELETE /clients/{id}/). */
export const clientResource = {
  item: clientSchema,
  listQuery: clientListQuerySchema,
  createBody: clientBodySchema,
  putBody: clientPutSchema,
  patchBody: clientPatchSchema,
};

// ——— a client's history (audit rows) ———

/** `?page=&pageSize=` of GET /clients/{id}/history/; always newest first. */
export const clientHistoryQuerySchema = z.object({ page: pageParams.page, pageSize: pageParams.pageSize });
export type ClientHistoryQuery = z.input<typeof clientHistoryQuerySchema>;
/** One field an audit row changed; values are as the API showed them (strings, numbers, booleans, null). */
export const clientHistoryChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type ClientHistoryChange = z.infer<typeof clientHistoryChangeSchema>;
export const clientHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.number().int().nullable(),
  actor_name: z.string(),
  action: z.string(),
  /** `clients`, `client_memberships`, `client_treatments` (vouchers) or `client_arrivals`. */
  table: z.string(),
  changes: z.array(clientHistoryChangeSchema),
});
export type ClientHistoryEntry = z.infer<typeof clientHistoryEntrySchema>;
