import { invoiceDocumentSchema, invoicingFields } from './invoice-documents';
import { z } from 'zod';
import { filterId } from './pagination';
import { relationId, text } from './fields';
import { PAYMENT_METHODS, moneyAmountSchema, paymentFields, serviceChargeSchema } from './client-fields';
import { saleSchema } from './clients';

/**
 * The till (issue 32; docs/shared DESIGN §9): a visit is an open tab from the moment the client is
 * served until checkout after the service, when add-ons, the discount, the service charge, tips and
 * one or more payments are taken in one transaction (POST /api/sales/checkout/).
 */

/** Add-ons per checkout, tips per checkout, payments per checkout. */
export const CHECKOUT_ITEMS_MAX = 20;
export const CHECKOUT_TIPS_MAX = 4;
export const CHECKOUT_PAYMENTS_MAX = 6;
export const CHECKOUT_QUANTITY_MAX = 20;

const positiveMoney = (what: string) =>
  moneyAmountSchema.refine((v) => Number(v) > 0, `${what} must be more than ₱0.00.`);

/**
 * Another treatment on the bill: an add-on or an upgrade at its catalogue price. With
 * `replaces_service` (at most one item, quantity 1) it becomes the visit's treatment instead of
 * adding to it: the client changed treatment, and the bill and the therapist's commission follow.
 */
export const checkoutItemSchema = z.object({
  treatment: relationId('a treatment'),
  quantity: z
    .number({ error: 'Enter a quantity.' })
    .int('Enter a whole number.')
    .min(1, 'Enter at least 1.')
    .max(CHECKOUT_QUANTITY_MAX, `Enter at most ${CHECKOUT_QUANTITY_MAX}.`)
    .default(1),
  replaces_service: z.boolean({ error: 'Say true or false.' }).default(false),
});
export type CheckoutItemBody = z.input<typeof checkoutItemSchema>;

/** A tip, the therapist's own in full: not a sale, no commission, not on the leaderboard (decision in docs/decisions). */
export const checkoutTipSchema = z.object({
  employee: relationId('a therapist who served the visit'),
  amount: positiveMoney('A tip'),
});
export type CheckoutTipBody = z.input<typeof checkoutTipSchema>;

/** One payment of a split bill; a card or bank transfer names its bank, an e-wallet its reference. */
export const checkoutPaymentSchema = z.object({
  payment_method: paymentFields.payment_method,
  amount: positiveMoney('A payment'),
  bank: paymentFields.bank,
  reference_no: paymentFields.reference_no,
});
export type CheckoutPaymentBody = z.input<typeof checkoutPaymentSchema>;

/**
 * POST /api/sales/checkout/ (Idempotency-Key as every money POST). The payments (after a held
 * deposit, applied first) must add up to what is due plus the tips, to the centavo: otherwise 400
 * on `payments` naming the difference ("₱300.00 is still to be paid.").
 */
export const checkoutBodySchema = z.object({
  arrival: relationId('a visit'),
  /** Credited with the sale; required when anything but tips is paid. */
  salesperson: relationId('a salesperson').nullable().default(null),
  items: z
    .array(checkoutItemSchema)
    .max(CHECKOUT_ITEMS_MAX, `At most ${CHECKOUT_ITEMS_MAX} items on one bill.`)
    .default([]),
  /** Peso discount off the bill (at most the bill). */
  discount: moneyAmountSchema.default('0.00'),
  service_charge: serviceChargeSchema,
  tips: z.array(checkoutTipSchema).max(CHECKOUT_TIPS_MAX, `At most ${CHECKOUT_TIPS_MAX} tips.`).default([]),
  payments: z
    .array(checkoutPaymentSchema)
    .max(CHECKOUT_PAYMENTS_MAX, `At most ${CHECKOUT_PAYMENTS_MAX} payments on one bill.`)
    .default([]),
  ...invoicingFields,
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export type CheckoutInput = z.output<typeof checkoutBodySchema>;

export const TAB_STATUSES = ['in_service', 'finished'] as const;

/** An open tab: a visit served (or being served) and not yet checked out. */
export const tabSchema = z.object({
  /** The visit (client arrival) the tab is for: what checkout names. */
  arrival: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  location: z.number().int(),
  date: z.string(),
  time: z.string(),
  /** When the service started (ISO instant). */
  since: z.string(),
  status: z.enum(TAB_STATUSES),
  therapists: z.array(z.object({ employee: z.number().int(), name: z.string() })),
  room: z.number().int().nullable(),
  room_name: z.string().nullable(),
  treatment: z.number().int().nullable(),
  treatment_name: z.string().nullable(),
  /** The voucher redeemed or membership used: nothing to pay for the service itself. */
  voucher: z.number().int().nullable(),
  client_membership: z.number().int().nullable(),
  /** What the bill comes to so far: the service at its catalogue price (0.00 on a voucher). */
  amount: z.string(),
  /** A reservation deposit held for the visit, applied first at checkout. */
  deposit: z.string(),
});
export type Tab = z.infer<typeof tabSchema>;

export const tabListQuerySchema = z.object({ location: filterId() });
export type TabListQuery = z.input<typeof tabListQuerySchema>;
export type TabListParams = z.output<typeof tabListQuerySchema>;

/** A Manager moves a tab of the day to "unpaid" with a reason, so the day can close. */
export const tabUnpaidBodySchema = z.object({
  reason: text(500, { multiline: true }).refine((v) => v !== '', 'Say why the visit was not paid.'),
});
export type TabUnpaidBody = z.input<typeof tabUnpaidBodySchema>;

/** What closing a tab as unpaid answers: the visit, its new status and the reason on record. */
export const tabUnpaidSchema = z.object({
  arrival: z.number().int(),
  status: z.literal('unpaid'),
  reason: z.string(),
});
export type TabUnpaid = z.infer<typeof tabUnpaidSchema>;

export const checkoutSchema = z.object({
  arrival: z.number().int(),
  client: z.number().int(),
  client_name: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  date: z.string(),
  /** The one sale the checkout wrote (its lines share it); null when nothing but tips was paid. */
  sale_key: z.string().nullable(),
  lines: z.array(saleSchema),
  /** The service and items at catalogue price. */
  subtotal: z.string(),
  discount: z.string(),
  service_charge: z.string(),
  /** subtotal − discount + service charge (with a senior/PWD discount: the invoice's total due). */
  total_due: z.string(),
  deposit_applied: z.string(),
  tips: z.array(z.object({ employee: z.number().int(), employee_name: z.string(), amount: z.string() })),
  tips_total: z.string(),
  payments: z.array(
    z.object({
      payment_method: z.enum(PAYMENT_METHODS),
      amount: z.string(),
      bank: z.number().int().nullable(),
      bank_name: z.string().nullable(),
      reference_no: z.string(),
    }),
  ),
  checked_out_at: z.string(),
  /** The INVOICE the checkout issued (invoicing on, something paid); null otherwise. */
  document: invoiceDocumentSchema.nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;
