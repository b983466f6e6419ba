import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatPeso, type clientArrivalBodySchema } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { clientArrivals, sales, treatments } from '../../db/schema/index';
import { HttpError, conflict, fieldError } from '../../lib/http-error';
import { checkPayment, insertSale, setSaleReference } from './sales.service';
import { toSale } from '../reports/index';
import type { AuthUser } from '../../lib/actor';

type ArrivalBody = z.output<typeof clientArrivalBodySchema>;
export type WalkInPayment = NonNullable<ArrivalBody['payment']>;

/**
 * A walk-in paid at the desk (docs/decisions/0411-walk-in-paid-at-the-desk.md): the arrival and
 * its sale line (kind `walk_in`) are written in one transaction. The sale's reference names the
 * arrival (`A-<id>`), so the arrival finds its sale at its own location and date through
 * sales_location_date_idx, with no extra column.
 */
export const walkInReference = (arrivalId: number) => `A-${arrivalId}`;

/** The arrival's walk-in sale line, joined to client_arrivals (left join: null when unpaid or deleted). */
export const walkInSale = alias(sales, 'walk_in_sale');
export const walkInSaleJoin = and(
  eq(walkInSale.locationId, clientArrivals.locationId),
  eq(walkInSale.date, clientArrivals.date),
  eq(walkInSale.kind, 'walk_in'),
  eq(walkInSale.reference, sql`'A-' || ${clientArrivals.id}`),
);

/** Fields of the payment object: their errors are named `payment.<field>`, as the body's own validation names them. */
const PAYMENT_FIELDS = new Set(['salesperson', 'payment_method', 'bank', 'reference_no', 'discount', 'service_charge']);
const underPayment = (err: unknown): never => {
  if (err instanceof HttpError && err.errors) {
    const errors = Object.fromEntries(
      Object.entries(err.errors).map(([field, messages]) => [
        PAYMENT_FIELDS.has(field) ? `payment.${field}` : field,
        messages,
      ]),
    );
    throw new HttpError(err.statusCode, err.message, errors, err.headers);
  }
  throw err;
};

/**
 * Checks the payment and writes the sale line, before the arrival row. The price is the treatment's
 * catalogue price; the discount at most that; the day must be open (its report not approved).
 */
export const chargeWalkIn = async (
  tx: Tx,
  user: AuthUser,
  input: Pick<ArrivalBody, 'client' | 'location' | 'treatment' | 'voucher' | 'client_membership'> & {
    payment: WalkInPayment;
    date: string;
  },
) => {
  if (input.voucher !== null || input.client_membership !== null)
    throw fieldError('payment', 'A visit on a voucher or a membership is not paid at the desk; leave the payment out.');
  if (input.treatment === null) throw fieldError('treatment', 'Choose the treatment the client pays for.');
  const [treatment] = await tx.select().from(treatments).where(eq(treatments.id, input.treatment));
  if (!treatment) throw fieldError('treatment', 'No such treatment.');
  if (!treatment.isActive) throw fieldError('treatment', `${treatment.name} is no longer offered.`);
  const payment = { ...input.payment, location: input.location, date: input.date };
  try {
    await checkPayment(tx, user, input.client, payment);
    return await insertSale(tx, user, {
      date: input.date,
      clientId: input.client,
      kind: 'walk_in',
      amount: sql`${treatment.price}::numeric`,
      payment,
      serviceCharge: input.payment.service_charge,
    });
  } catch (err) {
    return underPayment(err);
  }
};

/** Names the sale line the arrival wrote once the arrival's id is known. */
export const linkWalkIn = (tx: Tx, saleId: number, arrivalId: number) =>
  setSaleReference(tx, saleId, walkInReference(arrivalId));

/**
 * Cancelling an arrival whose walk-in sale line is still on file is refused (409, naming the sale):
 * the money was taken, and removing a sale line goes through the sales deletion rules (Admins at
 * once, anyone else by a request the Admins or the location's Managers approve). Once the line is
 * deleted, the arrival can be cancelled.
 */
export const assertNoWalkInSale = async (tx: Tx, arrival: { id: number; location: number; date: string }) => {
  const [sale] = await tx
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.locationId, arrival.location),
        eq(sales.date, arrival.date),
        eq(sales.kind, 'walk_in'),
        eq(sales.reference, walkInReference(arrival.id)),
      ),
    );
  if (!sale) return;
  const read = toSale(sale);
  const message = `This arrival was paid at the desk: sale #${read.id} (${formatPeso(read.net_amount)}, ${read.payment_method.replace('_', ' ')}) is on the day's sales. Ask for that sale line to be deleted first (sale lines → delete); once it is deleted, the arrival can be cancelled.`;
  throw conflict(message, { status: [message] });
};
