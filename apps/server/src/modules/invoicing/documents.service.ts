import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BUYER_DETAILS_FROM,
  BUYER_DETAILS_MESSAGE,
  DOCUMENT_TITLES,
  NOT_FOR_INPUT_TAX,
  PAYMENT_METHOD_LABELS,
  SPECIAL_DISCOUNT_LABELS,
  TERMINAL_REQUIRED_MESSAGE,
  invoiceFigures,
  toCentavos,
  type Buyer,
  type DocumentKind,
  type DocumentSnapshot,
  type InvoiceDocument,
  type InvoiceFigures,
  type PaymentMethod,
  type SpecialDiscount,
  type TaxableLine,
} from '@ginhawa/contract';
import type { DbOrTx, Tx } from '../../db/client';
import {
  banks,
  einvoiceOutbox,
  invoiceSpecialDiscounts,
  invoices,
  invoicingProfile,
  locations,
  terminals,
} from '../../db/schema/index';
import { fieldError } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { sha256 } from '../../lib/tokens';
import { appendJournal, canonicalJson } from './journal.service';
import { PROFILE_ID, invoicingOn } from './profile.service';

/**
 * Issuing a document (issue 33; docs/decisions/1002-documents-and-their-numbers.md): called in the
 * transaction that records the sale (or takes the deposit, or reverses the sale), so a rolled-back
 * sale leaves no number used. The terminal's row is updated to take the number: two desks issuing
 * on one terminal take turns on that row lock, so numbers are consecutive, never shared, never
 * skipped. The terminal owns its series and its grand total (an offline branch can keep issuing).
 */

export type IssueDocument = {
  kind: DocumentKind;
  terminalId: number;
  locationId: number;
  businessDate: string;
  cashier: { id: number; name: string };
  clientId: number | null;
  /** The client's name, printed as the buyer unless `buyer` names another. */
  clientName: string;
  buyer: Buyer | null;
  saleReference: string;
  lines: TaxableLine[];
  discount: string;
  serviceCharge: string;
  special: SpecialDiscount | null;
  payments: { method: PaymentMethod; bankId: number | null; referenceNo: string; amount: string }[];
  deposit?: { documentNo: string | null; amount: string } | null;
  original?: { id: number; documentNo: string; issuedAt: string } | null;
  reason?: string | null;
  /** Figures already computed by the caller (to check its payments) from the same lines. */
  figures?: InvoiceFigures;
};

export type SellerTerms = { vat_status: 'vat' | 'non_vat'; vat_rate: string };

/** The seller's VAT status and rate, for figures computed before the document is issued. */
export const sellerTerms = async (db: DbOrTx): Promise<SellerTerms> => {
  const [row] = await db
    .select({ vatStatus: invoicingProfile.vatStatus, vatRate: invoicingProfile.vatRate })
    .from(invoicingProfile)
    .where(eq(invoicingProfile.id, PROFILE_ID));
  return { vat_status: (row?.vatStatus ?? 'vat') as SellerTerms['vat_status'], vat_rate: row?.vatRate ?? '12.00' };
};

/**
 * The terminal a money call names, when invoicing is on: required, active, at the sale's branch
 * (400 on `terminal`). Null when invoicing is off: the sale is recorded, nothing is numbered.
 */
export const terminalForSale = async (
  db: DbOrTx,
  terminalId: number | null,
  locationId: number,
): Promise<number | null> => {
  if (!(await invoicingOn(db))) return null;
  if (terminalId === null) throw fieldError('terminal', TERMINAL_REQUIRED_MESSAGE);
  const [terminal] = await db
    .select({ locationId: terminals.locationId, isActive: terminals.isActive, name: terminals.name })
    .from(terminals)
    .where(eq(terminals.id, terminalId));
  if (!terminal) throw fieldError('terminal', 'No such terminal.');
  if (terminal.locationId !== locationId)
    throw fieldError('terminal', `${terminal.name} is another branch’s terminal: choose one at this branch.`);
  if (!terminal.isActive) throw fieldError('terminal', `${terminal.name} is no longer active: choose another.`);
  return terminalId;
};

/**
 * The terminal that documents a sale made without a desk (a forfeited deposit, kept when a client
 * did not come): the one that acknowledged the deposit when still active, else the branch's first
 * active terminal. Null when invoicing is off (or the branch has none: then the sale is recorded
 * unnumbered, as before invoicing).
 */
export const terminalFor = async (db: DbOrTx, saleReference: string, locationId: number): Promise<number | null> => {
  if (!(await invoicingOn(db))) return null;
  const [row] = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.locationId, locationId), eq(terminals.isActive, true)))
    .orderBy(
      sql`exists (select 1 from invoices i where i.terminal_id = ${terminals.id} and i.kind = 'acknowledgement' and i.sale_reference = ${saleReference}) desc`,
      terminals.id,
    )
    .limit(1);
  return row?.id ?? null;
};

/** The column of the next number, and of the prefix, per kind. */
const series = {
  invoice: { key: 'nextInvoiceNumber', next: terminals.nextInvoiceNumber, prefix: terminals.invoicePrefix },
  credit_memo: {
    key: 'nextCreditMemoNumber',
    next: terminals.nextCreditMemoNumber,
    prefix: terminals.creditMemoPrefix,
  },
  acknowledgement: {
    key: 'nextAcknowledgementNumber',
    next: terminals.nextAcknowledgementNumber,
    prefix: terminals.acknowledgementPrefix,
  },
} as const;

/** "SI-" and 123 → "SI-0000000123": ten digits, as the series' permit range prints them. */
export const documentNumber = (prefix: string, number: number) => `${prefix}${String(number).padStart(10, '0')}`;

const notices = (kind: DocumentKind, vatSeller: boolean, figures: InvoiceFigures): string[] => {
  const out: string[] = [];
  if (kind === 'acknowledgement' || !vatSeller) out.push(NOT_FOR_INPUT_TAX);
  if (kind !== 'acknowledgement' && vatSeller) {
    const total =
      toCentavos(figures.total_due) + toCentavos(figures.discount_senior) + toCentavos(figures.discount_pwd);
    if (total > 0n && toCentavos(figures.vat_exempt_sales) === total) out.push('VAT-EXEMPT SALE');
    if (total > 0n && toCentavos(figures.zero_rated_sales) === total) out.push('ZERO-RATED SALE');
  }
  return out;
};

/** Issues one document in the caller's transaction and answers it as read back. */
export const issueDocument = async (tx: Tx, input: IssueDocument): Promise<InvoiceDocument> => {
  const [profile] = await tx.select().from(invoicingProfile).where(eq(invoicingProfile.id, PROFILE_ID));
  const vatSeller = (profile?.vatStatus ?? 'vat') === 'vat';
  const figures =
    input.figures ??
    invoiceFigures({
      lines: input.lines,
      // An acknowledgement is no sale: its amount is printed without a VAT box.
      vat_status: input.kind === 'acknowledgement' ? 'non_vat' : vatSeller ? 'vat' : 'non_vat',
      vat_rate: profile?.vatRate ?? '12.00',
      discount: input.discount,
      service_charge: input.serviceCharge,
      special: input.special?.kind ?? null,
    });
  const buyer = input.buyer;
  if (
    input.kind === 'invoice' &&
    buyer?.vat_registered &&
    toCentavos(figures.total_due) >= toCentavos(BUYER_DETAILS_FROM) &&
    (!buyer.name || !buyer.address || !buyer.tin)
  )
    throw fieldError('buyer', BUYER_DETAILS_MESSAGE);

  // The number, and the grand total that never resets (invoices only: the sales the terminal made).
  const s = series[input.kind];
  const added = input.kind === 'invoice' ? figures.total_due : '0';
  const [terminal] = await tx
    .update(terminals)
    .set({
      [s.key]: sql`${s.next} + 1`,
      grandTotal: sql`${terminals.grandTotal} + ${added}::numeric`,
    })
    .where(
      and(eq(terminals.id, input.terminalId), eq(terminals.locationId, input.locationId), eq(terminals.isActive, true)),
    )
    .returning({
      number: sql<string>`(${s.next} - 1)::text`,
      prefix: s.prefix,
      name: terminals.name,
      min: terminals.min,
      serialNumber: terminals.serialNumber,
      permitNumber: terminals.permitNumber,
      permitDate: terminals.permitDate,
    });
  if (!terminal) throw fieldError('terminal', 'This terminal is not an active terminal of this branch.');
  const number = Number(terminal.number);
  const documentNo = documentNumber(terminal.prefix, number);
  const [branch] = await tx
    .select({ name: locations.name, branchCode: locations.branchCode, address: locations.registeredAddress })
    .from(locations)
    .where(eq(locations.id, input.locationId));

  const bankIds = [...new Set(input.payments.flatMap((p) => (p.bankId === null ? [] : [p.bankId])))];
  const bankNames = new Map(
    bankIds.length
      ? (await tx.select({ id: banks.id, name: banks.name }).from(banks).where(inArray(banks.id, bankIds))).map(
          (b) => [b.id, b.name] as const,
        )
      : [],
  );
  const issuedAt = new Date();
  const tinLine = `${vatSeller ? 'VAT' : 'NON-VAT'} REG TIN ${profile?.tin ?? ''}-${branch?.branchCode || '00000'}`;
  const discounts: DocumentSnapshot['discounts'] = [
    ...(toCentavos(figures.discount_senior) > 0n
      ? [{ kind: 'senior' as const, label: SPECIAL_DISCOUNT_LABELS.senior, amount: figures.discount_senior }]
      : []),
    ...(toCentavos(figures.discount_pwd) > 0n
      ? [{ kind: 'pwd' as const, label: SPECIAL_DISCOUNT_LABELS.pwd, amount: figures.discount_pwd }]
      : []),
    ...(toCentavos(figures.discount_other) > 0n
      ? [{ kind: 'other' as const, label: 'Discount', amount: figures.discount_other }]
      : []),
  ];
  const snapshot: DocumentSnapshot = {
    title: DOCUMENT_TITLES[input.kind],
    kind: input.kind,
    document_no: documentNo,
    issued_at: issuedAt.toISOString(),
    business_date: input.businessDate,
    seller: {
      registered_name: profile?.registeredName ?? '',
      business_style: profile?.businessStyle ?? '',
      tin_line: tinLine,
      address: branch?.address || profile?.registeredAddress || '',
      vat_status: vatSeller ? 'vat' : 'non_vat',
    },
    terminal: {
      name: terminal.name,
      min: terminal.min,
      serial_number: terminal.serialNumber,
      permit_number: terminal.permitNumber,
      permit_date: terminal.permitDate,
    },
    buyer: {
      name: buyer?.name || input.special?.name || input.clientName,
      address: buyer?.address ?? '',
      tin: buyer?.tin || input.special?.tin || '',
    },
    lines: figures.lines,
    discounts,
    service_charge: figures.service_charge,
    gross: figures.gross,
    tax:
      vatSeller && input.kind !== 'acknowledgement'
        ? {
            vatable_sales: figures.vatable_sales,
            vat: figures.vat,
            vat_exempt_sales: figures.vat_exempt_sales,
            zero_rated_sales: figures.zero_rated_sales,
          }
        : null,
    total_due: figures.total_due,
    notices: notices(input.kind, vatSeller, figures),
    payments: input.payments.map((p) => ({
      method: p.method,
      label: PAYMENT_METHOD_LABELS[p.method],
      bank_name: p.bankId === null ? null : (bankNames.get(p.bankId) ?? null),
      reference_no: p.referenceNo,
      amount: p.amount,
    })),
    deposit: input.deposit ? { document_no: input.deposit.documentNo, amount: input.deposit.amount } : null,
    original: input.original ? { document_no: input.original.documentNo, issued_at: input.original.issuedAt } : null,
    special_discount:
      input.special && figures.special_applied
        ? { kind: input.special.kind, label: SPECIAL_DISCOUNT_LABELS[input.special.kind] }
        : null,
    reason: input.reason ?? null,
    cashier: input.cashier.name,
    software: {
      supplier_name: profile?.supplierName ?? '',
      supplier_address: profile?.supplierAddress ?? '',
      supplier_tin: profile?.supplierTin ?? '',
      accreditation_no: profile?.accreditationNo ?? '',
      date_issued: profile?.accreditationDateIssued ?? null,
      valid_until: profile?.accreditationValidUntil ?? null,
    },
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      terminalId: input.terminalId,
      locationId: input.locationId,
      kind: input.kind,
      number,
      documentNo,
      businessDate: input.businessDate,
      issuedAt,
      issuedBy: input.cashier.id,
      cashierName: input.cashier.name,
      clientId: input.clientId,
      buyerName: snapshot.buyer.name,
      saleReference: input.saleReference,
      originalId: input.original?.id ?? null,
      gross: figures.gross,
      vatableSales: figures.vatable_sales,
      vat: figures.vat,
      vatExemptSales: figures.vat_exempt_sales,
      zeroRatedSales: figures.zero_rated_sales,
      discountSenior: figures.discount_senior,
      discountPwd: figures.discount_pwd,
      discountOther: figures.discount_other,
      serviceCharge: figures.service_charge,
      totalDue: figures.total_due,
      snapshot,
    })
    .returning();
  const special = input.special && figures.special_applied ? input.special : null;
  if (special)
    await tx.insert(invoiceSpecialDiscounts).values({
      invoiceId: row!.id,
      kind: special.kind,
      idType: special.id_type,
      idNumber: special.id_number,
      name: special.name,
      tin: special.tin,
    });
  // Every invoice and credit memo waits in the e-invoicing outbox (RR 11-2025; sent when turned on).
  if (input.kind !== 'acknowledgement')
    await tx.insert(einvoiceOutbox).values({
      invoiceId: row!.id,
      payload: JSON.parse(canonicalJson({ ...snapshot, special_discount_id: special })) as object,
    });
  await appendJournal(tx, input.terminalId, 'document_issued', {
    document: row!.id,
    kind: input.kind,
    document_no: documentNo,
    total_due: figures.total_due,
    snapshot_sha256: sha256(canonicalJson(snapshot)),
  });
  return toDocument(row!, branch?.name ?? '', terminal.name, special);
};

type DocumentRow = typeof invoices.$inferSelect;

export const toDocument = (
  row: DocumentRow,
  locationName: string,
  terminalName: string,
  special: SpecialDiscount | null,
): InvoiceDocument => ({
  id: row.id,
  kind: row.kind as DocumentKind,
  number: row.number,
  document_no: row.documentNo,
  terminal: row.terminalId,
  terminal_name: terminalName,
  location: row.locationId,
  location_name: locationName,
  business_date: row.businessDate,
  issued_at: iso(row.issuedAt),
  cashier_name: row.cashierName,
  client: row.clientId,
  buyer_name: row.buyerName,
  sale_reference: row.saleReference,
  original: row.originalId,
  gross: row.gross,
  vatable_sales: row.vatableSales,
  vat: row.vat,
  vat_exempt_sales: row.vatExemptSales,
  zero_rated_sales: row.zeroRatedSales,
  discount_senior: row.discountSenior,
  discount_pwd: row.discountPwd,
  discount_other: row.discountOther,
  service_charge: row.serviceCharge,
  total_due: row.totalDue,
  voided_at: row.voidedAt ? iso(row.voidedAt) : null,
  void_reason: row.voidReason,
  snapshot: row.snapshot as DocumentSnapshot,
  special_discount: special,
});
