import { and, eq } from 'drizzle-orm';
import {
  formatPeso,
  fromCentavos,
  shareInProportion,
  todayInManila,
  toCentavos,
  type CreditMemoInput,
  type DocumentVoidRequest,
  type DocumentSnapshot,
  type InvoiceDocument,
  type InvoiceFigures,
} from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { tabs, tips } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict, fieldsError, type FieldErrors } from '../../lib/http-error';
import { displayName, type AuthUser } from '../../lib/actor';
import {
  creditedAgainst,
  getDocument,
  issueDocument,
  lockDocument,
  markVoided,
  terminalForSale,
  zReadingCovers,
  type DocumentRow,
} from '../invoicing/index';
import { notify, registerApprovalHandler } from '../notifications/index';
import { approversOf, assertDecidesAll } from './shared';
import { assertDayOpen } from './day-lock.service';
import { cancelSold, earningsChanged, holdRankWatch } from './sale-watch';
import { deleteInvoiceLines } from './sales-delete.service';

/**
 * Correcting an issued document (issue 33; docs/decisions/1016-void-and-what-it-reverses.md,
 * 1017-credit-memos-on-the-books.md). No document is ever deleted or changed: a void sets its mark
 * and reverses, in the same transaction, the sale lines it documents and what it sold; a credit
 * memo is a document of its own series naming the invoice, its money handed back on the day it is
 * issued. Both live here, in the ledger's module, because both change the ledger.
 */

export const USE_CREDIT_MEMO = 'use a credit memo';

/**
 * Voids an invoice: the same business day, before its terminal's Z reading (else 409 "… use a
 * credit memo"). Its sale lines are deleted through the ledger's own delete path (audited, the
 * day's lock checked); a voucher or membership it sold is cancelled (a used one: 409); a walk-in's
 * tab opens again, its tips removed with the lines, so the visit can be checked out afresh.
 */
/** Why this document cannot be voided now (409), checked for a void and for a request alike. */
const assertVoidable = async (tx: Tx, doc: DocumentRow) => {
  if (doc.voidedAt) throw conflict(`${doc.documentNo} is already voided.`);
  if (doc.kind !== 'invoice')
    throw conflict(
      doc.kind === 'credit_memo'
        ? `${doc.documentNo} is a credit memo: it stays as issued.`
        : `${doc.documentNo} is an acknowledgement receipt: it is corrected with its reservation's deposit.`,
    );
  if (await zReadingCovers(tx, doc.terminalId, doc.businessDate))
    throw conflict(`The Z reading has closed ${doc.documentNo}'s day at its terminal: ${USE_CREDIT_MEMO}.`);
  if (doc.businessDate !== todayInManila())
    throw conflict(`${doc.documentNo} was issued on an earlier business day: ${USE_CREDIT_MEMO}.`);
  if (doc.saleReference.startsWith('R-'))
    throw conflict(`${doc.documentNo} is for a kept deposit: ${USE_CREDIT_MEMO}.`);
  await assertDayOpen(tx, doc.locationId, doc.businessDate);
};

/** The void itself, in the caller's transaction (a Manager's own, or the approval of a request). */
const voidInTx = async (tx: Tx, user: AuthUser, id: number, reason: string): Promise<InvoiceDocument> => {
  const doc = await lockDocument(tx, user, id);
  await assertVoidable(tx, doc);
  // The ledger's lock order: the rank watch, then the sale rows (sales-delete.service.ts).
  await holdRankWatch(tx);
  const lines = await deleteInvoiceLines(tx, user.id, doc.id, `Voided with ${doc.documentNo}: ${reason}`);
  for (const [reference, kind] of new Map(lines.map((l) => [l.reference, l.kind])))
    if (kind === 'voucher' || kind === 'membership') await cancelSold(tx, user.id, { kind, reference });
  const arrival = /^A-(\d{1,9})$/.exec(doc.saleReference);
  if (arrival) {
    const arrivalId = Number(arrival[1]);
    const removed = await tx.delete(tips).where(eq(tips.arrivalId, arrivalId)).returning();
    await tx
      .update(tabs)
      .set({ status: 'open', closedAt: null, closedBy: null })
      .where(and(eq(tabs.arrivalId, arrivalId), eq(tabs.status, 'paid')));
    if (removed.length)
      await earningsChanged(
        tx,
        removed.map((t) => t.employeeId),
        doc.businessDate,
      );
  }
  await markVoided(tx, doc, user, reason);
  await audit(tx, {
    actorId: user.id,
    action: 'void',
    tableName: 'invoices',
    rowId: doc.id,
    after: { document_no: doc.documentNo, reason, sale_lines: lines.map((l) => l.id) },
  });
  return getDocument(tx, user, doc.id);
};

/**
 * Voids an invoice: the same business day, before its terminal's Z reading (else 409 "… use a
 * credit memo"). Its sale lines are deleted through the ledger's own delete path (audited, the
 * day's lock checked); a voucher or membership it sold is cancelled (a used one: 409); a walk-in's
 * tab opens again, its tips removed with the lines, so the visit can be checked out afresh.
 */
export const voidDocument = async (db: Db, user: AuthUser, id: number, reason: string): Promise<InvoiceDocument> =>
  db.transaction((tx) => voidInTx(tx, user, id, reason));

/**
 * The desk asks for a void (decision 1016): the same checks as a void, then a request to the
 * Admins and the branch's Managers, whose approval voids it in their name (the checks run again
 * then: a Z reading made meanwhile refuses the approval with its reason).
 */
export const requestVoid = async (db: Db, user: AuthUser, id: number, reason: string): Promise<DocumentVoidRequest> =>
  db.transaction(async (tx) => {
    const doc = await lockDocument(tx, user, id);
    await assertVoidable(tx, doc);
    await notify(tx, {
      recipients: (await approversOf(tx, [doc.locationId])).filter((r) => r !== user.id),
      actorId: user.id,
      type: VOID_REQUEST,
      title: 'Void request',
      message: `${displayName(user)} asks to void ${doc.documentNo} (${formatPeso(doc.totalDue)}, ${doc.buyerName || 'no buyer named'}): ${reason}`,
      link: `/documents?search=${encodeURIComponent(doc.documentNo)}`,
      data: { document: doc.id, location_id: doc.locationId, reason, requested_by: user.id },
      requiresApproval: true,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'request_void',
      tableName: 'invoices',
      rowId: doc.id,
      after: { document_no: doc.documentNo, reason },
    });
    return {
      result: 'requested' as const,
      message: `Your request to void ${doc.documentNo} was sent to the managers and administrators for approval.`,
    };
  });

const VOID_REQUEST = 'void_document';

registerApprovalHandler(VOID_REQUEST, async ({ tx, actor, approved, data }) => {
  const location = typeof data.location_id === 'number' ? data.location_id : null;
  await assertDecidesAll(tx, actor, location === null ? [] : [location]);
  if (approved && typeof data.document === 'number')
    await voidInTx(tx, actor, data.document, typeof data.reason === 'string' ? data.reason : '');
});

type SnapshotLine = DocumentSnapshot['lines'][number];

/** The invoice's lines a credit memo names (all of them when none are named), or the fields at fault. */
const chosenLines = (
  snapshot: DocumentSnapshot,
  chosen: CreditMemoInput['lines'],
): { line: SnapshotLine; quantity: number }[] => {
  if (!chosen) return snapshot.lines.map((line) => ({ line, quantity: line.quantity }));
  const errors: FieldErrors = {};
  const quantities = new Map<number, number>();
  chosen.forEach((c, i) => {
    const line = snapshot.lines[c.line];
    if (!line)
      errors[`lines.${i}.line`] = [
        `The invoice has ${snapshot.lines.length} lines (0 to ${snapshot.lines.length - 1}).`,
      ];
    else {
      const quantity = (quantities.get(c.line) ?? 0) + c.quantity;
      if (quantity > line.quantity)
        errors[`lines.${i}.quantity`] = [`At most ${line.quantity} of ${line.description}.`];
      quantities.set(c.line, quantity);
    }
  });
  if (!chosen.length) errors.lines = ['Choose at least one line, or leave lines out to credit the whole invoice.'];
  if (Object.keys(errors).length) throw fieldsError(errors);
  return [...quantities].map(([index, quantity]) => ({ line: snapshot.lines[index]!, quantity }));
};

/**
 * The credit memo's figures: the whole invoice's when every line is credited; for part of it,
 * each figure of the invoice in proportion to the credited lines' share of its lines at menu price
 * (decision 1017), so the discounts, the senior/PWD discount and the tax box go back as they came.
 */
const creditFigures = (
  doc: { gross: string; totalDue: string } & Record<FigureKey, string>,
  snapshot: DocumentSnapshot,
  credited: { line: SnapshotLine; quantity: number }[],
): InvoiceFigures => {
  const all = snapshot.lines.reduce((a, l) => a + toCentavos(l.amount), 0n);
  const part = credited.reduce((a, c) => a + toCentavos(c.line.unit_price) * BigInt(c.quantity), 0n);
  const whole = part === all && credited.every((c) => c.quantity === c.line.quantity);
  const share = (value: string) =>
    whole
      ? fromCentavos(toCentavos(value))
      : fromCentavos(shareInProportion(toCentavos(value), [part, all - part])[0]!);
  return {
    lines: credited.map((c) => ({
      ...c.line,
      quantity: c.quantity,
      amount: fromCentavos(toCentavos(c.line.unit_price) * BigInt(c.quantity)),
    })),
    gross: share(doc.gross),
    discount_senior: share(doc.discountSenior),
    discount_pwd: share(doc.discountPwd),
    discount_other: share(doc.discountOther),
    // The service charge goes back with the whole invoice only: it was for the visit, not a line.
    service_charge: whole ? share(doc.serviceCharge) : '0.00',
    vatable_sales: share(doc.vatableSales),
    vat: share(doc.vat),
    vat_exempt_sales: share(doc.vatExemptSales),
    zero_rated_sales: share(doc.zeroRatedSales),
    total_due: whole
      ? share(doc.totalDue)
      : fromCentavos(
          shareInProportion(toCentavos(doc.totalDue) - toCentavos(doc.serviceCharge), [part, all - part])[0]!,
        ),
    special_applied: false,
  };
};
type FigureKey =
  | 'discountSenior'
  | 'discountPwd'
  | 'discountOther'
  | 'serviceCharge'
  | 'vatableSales'
  | 'vat'
  | 'vatExemptSales'
  | 'zeroRatedSales';

/**
 * Issues a credit memo against an invoice (after its Z reading, or for part of it): its own series
 * on the desk's terminal, naming the invoice; never more than the invoice less what was credited
 * before. Its total is handed back that day (cash or e-wallet), which the day's books count as a
 * refund (reports/day-books.service.ts): sale lines are never negative, and the invoice's own
 * lines stay on the day they were sold.
 */
export const issueCreditMemo = async (
  db: Db,
  user: AuthUser,
  id: number,
  input: CreditMemoInput,
): Promise<InvoiceDocument> =>
  db.transaction(async (tx) => {
    const doc = await lockDocument(tx, user, id);
    if (doc.kind !== 'invoice')
      throw conflict(`${doc.documentNo} is not an invoice: only an invoice takes a credit memo.`);
    if (doc.voidedAt) throw conflict(`${doc.documentNo} is voided: there is nothing left to credit.`);
    const today = todayInManila();
    await assertDayOpen(tx, doc.locationId, today);
    const terminalId = (await terminalForSale(tx, input.terminal ?? doc.terminalId, doc.locationId)) ?? doc.terminalId;
    const snapshot = doc.snapshot as DocumentSnapshot;
    const credited = chosenLines(snapshot, input.lines);
    const figures = creditFigures(doc, snapshot, credited);
    const before = toCentavos(await creditedAgainst(tx, doc.id));
    const left = toCentavos(doc.totalDue) - before;
    if (toCentavos(figures.total_due) > left)
      throw conflict(
        before > 0n
          ? `${formatPeso(fromCentavos(before))} of ${doc.documentNo} was credited already: at most ${formatPeso(fromCentavos(left))} is left.`
          : `A credit memo cannot exceed ${doc.documentNo}'s ${formatPeso(doc.totalDue)}.`,
        { lines: [`At most ${formatPeso(fromCentavos(left))} is left to credit.`] },
      );
    if (toCentavos(figures.total_due) <= 0n)
      throw fieldsError({ lines: ['Nothing to credit: choose lines with an amount.'] });
    const memo = await issueDocument(tx, {
      kind: 'credit_memo',
      terminalId,
      locationId: doc.locationId,
      businessDate: today,
      cashier: { id: user.id, name: displayName(user) },
      clientId: doc.clientId,
      clientName: doc.buyerName,
      buyer: { ...snapshot.buyer, vat_registered: false },
      saleReference: doc.saleReference,
      lines: [],
      discount: figures.discount_other,
      serviceCharge: figures.service_charge,
      special: null,
      figures,
      payments: [{ method: input.refund_method, bankId: null, referenceNo: '', amount: figures.total_due }],
      original: { id: doc.id, documentNo: doc.documentNo, issuedAt: doc.issuedAt.toISOString() },
      reason: input.reason,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'credit_memo',
      tableName: 'invoices',
      rowId: memo.id,
      after: {
        document_no: memo.document_no,
        original: doc.documentNo,
        total_due: memo.total_due,
        reason: input.reason,
      },
    });
    return getDocument(tx, user, memo.id);
  });
