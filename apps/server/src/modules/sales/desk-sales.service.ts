import { eq, sql, type SQL } from 'drizzle-orm';
import {
  BANKED_PAYMENT_METHODS,
  formatPeso,
  fromCentavos,
  invoiceFigures,
  todayInManila,
  toCentavos,
  type Buyer,
  type ClientMembershipInput,
  type InvoiceDocument,
  type InvoiceFigures,
  type SpecialDiscount,
  type TaxableLine,
} from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { banks, clients, employees, sales } from '../../db/schema/index';
import { fieldError, forbidden } from '../../lib/http-error';
import { inScope, workplaceScope } from '../../lib/scope';
import { displayName, type AuthUser } from '../../lib/actor';
import { issueDocument, sellerTerms, terminalForSale } from '../invoicing/index';
import { assertDateAllowed } from './dating.service';
import { locationOf } from './day-lock.service';
import { recordSale } from './record-sale.service';
import { toSale } from './sale-lines.service';
import { SOLD, tellCreditedSalesperson } from './sale-notice.service';

/** The sales the desk records: a membership, a voucher, or a walk-in paid with its arrival (clients' walk-in.service.ts). */
export type DeskSaleKind = 'membership' | 'voucher' | 'walk_in';

export type Payment = Pick<
  ClientMembershipInput,
  'location' | 'salesperson' | 'payment_method' | 'bank' | 'reference_no' | 'discount' | 'date'
>;

/** Who is sold to and where, as authorizeSale found them: what the rest of the request uses. */
export type AuthorizedSale = {
  client: { id: number; full_name: string; is_active: boolean };
  location: { id: number; name: string; isActive: boolean };
};

/**
 * Who may sell here: any client (clients belong to the business, decision 0410), at a location the
 * caller works at. Asked once per request, before an Idempotency-Key replays a stored sale
 * (db/idempotency.ts), which hands its answer to the rest of the request.
 */
export const authorizeSale = async (
  tx: Tx,
  user: AuthUser,
  input: { client: number; location: number },
): Promise<AuthorizedSale> => {
  const [client] = await tx
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName, isActive: clients.isActive })
    .from(clients)
    .where(eq(clients.id, input.client));
  if (!client) throw fieldError('client', 'No such client.');
  const location = await locationOf(tx, input.location);
  if (!location) throw fieldError('location', 'No such location.');
  if (!inScope(workplaceScope(user), location.id))
    throw forbidden(`You do not work at ${location.name}, so you cannot record this there.`);
  return {
    client: { id: client.id, full_name: `${client.firstName} ${client.lastName}`, is_active: client.isActive },
    location,
  };
};

/** The salesperson credited: one, active, of this location (400 on `field`). */
export const checkSalesperson = async (tx: Tx, salespersonId: number, locationId: number, field = 'salesperson') => {
  const [seller] = await tx.select().from(employees).where(eq(employees.id, salespersonId));
  if (!seller || seller.kind !== 'salesperson') throw fieldError(field, 'No such salesperson.');
  if (!seller.isActive) throw fieldError(field, `${seller.firstName} ${seller.lastName} is no longer active.`);
  if (seller.locationId !== locationId)
    throw fieldError(field, `${seller.firstName} ${seller.lastName} works at another location.`);
  return seller;
};

/**
 * Where the money went: the bank a card or transfer went to (active), none for cash or an e-wallet,
 * and an e-wallet's reference. Errors name `<prefix>bank` and `<prefix>reference_no`.
 */
export const checkAccount = async (
  tx: Tx,
  payment: Pick<Payment, 'payment_method' | 'bank' | 'reference_no'>,
  prefix = '',
) => {
  if (BANKED_PAYMENT_METHODS.includes(payment.payment_method)) {
    if (payment.bank === null)
      throw fieldError(`${prefix}bank`, 'Choose the bank account a card or bank transfer payment went to.');
    const [bank] = await tx.select({ isActive: banks.isActive }).from(banks).where(eq(banks.id, payment.bank));
    if (!bank) throw fieldError(`${prefix}bank`, 'No such bank account.');
    if (!bank.isActive) throw fieldError(`${prefix}bank`, 'This bank account is inactive.');
  } else if (payment.bank !== null) {
    throw fieldError(`${prefix}bank`, 'Only card and bank transfer payments name a bank account.');
  }
  // A GCash/Maya payment is matched to the wallet's statement by its reference alone, as an imported line is (sales-store).
  if (payment.payment_method === 'e_wallet' && payment.reference_no.trim() === '')
    throw fieldError(`${prefix}reference_no`, 'Enter the e-wallet reference number.');
};

/**
 * Checks what every desk sale names, for the client and location authorizeSale found: an open
 * location, an active client, a salesperson there, the bank a card or transfer went to, an
 * e-wallet's reference, and the day (the dating rule).
 */
export const checkPayment = async (tx: Tx, user: AuthUser, sale: AuthorizedSale, payment: Payment) => {
  const { client, location } = sale;
  if (!client.is_active)
    throw fieldError('client', `${client.full_name} is inactive; reactivate the client before selling.`);
  if (!location.isActive) throw fieldError('location', `${location.name} is closed (inactive).`);
  await checkSalesperson(tx, payment.salesperson, payment.location);
  await checkAccount(tx, payment);
  const date = payment.date ?? todayInManila();
  // The one dating rule (decision 0710): not after today, within the cutoff unless an Admin, not on a locked day.
  const dated = await assertDateAllowed(tx, user, { locationId: payment.location, date, what: 'sale' });
  return { client, date, dated };
};

/** Writes a desk sale's line through recordSale, after checkPayment; the amount is SQL numeric. */
export const insertSale = async (
  tx: Tx,
  user: AuthUser,
  values: {
    date: string;
    clientId: number;
    kind: DeskSaleKind;
    amount: SQL;
    payment: Payment;
    /** Collected on top of the price (RA 11360; a walk-in's payment may carry one). */
    serviceCharge?: string;
    /** What was sold, for the credited salesperson's notice: "a 6-session Hilot voucher". */
    what?: string;
    /** False when the caller tells the salesperson of the whole visit itself (a deposit visit's two lines). */
    announce?: boolean;
    /** What the invoice says was sold (issue 33), and what the buyer gave for it; no invoice without. */
    invoice?: InvoiceRequest;
  },
): Promise<DeskSale> => {
  // The day was checked by checkPayment (dating.service.ts): every desk sale goes through it first.
  const [check] = await tx
    .select({
      amount: sql<string>`(${values.amount})::numeric(12,2)::text`,
      ok: sql<boolean>`(${values.amount}) >= ${values.payment.discount}::numeric`,
    })
    .from(sql`(select 1) as one`);
  if (!check!.ok) throw fieldError('discount', `The discount cannot exceed the price (${formatPeso(check!.amount)}).`);
  const invoice = values.invoice ? await invoiceTerms(tx, values.invoice, values.payment, values.serviceCharge) : null;
  // With a senior/PWD discount the invoice's total is what is paid: the line's discount is the rest.
  const discount = invoice
    ? fromCentavos(
        toCentavos(check!.amount) - toCentavos(invoice.figures.total_due) + toCentavos(values.serviceCharge ?? '0'),
      )
    : values.payment.discount;
  const [sale] = await recordSale(tx, user, {
    date: values.date,
    locationId: values.payment.location,
    lines: [
      {
        kind: values.kind,
        clientId: values.clientId,
        salespersonId: values.payment.salesperson,
        amount: check!.amount,
        discount,
        serviceCharge: values.serviceCharge,
        paymentMethod: values.payment.payment_method,
        bankId: values.payment.bank,
        referenceNo: values.payment.reference_no,
      },
    ],
  });
  if (values.announce !== false)
    await tellCreditedSalesperson(
      tx,
      user,
      values.payment.salesperson,
      values.what ?? SOLD[values.kind],
      sale!.netAmount,
    );
  return { ...sale!, invoice };
};

/** What a money call gave for its invoice (the contract's invoicingFields) and what the invoice says was sold. */
export type InvoiceRequest = {
  terminal: number | null;
  special_discount: SpecialDiscount | null;
  buyer: Buyer | null;
  clientName: string;
  line: TaxableLine;
};

export type DeskSale = Awaited<ReturnType<typeof recordSale>>[number] & {
  /** The invoice to issue once the sale's reference is known (invoicing on); null otherwise. */
  invoice: { request: InvoiceRequest; terminalId: number; figures: InvoiceFigures } | null;
};

export const SPECIAL_NEEDS_INVOICE =
  'The senior citizen or PWD discount is given on an invoice: choose this desk’s terminal, with invoicing on.';

const invoiceTerms = async (tx: Tx, request: InvoiceRequest, payment: Payment, serviceCharge = '0.00') => {
  const terminalId = await terminalForSale(tx, request.terminal, payment.location);
  if (terminalId === null) {
    if (request.special_discount) throw fieldError('special_discount', SPECIAL_NEEDS_INVOICE);
    return null;
  }
  const figures = invoiceFigures({
    lines: [request.line],
    ...(await sellerTerms(tx)),
    discount: payment.discount,
    service_charge: serviceCharge,
    special: request.special_discount?.kind ?? null,
  });
  return { request, terminalId, figures };
};

/**
 * Names what a desk sale sold (a voucher code, CM-<id>, A-<arrival>) on its line and, with invoicing
 * on, issues its INVOICE under that reference in the same transaction (issue 33).
 */
export const setSaleReference = async (
  tx: Tx,
  user: AuthUser,
  sold: Pick<
    DeskSale,
    'id' | 'invoice' | 'paymentMethod' | 'bankId' | 'referenceNo' | 'clientId' | 'date' | 'locationId'
  >,
  reference: string,
): Promise<{ sale: ReturnType<typeof toSale>; document: InvoiceDocument | null }> => {
  const document = sold.invoice
    ? await issueDocument(tx, {
        kind: 'invoice',
        terminalId: sold.invoice.terminalId,
        locationId: sold.locationId,
        businessDate: sold.date,
        cashier: { id: user.id, name: displayName(user) },
        clientId: sold.clientId,
        clientName: sold.invoice.request.clientName,
        buyer: sold.invoice.request.buyer,
        saleReference: reference,
        lines: [sold.invoice.request.line],
        discount: '0.00',
        serviceCharge: '0.00',
        special: sold.invoice.request.special_discount,
        figures: sold.invoice.figures,
        payments: [
          {
            method: sold.paymentMethod as Payment['payment_method'],
            bankId: sold.bankId,
            referenceNo: sold.referenceNo,
            amount: sold.invoice.figures.total_due,
          },
        ],
      })
    : null;
  const [sale] = await tx
    .update(sales)
    .set({ reference, ...(document ? { invoiceId: document.id } : {}) })
    .where(eq(sales.id, sold.id))
    .returning();
  return { sale: toSale(sale!), document };
};
