import { and, count, eq, sql } from 'drizzle-orm';
import type { Reprint } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { invoices, invoicingJournal, terminals } from '../../db/schema/index';
import { displayName, mayReadLocation, type AuthUser } from '../../lib/actor';
import { fieldError, notFound } from '../../lib/http-error';
import { appendJournal } from './journal.service';

/**
 * The desk's side of invoicing (issue 33; docs/decisions/1010, 1013): the desk's choice of terminal
 * and a document printed again, each an entry in the terminal's journal.
 */

/** Admins and Managers everywhere, staff at the branches they work at (docs/product.md §6). */
const worksAt = (user: AuthUser, locationId: number) => mayReadLocation(user, locationId);

/** This browser now issues from the terminal: an active one at a branch the person works at. */
export const chooseTerminal = (db: Db, user: AuthUser, terminalId: number) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: terminals.id, name: terminals.name, locationId: terminals.locationId, active: terminals.isActive })
      .from(terminals)
      .where(eq(terminals.id, terminalId));
    if (!row || !row.active || !worksAt(user, row.locationId))
      throw fieldError('terminal', 'Choose an active terminal of a branch you work at.');
    await appendJournal(tx, row.id, 'terminal_chosen', { user: user.id, user_name: displayName(user) });
    return { terminal: row.id };
  });

/**
 * Marks a document printed again: one `document_reprinted` entry in its terminal's journal, and the
 * count of reprints so far (this one included), taken with the terminal's row locked so two desks
 * reprinting at once count 1 and 2.
 */
export const reprintDocument = (db: Db, user: AuthUser, id: number): Promise<Reprint> =>
  db.transaction(async (tx) => {
    const [doc] = await tx
      .select({
        id: invoices.id,
        terminalId: invoices.terminalId,
        locationId: invoices.locationId,
        documentNo: invoices.documentNo,
      })
      .from(invoices)
      .where(eq(invoices.id, id));
    if (!doc || !worksAt(user, doc.locationId)) throw notFound('No such document.');
    await tx.select({ id: terminals.id }).from(terminals).where(eq(terminals.id, doc.terminalId)).for('update');
    const [before] = await tx
      .select({ n: count() })
      .from(invoicingJournal)
      .where(
        and(
          eq(invoicingJournal.terminalId, doc.terminalId),
          eq(invoicingJournal.event, 'document_reprinted'),
          sql`(${invoicingJournal.payload} ->> 'document')::int = ${doc.id}`,
        ),
      );
    const reprints = (before?.n ?? 0) + 1;
    await appendJournal(tx, doc.terminalId, 'document_reprinted', {
      document: doc.id,
      document_no: doc.documentNo,
      reprint: reprints,
      user: user.id,
      user_name: displayName(user),
    });
    return { document: doc.id, document_no: doc.documentNo, reprints };
  });
