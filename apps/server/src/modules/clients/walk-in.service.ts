import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD_LABELS, formatPeso, type ClientArrivalInput } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { clientArrivals, sales, treatments } from '../../db/schema/index';
import { HttpError, conflict, fieldError } from '../../lib/http-error';
import {
  SOLD,
  checkPayment,
  insertSale,
  setSaleReference,
  tellCreditedSalesperson,
  toSale,
  type AuthorizedSale,
} from '../sales/index';
import type { AuthUser } from '../../lib/actor';

export type WalkInPayment = NonNullable<ClientArrivalInput['payment']>;
/** A reservation's deposit the visit uses up (docs/decisions/0900-floor-board.md): how it was paid and how much. */
export type AppliedDeposit = Pick<WalkInPayment, 'payment_method' | 'bank' | 'reference_no'> & { amount: string };

/**
 * A walk-in paid at the desk (docs/decisions/0411-walk-in-paid-at-the-desk.md): the arrival and
 * its sale line (kind `walk_in`) are written in one transaction. The sale's reference names the
 * arrival (`A-<id>`), so the arrival finds its sale at its own location and date through
 * sales_location_date_idx, with no extra column.
 */
export const walkInReference = (arrivalId: number) => `A-${arrivalId}`;

type SaleColumns = Record<'locationId' | 'date' | 'kind' | 'reference', AnyPgColumn>;
const visitRows = (row: SaleColumns) =>
  and(
    eq(row.locationId, clientArrivals.locationId),
    eq(row.date, clientArrivals.date),
    eq(row.kind, 'walk_in'),
    eq(row.reference, sql`'A-' || ${clientArrivals.id}`),
  );

/**
 * The arrival's walk-in sale line, joined to client_arrivals (left join: null when unpaid or
 * deleted). A visit whose reservation deposit was applied has two lines (decision 0411, "A
 * reservation's deposit"): the desk's is written first, so it is the lower id, and the deposit's
 * is `depositSale`; each join takes at most one line, so an arrival is still one row.
 */
export const walkInSale = alias(sales, 'walk_in_sale');
export const walkInSaleJoin = and(
  visitRows(walkInSale),
  sql`${walkInSale.id} = (select min(v.id) from ${sales} v where v.location_id = ${clientArrivals.locationId}
    and v.date = ${clientArrivals.date} and v.kind = 'walk_in' and v.reference = 'A-' || ${clientArrivals.id})`,
);
export const depositSale = alias(sales, 'deposit_sale');
export const depositSaleJoin = and(visitRows(depositSale), sql`${depositSale.id} > ${walkInSale.id}`);

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
 * A service charge is a share of the bill (RA 11360), so never more than the price: a larger one
 * is a typo, and a few at the field's limit would make the branch's pay run uncomputable, its
 * service-charge shares past what a pay-run line holds (docs/decisions/0507-service-charge-at-most-the-price.md).
 */
const assertServiceChargeWithin = async (tx: Tx, serviceCharge: string, price: string) => {
  const [check] = await tx
    .select({ over: sql<boolean>`${serviceCharge}::numeric > ${price}::numeric` })
    .from(sql`(select 1) as one`);
  if (check!.over)
    throw fieldError('service_charge', `The service charge cannot exceed the price (${formatPeso(price)}).`);
};

/**
 * Checks the payment and writes the sale line, before the arrival row. The price is the treatment's
 * catalogue price; the discount at most that; the day must be open (its report not approved). With
 * a reservation's deposit, the part of the net price it covers is its own line under the deposit's
 * method, bank and reference, and the desk's line is the balance (decision 0411): the books then
 * say how the money came in, and the two lines add up to the visit's net price.
 */
export const chargeWalkIn = async (
  tx: Tx,
  user: AuthUser,
  sold: AuthorizedSale,
  input: Pick<ClientArrivalInput, 'client' | 'location' | 'treatment' | 'voucher' | 'client_membership'> & {
    payment: WalkInPayment;
    date: string;
    deposit?: AppliedDeposit;
  },
) => {
  if (input.voucher !== null || input.client_membership !== null)
    throw fieldError('payment', 'A visit on a voucher or a membership is not paid at the desk; leave the payment out.');
  if (input.treatment === null) throw fieldError('treatment', 'Choose the treatment the client pays for.');
  const [treatment] = await tx.select().from(treatments).where(eq(treatments.id, input.treatment));
  if (!treatment) throw fieldError('treatment', 'No such treatment.');
  if (!treatment.isActive) throw fieldError('treatment', `${treatment.name} is no longer offered.`);
  const payment = { ...input.payment, location: input.location, date: input.date };
  const price = sql`${treatment.price}::numeric`;
  // The deposit covers at most the net price; whatever it held beyond that is not takings of this visit.
  const covered = input.deposit
    ? sql`least(${input.deposit.amount}::numeric, greatest(${price} - ${payment.discount}::numeric, 0))`
    : sql`0`;
  try {
    await checkPayment(tx, user, sold, payment);
    await assertServiceChargeWithin(tx, input.payment.service_charge, treatment.price);
    const desk = await insertSale(tx, user, {
      date: input.date,
      clientId: input.client,
      kind: 'walk_in',
      amount: sql`${price} - ${covered}`,
      payment,
      serviceCharge: input.payment.service_charge,
      announce: !input.deposit,
    });
    if (!input.deposit) return [desk];
    const deposit = await insertSale(tx, user, {
      date: input.date,
      clientId: input.client,
      kind: 'walk_in',
      amount: covered,
      payment: { ...payment, ...input.deposit, discount: '0' },
      announce: false,
    });
    // One visit, one notice: the credited salesperson hears of its whole net price, not of each line.
    const [visit] = await tx
      .select({ net: sql<string>`(${desk.netAmount}::numeric + ${deposit.netAmount}::numeric)::text` })
      .from(sql`(select 1) as one`);
    await tellCreditedSalesperson(tx, user, payment.salesperson, SOLD.walk_in, visit!.net);
    return [desk, deposit];
  } catch (err) {
    return underPayment(err);
  }
};

/** Names the sale lines the arrival wrote once the arrival's id is known. */
export const linkWalkIn = async (
  tx: Tx,
  user: AuthUser,
  lines: Parameters<typeof setSaleReference>[2][],
  arrivalId: number,
) => {
  // A visit logged for an earlier time is a plain record of a paid visit: no invoice (decision 1002).
  for (const line of lines) await setSaleReference(tx, user, { ...line, invoice: null }, walkInReference(arrivalId));
};

/**
 * Cancelling an arrival whose walk-in sale line is still on file is refused (409, naming the sale):
 * the money was taken, and removing a sale line goes through the sales deletion rules (Admins at
 * once, anyone else by a request the Admins or the location's Managers approve). Once the line is
 * deleted, the arrival can be cancelled.
 */
export const assertNoWalkInSale = async (tx: Tx, arrival: { id: number; location: number; date: string }) => {
  const lines = await tx
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.locationId, arrival.location),
        eq(sales.date, arrival.date),
        eq(sales.kind, 'walk_in'),
        eq(sales.reference, walkInReference(arrival.id)),
      ),
    )
    .orderBy(asc(sales.id));
  if (!lines.length) return;
  const named = lines
    .map(toSale)
    .map((s) => `sale #${s.id} (${formatPeso(s.net_amount)}, ${PAYMENT_METHOD_LABELS[s.payment_method]})`);
  // The arrival card asks for the deletion itself, so the sentence names no menu to go through.
  const message =
    named.length === 1
      ? `This arrival was paid at the desk: ${named[0]} is on the day's sales. Ask for that sale line to be deleted first; once it is deleted, the arrival can be cancelled.`
      : `This arrival was paid at the desk: ${named.join(' and ')} are on the day's sales. Ask for those sale lines to be deleted first; once they are deleted, the arrival can be cancelled.`;
  throw conflict(message, { status: [message] });
};
