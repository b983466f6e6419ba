import { sql } from 'drizzle-orm';
import type { PaymentMethod, Sale } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { sales } from '../../db/schema/index';
import { changeSalesWatchingRanks, earningsChanged } from './sale-watch';

/**
 * The one way a row gets into `sales` (issue 32; the only-writer test, record-sale.test.ts, fails on
 * any other insert): desk sales of vouchers and memberships, walk-ins and the deposits they apply,
 * forfeited deposits, and the imported day's lines all come through here. What a write must check
 * first (who may sell where, the day's rule, the payment) its caller has checked; this writes the
 * lines, with the net amount computed in SQL, inside the leaderboard's rank watch, and tells the
 * salespeople credited that their earnings moved (sale-watch.ts: both handed in by the modules above).
 */

export type SaleKind = Sale['kind'];

export type SaleLineInput = {
  kind: SaleKind;
  clientId: number | null;
  /** Null only on a forfeited deposit (kind `forfeit`): kept, sold by no one. */
  salespersonId: number | null;
  /** The gross amount, a decimal string; net = amount − discount, in SQL. */
  amount: string;
  discount?: string;
  /** Collected on top of the price (RA 11360). */
  serviceCharge?: string;
  paymentMethod: PaymentMethod;
  bankId: number | null;
  referenceNo: string;
  /** What was sold: a voucher code, CM-<id>, A-<arrival>, R-<reservation>; set later by setSaleReference when not yet known. */
  reference?: string;
  /** The document issued for it (issue 33), when invoicing is on. */
  invoiceId?: number | null;
  /** An imported line's number on the other registered system's document. */
  externalDocumentNo?: string;
};

/**
 * One sale's lines on one day at one location: a single line, or several sharing a reference (a
 * visit paid partly by its deposit, decision 0508), or, for the imported day, a batch of sales.
 */
export type NewSale = { date: string; locationId: number; lines: SaleLineInput[] };

export const recordSale = async (tx: Tx, actor: { id: number }, sale: NewSale) => {
  const write = () =>
    tx
      .insert(sales)
      .values(
        sale.lines.map((line) => ({
          date: sale.date,
          locationId: sale.locationId,
          clientId: line.clientId,
          salespersonId: line.salespersonId,
          kind: line.kind,
          reference: line.reference ?? '',
          amount: line.amount,
          discount: line.discount ?? '0',
          netAmount: sql`${line.amount}::numeric - ${line.discount ?? '0'}::numeric`,
          serviceCharge: line.serviceCharge ?? '0.00',
          paymentMethod: line.paymentMethod,
          bankId: line.bankId,
          referenceNo: line.referenceNo,
          invoiceId: line.invoiceId ?? null,
          externalDocumentNo: line.externalDocumentNo ?? '',
          createdBy: actor.id,
        })),
      )
      .returning();
  const credited = sale.lines.map((line) => line.salespersonId).filter((id): id is number => id !== null);
  // A forfeited deposit is takings but no one's sale: no rank, no earnings move (decision 0900).
  if (!credited.length) return write();
  // Through the reports' rank watch: a salesperson whose rank moved hears of it, open leaderboards move.
  const rows = await changeSalesWatchingRanks(tx, actor.id, [sale.date], write);
  await earningsChanged(tx, credited, sale.date);
  return rows;
};
