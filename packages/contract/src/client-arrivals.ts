import { z } from 'zod';
import { filterId, listQuerySchema } from './pagination';
import { calendarDateSchema, orderingValues, relationId, text, timeSlotSchema } from './fields';
import {
  ARRIVAL_STATUSES,
  filterDate,
  timestamps,
  paymentFields,
  activityFilters,
  serviceChargeSchema,
} from './client-fields';
import { saleSchema } from './clients';

/** Clients' arrivals (issue 11; docs/product.md §10): logging one, its list, counts and the chart's data; the rest of the clients contract is clients.ts. */

// ——— arrivals ———

export const clientArrivalBodySchema = z.object({
  client: relationId('a client'),
  location: relationId('a location'),
  /** Manila day; today when left out. */
  date: calendarDateSchema.optional(),
  time: timeSlotSchema,
  therapist: relationId('a therapist'),
  /** A tandem service's second therapist (not the first): the service's commission is split equally (docs/api.md "Pay runs"). */
  second_therapist: relationId('a second therapist').nullable().default(null),
  /** The client asked for this therapist (a requested-therapist bonus rule may pay extra). */
  requested: z.boolean({ error: 'Say true or false.' }).default(false),
  receptionist: relationId('a receptionist').nullable().default(null),
  treatment: relationId('a treatment').nullable().default(null),
  /** The voucher to redeem one session of. */
  voucher: relationId('a voucher').nullable().default(null),
  /** The membership the visit is under (member discount), when no voucher is used. */
  client_membership: relationId('a membership').nullable().default(null),
  notes: text(500, { multiline: true }).default(''),
  /**
   * A walk-in paid at the desk (no voucher, no membership): the sale line (kind `walk_in`, the
   * treatment's catalogue price less `discount`) is recorded with the arrival, at its location and date.
   */
  payment: z
    .object({
      salesperson: paymentFields.salesperson,
      payment_method: paymentFields.payment_method,
      bank: paymentFields.bank,
      reference_no: paymentFields.reference_no,
      discount: paymentFields.discount,
      service_charge: serviceChargeSchema,
    })
    .nullable()
    .default(null),
});
export type ClientArrivalBody = z.input<typeof clientArrivalBodySchema>;
export type ClientArrivalInput = z.output<typeof clientArrivalBodySchema>;

/** Only a cancellation: it gives the redeemed session back, once. */
export const clientArrivalPatchSchema = z.object({
  status: z.literal('cancelled', { error: 'An arrival can only be changed to cancelled.' }).optional(),
  notes: text(500, { multiline: true }).optional(),
});
export type ClientArrivalPatch = z.input<typeof clientArrivalPatchSchema>;
export type ClientArrivalChanges = z.output<typeof clientArrivalPatchSchema>;

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
  second_therapist: z.number().int().nullable(),
  second_therapist_name: z.string().nullable(),
  requested: z.boolean(),
  receptionist: z.number().int().nullable(),
  receptionist_name: z.string().nullable(),
  treatment: z.number().int().nullable(),
  treatment_name: z.string().nullable(),
  voucher: z.number().int().nullable(),
  voucher_code: z.string().nullable(),
  client_membership: z.number().int().nullable(),
  notes: z.string(),
  status: z.enum(ARRIVAL_STATUSES),
  /** The walk-in sale line recorded with the arrival (paid at the desk), while it is on file. */
  sale: saleSchema.nullable(),
  /**
   * A reservation's deposit applied to the visit, as its own walk-in sale line (its method, bank and
   * reference), while it is on file; `sale` is then the balance collected at the desk.
   */
  deposit_sale: saleSchema.nullable(),
  ...timestamps,
});
export type ClientArrival = z.infer<typeof clientArrivalSchema>;

export const CLIENT_ARRIVAL_ORDERING = ['date', 'time', 'id'] as const;
export const CLIENT_ARRIVAL_ORDERINGS = orderingValues(CLIENT_ARRIVAL_ORDERING);
export const clientArrivalListQuerySchema = listQuerySchema(CLIENT_ARRIVAL_ORDERING, {
  ...activityFilters,
  therapist: filterId().optional(),
  status: z.enum(ARRIVAL_STATUSES).optional(),
});
export type ClientArrivalListQuery = z.input<typeof clientArrivalListQuerySchema>;
export type ClientArrivalQuery = z.output<typeof clientArrivalListQuerySchema>;

export const arrivalsCountQuerySchema = z.object({
  date: filterDate.optional(),
  date_from: filterDate.optional(),
  date_to: filterDate.optional(),
  location: filterId().optional(),
});
export type ArrivalsCountQuery = z.input<typeof arrivalsCountQuerySchema>;
export type ArrivalsCountParams = z.output<typeof arrivalsCountQuerySchema>;
export const arrivalsCountSchema = z.object({ count: z.number().int(), date_from: z.string(), date_to: z.string() });
export type ArrivalsCount = z.infer<typeof arrivalsCountSchema>;

/** Which series `GET /clients/arrivals/data/?format=csv` downloads (the JSON answer carries them all). */
export const ARRIVALS_DATA_SERIES = ['weekday_hour', 'therapist', 'location', 'day', 'hour'] as const;
export const arrivalsDataQuerySchema = arrivalsCountQuerySchema.extend({
  format: z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json'),
  series: z
    .enum(ARRIVALS_DATA_SERIES, { error: `Choose one of ${ARRIVALS_DATA_SERIES.join(', ')}.` })
    .default('weekday_hour'),
});
export type ArrivalsDataQuery = z.input<typeof arrivalsDataQuerySchema>;

export const arrivalsDataSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  by_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
  by_hour: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
  /** Manila weekday (ISO: 1 = Monday … 7 = Sunday) × hour of the arrival's time; only the cells with arrivals. */
  by_weekday_hour: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), count: z.number().int() })),
  by_location: z.array(z.object({ location: z.number().int(), location_name: z.string(), count: z.number().int() })),
  by_therapist: z.array(z.object({ therapist: z.number().int(), therapist_name: z.string(), count: z.number().int() })),
});
export type ArrivalsData = z.infer<typeof arrivalsDataSchema>;
