import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DeleteSalesInput, DeleteSalesResult } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { clientArrivals, sales } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { conflict, notFound } from '../../lib/http-error';
import { dayInWords } from '../../lib/notice-text';
import { notify, registerApprovalHandler } from '../notifications/index';
import { assertDayOpen } from './day-lock.service';
import { changeSalesWatchingRanks, earningsChanged, holdRankWatch } from './sale-watch';
import { toSale, type SaleRow } from './sale-lines.service';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import { approversOf, assertDecidesAll } from './shared';
import { displayName, isAdmin, type AuthUser } from '../../lib/actor';

/** Deleting sale lines: at once by Admins, by request (approved by Admins and Managers) for anyone else. */

/**
 * Sale lines locked for a deletion (or a request for one), in id order, after the rank watch's
 * lock: no transaction may hold sale rows while it waits for that lock (holdRankWatch).
 */
const lockSales = async (tx: Tx, where: SQL | undefined) => {
  await holdRankWatch(tx);
  return tx.select().from(sales).where(where).orderBy(asc(sales.id)).for('update');
};

export const INVOICED_LINE_MESSAGE = 'Void the invoice or issue a credit memo.';

/**
 * A line an invoice documents is corrected through its document, never deleted on its own (issue
 * 33): the void deletes it with the document's other lines (corrections.service.ts).
 */
const assertNotInvoiced = (rows: SaleRow[]) => {
  const invoiced = rows.filter((r) => r.invoiceId !== null);
  if (invoiced.length)
    throw conflict(
      `${invoiced.length === 1 ? `Sale ${invoiced[0]!.id} is` : `Sales ${invoiced.map((r) => r.id).join(', ')} are`} on an invoice. ${INVOICED_LINE_MESSAGE}`,
      { ids: [INVOICED_LINE_MESSAGE] },
    );
};

const loadSales = async (tx: Tx, user: AuthUser, ids: number[]) => {
  const rows = await lockSales(tx, and(inArray(sales.id, ids), scopeWhere(workplaceScope(user), sales.locationId)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`No such sale: ${missing.slice(0, 10).join(', ')}.`);
  assertNotInvoiced(rows);
  return rows;
};

const days = (rows: SaleRow[]) => [
  ...new Map(rows.map((r) => [`${r.locationId}|${r.date}`, { locationId: r.locationId, date: r.date }])).values(),
];

/**
 * The therapists of the arrivals whose walk-in sales these are (reference A-<arrival id>), by sale
 * id: their commission is taken of that sale's net, so deleting it changes what they earn too.
 */
const walkInTherapists = async (tx: Tx, rows: SaleRow[]) => {
  const arrivalOf = new Map<number, number>();
  for (const r of rows) {
    const match = r.kind === 'walk_in' ? /^A-(\d{1,9})$/.exec(r.reference) : null;
    if (match) arrivalOf.set(r.id, Number(match[1]));
  }
  if (!arrivalOf.size) return new Map<number, number[]>();
  const found = await tx
    .select({ id: clientArrivals.id, first: clientArrivals.therapistId, second: clientArrivals.secondTherapistId })
    .from(clientArrivals)
    .where(inArray(clientArrivals.id, [...new Set(arrivalOf.values())]));
  const byArrival = new Map(found.map((a) => [a.id, [a.first, a.second].filter((id): id is number => id !== null)]));
  return new Map([...arrivalOf].map(([sale, arrival]) => [sale, byArrival.get(arrival) ?? []]));
};

/** Deletes the rows (each audited with its before), once every day they belong to is open. */
const deleteRows = async (tx: Tx, actorId: number, rows: SaleRow[], reason: string) => {
  for (const day of days(rows)) await assertDayOpen(tx, day.locationId, day.date);
  await changeSalesWatchingRanks(
    tx,
    actorId,
    rows.map((r) => r.date),
    async () => {
      await tx.delete(sales).where(
        inArray(
          sales.id,
          rows.map((r) => r.id),
        ),
      );
    },
  );
  const therapists = await walkInTherapists(tx, rows);
  for (const day of new Set(rows.map((r) => r.date)))
    await earningsChanged(
      tx,
      rows.filter((r) => r.date === day).flatMap((r) => [r.salespersonId, ...(therapists.get(r.id) ?? [])]),
      day,
    );
  for (const r of rows)
    await audit(tx, { actorId, action: 'delete', tableName: 'sales', rowId: r.id, before: { ...toSale(r), reason } });
};

/**
 * A voided invoice's lines (corrections.service.ts), locked after the rank watch's lock as every
 * deletion's, deleted through the same path (each audited with its before, the day's lock checked).
 */
export const deleteInvoiceLines = async (tx: Tx, actorId: number, invoiceId: number, reason: string) => {
  const rows = await lockSales(tx, eq(sales.invoiceId, invoiceId));
  if (rows.length) await deleteRows(tx, actorId, rows, reason);
  return rows;
};

/**
 * The sale lines screen filtered to the rows' days (and location, when one), so a request names
 * sales one can look at: /reports, which its Managers open as well as its Admins (decision 0504).
 */
const saleLinesLink = (rows: SaleRow[]) => {
  const dates = rows.map((r) => r.date).sort();
  const locationIds = [...new Set(rows.map((r) => r.locationId))];
  const range = dates[0] === dates.at(-1) ? `date=${dates[0]}` : `date_from=${dates[0]}&date_to=${dates.at(-1)}`;
  return `/reports?tab=lines&${range}${locationIds.length === 1 ? `&location=${locationIds[0]}` : ''}`;
};

/** Admins delete at once; anyone else asks the Admins and the locations' Managers, whose approval deletes. */
export const deleteSales = async (db: Db, user: AuthUser, body: DeleteSalesInput): Promise<DeleteSalesResult> =>
  db.transaction(async (tx) => {
    const ids = [...new Set(body.ids)];
    const rows = await loadSales(tx, user, ids);
    if (isAdmin(user)) {
      await deleteRows(tx, user.id, rows, body.reason);
      return {
        result: 'deleted',
        deleted: rows.length,
        message: `${rows.length} sale${rows.length === 1 ? '' : 's'} deleted.`,
      };
    }
    for (const day of days(rows)) await assertDayOpen(tx, day.locationId, day.date);
    const locationIds = [...new Set(rows.map((r) => r.locationId))];
    const who = displayName(user);
    await notify(tx, {
      recipients: (await approversOf(tx, locationIds)).filter((id) => id !== user.id),
      actorId: user.id,
      type: 'delete_sales',
      title: 'Sales deletion request',
      message: `${who} asks to delete ${rows.length} sale${rows.length === 1 ? '' : 's'} (${[...new Set(days(rows).map((d) => d.date))].map(dayInWords).join(', ')})${body.reason ? `: ${body.reason}` : '.'}`,
      link: saleLinesLink(rows),
      // The locations are kept with the request: lines deleted meanwhile still count when it is decided.
      data: { sale_ids: ids, location_ids: locationIds, reason: body.reason, requested_by: user.id },
      requiresApproval: true,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'request_delete',
      tableName: 'sales',
      rowId: ids[0],
      after: { sale_ids: ids, reason: body.reason },
    });
    return {
      result: 'requested',
      deleted: 0,
      message: 'Your request to delete these sales was sent to the administrators and managers for approval.',
    };
  });

const numbers = (value: unknown) =>
  Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];

/**
 * Approving or declining needs access to every location the request covers, as the decider's
 * access stands now (decision 0710); approving then deletes the lines still on file.
 */
registerApprovalHandler('delete_sales', async ({ tx, actor, approved, data }) => {
  const ids = numbers(data.sale_ids);
  const rows = ids.length ? await lockSales(tx, inArray(sales.id, ids)) : [];
  await assertDecidesAll(tx, actor, [...numbers(data.location_ids), ...rows.map((r) => r.locationId)]);
  // A line invoiced since the request was made is corrected through its document.
  if (approved) assertNotInvoiced(rows);
  // Lines deleted meanwhile are simply gone; the rest are deleted in the decider's name.
  if (approved && rows.length) await deleteRows(tx, actor.id, rows, typeof data.reason === 'string' ? data.reason : '');
});
