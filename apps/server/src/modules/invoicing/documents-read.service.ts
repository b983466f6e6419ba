import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { DocumentQuery, InvoiceDocument, Page, SpecialDiscount } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { invoiceSpecialDiscounts, invoices, locations, terminals } from '../../db/schema/index';
import { notFound } from '../../lib/http-error';
import { listPage, searchWhere, totalRows } from '../../lib/list';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import type { AuthUser } from '../../lib/actor';
import { toDocument } from './documents.service';

/**
 * Reading documents (issue 33; docs/decisions/1015-who-reads-a-document.md): Admins everywhere,
 * the branch's Managers and receptionists at the branches they work at (the route refuses everyone
 * else). A list never carries the senior/PWD ID; one document's read does, to whoever may read it.
 */

const columns = {
  row: invoices,
  locationName: locations.name,
  terminalName: terminals.name,
};

const selectDocuments = (db: DbOrTx) =>
  db
    .select({ ...columns, total: totalRows })
    .from(invoices)
    .innerJoin(locations, eq(locations.id, invoices.locationId))
    .innerJoin(terminals, eq(terminals.id, invoices.terminalId))
    .$dynamic();

/** The documents the caller may read, filtered and paged; never the ID data. */
export const listDocuments = async (
  db: Db,
  user: AuthUser,
  query: DocumentQuery,
  url: string,
): Promise<Page<InvoiceDocument>> => {
  const where = and(
    scopeWhere(workplaceScope(user), invoices.locationId),
    query.terminal ? eq(invoices.terminalId, query.terminal) : undefined,
    query.location ? eq(invoices.locationId, query.location) : undefined,
    query.kind ? eq(invoices.kind, query.kind) : undefined,
    query.date_from ? gte(invoices.businessDate, query.date_from) : undefined,
    query.date_to ? lte(invoices.businessDate, query.date_to) : undefined,
    searchWhere(query.search, [invoices.documentNo, invoices.buyerName, invoices.saleReference]),
  );
  return listPage(url, query, {
    select: () => selectDocuments(db),
    where,
    orderBy: {
      issued_at: invoices.issuedAt,
      document_no: invoices.documentNo,
      total_due: invoices.totalDue,
      id: invoices.id,
    },
    defaultOrder: [desc(invoices.issuedAt)],
    tieBreaker: invoices.id,
    toItem: (r) => toDocument(r.row, r.locationName, r.terminalName, null),
  });
};

/** The senior/PWD ID recorded with a document, if any. */
export const specialDiscountOf = async (db: DbOrTx, invoiceId: number): Promise<SpecialDiscount | null> => {
  const [row] = await db.select().from(invoiceSpecialDiscounts).where(eq(invoiceSpecialDiscounts.invoiceId, invoiceId));
  return row
    ? {
        kind: row.kind as SpecialDiscount['kind'],
        id_type: row.idType as SpecialDiscount['id_type'],
        id_number: row.idNumber,
        name: row.name,
        tin: row.tin,
      }
    : null;
};

/** One document the caller may read (404 outside their branches), with its senior/PWD ID. */
export const getDocument = async (db: DbOrTx, user: AuthUser, id: number, extra?: SQL): Promise<InvoiceDocument> => {
  const [r] = await selectDocuments(db).where(
    and(eq(invoices.id, id), scopeWhere(workplaceScope(user), invoices.locationId), extra),
  );
  if (!r) throw notFound('No such document.');
  return toDocument(r.row, r.locationName, r.terminalName, await specialDiscountOf(db, id));
};
