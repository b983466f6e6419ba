import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices, invoicingReadings, terminals } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import type { AuthUser } from '../../lib/actor';
import { appendJournal } from './journal.service';

/**
 * What the sales module's corrections (void, credit memo: modules/sales/corrections.service.ts)
 * ask of the documents: the row locked while it is corrected, whether a Z reading closed its day,
 * what was credited against it so far, and the void mark (the one change the trigger allows).
 */

export type DocumentRow = typeof invoices.$inferSelect;

/**
 * The document, locked for the rest of the transaction, then its terminal's row (as a checkout
 * takes the terminal before the ledger's locks, so a void cannot wait on a checkout that waits on
 * it); 404 outside the caller's branches.
 */
export const lockDocument = async (tx: Tx, user: AuthUser, id: number): Promise<DocumentRow> => {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), scopeWhere(workplaceScope(user), invoices.locationId)))
    .for('update');
  if (!row) throw notFound('No such document.');
  await tx.select({ id: terminals.id }).from(terminals).where(eq(terminals.id, row.terminalId)).for('update');
  return row;
};

/** Whether the terminal's Z reading closed this business day (or a later one) already. */
export const zReadingCovers = async (tx: Tx, terminalId: number, businessDate: string) => {
  const [row] = await tx
    .select({ id: invoicingReadings.id })
    .from(invoicingReadings)
    .where(
      and(
        eq(invoicingReadings.terminalId, terminalId),
        eq(invoicingReadings.kind, 'z'),
        gte(invoicingReadings.businessDate, businessDate),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** What the credit memos issued against an invoice (and not voided) add up to, numeric text. */
export const creditedAgainst = async (tx: Tx, originalId: number): Promise<string> => {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${invoices.totalDue}), 0)::numeric(12,2)::text` })
    .from(invoices)
    .where(and(eq(invoices.originalId, originalId), eq(invoices.kind, 'credit_memo'), isNull(invoices.voidedAt)));
  return row?.total ?? '0.00';
};

/** Sets the void mark (once: the trigger refuses a second) and journals it on the document's terminal. */
export const markVoided = async (tx: Tx, row: DocumentRow, actor: AuthUser, reason: string) => {
  const [voided] = await tx
    .update(invoices)
    .set({ voidedAt: new Date(), voidedBy: actor.id, voidReason: reason })
    .where(and(eq(invoices.id, row.id), isNull(invoices.voidedAt)))
    .returning();
  await appendJournal(tx, row.terminalId, 'document_voided', {
    document: row.id,
    kind: row.kind,
    document_no: row.documentNo,
    total_due: row.totalDue,
    reason,
    by: actor.id,
  });
  return voided!;
};
