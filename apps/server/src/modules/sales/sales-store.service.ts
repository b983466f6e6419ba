import { inArray, sql } from 'drizzle-orm';
import {
  BANKED_PAYMENT_METHODS,
  SALES_CSV_COLUMNS,
  type FieldErrors,
  type StoreSalesInput,
  type StoreSalesResult,
} from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { banks, employees } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { fieldsError, forbidden } from '../../lib/http-error';
import { idempotent } from '../../db/idempotency';
import { csvHeader } from '../../lib/csv-upload';
import type { AuthUser } from '../../lib/actor';
import { locationOf } from './day-lock.service';
import { assertDateAllowed, backdatedNote } from './dating.service';
import { recordSale } from './record-sale.service';
import { inScope, workplaceScope } from '../../lib/scope';
import { rowsOf } from './shared';
import { pesos } from '../../lib/notice-text';
import { invoicingOn } from '../invoicing/index';

/** Storing a day's sales, from JSON or a CSV upload. */

export const EXTERNAL_DOCUMENT_NEEDED =
  'Invoicing is on: enter the number of the invoice the other registered system issued for this sale.';

/** "1500.50" → 150050n: exact cents for comparing amounts without floating point. */
const cents = (money: string) => {
  const [whole, frac = ''] = money.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

/** How errors name a line: `sales.<i>.<field>` (JSON, from 0) or `line_<n>.<field>` (the CSV's line, header = 1). */
export type LineSource = 'json' | 'csv';
const lineKey = (source: LineSource, index: number, field: string) =>
  source === 'csv' ? `line_${index + 2}.${field}` : `sales.${index}.${field}`;

/** Every line checked against the database at once; each error names its line and field. */
const checkLines = async (tx: Tx, locationId: number, lines: StoreSalesInput['sales'], source: LineSource) => {
  const errors: FieldErrors = {};
  // With invoicing on, an imported sale was invoiced elsewhere: it names that invoice (issue 33).
  const invoicing = await invoicingOn(tx);
  const add = (i: number, field: string, message: string) => (errors[lineKey(source, i, field)] ??= []).push(message);
  const sellerIds = [...new Set(lines.map((l) => l.salesperson))];
  const bankIds = [...new Set(lines.flatMap((l) => (l.bank === null ? [] : [l.bank])))];
  const clientIds = [...new Set(lines.flatMap((l) => (l.client === null ? [] : [l.client])))];
  const sellers = new Map(
    (await tx.select().from(employees).where(inArray(employees.id, sellerIds))).map((e) => [e.id, e]),
  );
  const bankRows = bankIds.length
    ? new Map(
        (await tx.select({ id: banks.id, isActive: banks.isActive }).from(banks).where(inArray(banks.id, bankIds))).map(
          (b) => [b.id, b],
        ),
      )
    : new Map<number, { isActive: boolean }>();
  const clientRows = clientIds.length
    ? new Set(
        (
          await rowsOf<{ id: number }>(
            tx,
            sql`select id from clients where id in (${sql.join(
              clientIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((c) => Number(c.id)),
      )
    : new Set<number>();
  lines.forEach((line, i) => {
    const seller = sellers.get(line.salesperson);
    if (!seller || seller.kind !== 'salesperson') add(i, 'salesperson', 'No such salesperson.');
    else if (seller.locationId !== locationId)
      add(i, 'salesperson', `${seller.firstName} ${seller.lastName} works at another location.`);
    if (cents(line.discount) > cents(line.amount))
      add(i, 'discount', `The discount cannot exceed the amount (${pesos(line.amount)}).`);
    // A share of the bill (RA 11360), never more: past it, a typo the pay run could not share out (decision 0507).
    if (cents(line.service_charge) > cents(line.amount))
      add(i, 'service_charge', `The service charge cannot exceed the amount (${pesos(line.amount)}).`);
    if (BANKED_PAYMENT_METHODS.includes(line.payment_method)) {
      if (line.bank === null) add(i, 'bank', 'Choose the bank account a card or bank transfer payment went to.');
      else if (!bankRows.has(line.bank)) add(i, 'bank', 'No such bank account.');
      else if (!bankRows.get(line.bank)!.isActive) add(i, 'bank', 'This bank account is inactive.');
    } else if (line.bank !== null) add(i, 'bank', 'Only card and bank transfer payments name a bank account.');
    if (line.payment_method === 'e_wallet' && line.reference_no === '')
      add(i, 'reference_no', 'Enter the e-wallet reference number.');
    if (line.client !== null && !clientRows.has(line.client)) add(i, 'client', 'No such client.');
    if (invoicing && line.external_document_no === '') add(i, 'external_document_no', EXTERNAL_DOCUMENT_NEEDED);
  });
  if (Object.keys(errors).length) throw fieldsError(errors);
};

/**
 * All-or-nothing: one bad line refuses the batch and nothing is stored. With an Idempotency-Key
 * the key is claimed by a unique insert in the same transaction, so a parallel retry waits on
 * it and then replays the first answer; the same key with another body is 422.
 */
export const storeSales = async (
  db: Db,
  user: AuthUser,
  body: StoreSalesInput,
  idempotencyKey: string | null,
  source: LineSource = 'json',
): Promise<StoreSalesResult> => {
  /** Who may store sales here, asked again before a key replays (lib/idempotency.ts). */
  const authorize = async (tx: Tx) => {
    const location = await locationOf(tx, body.location);
    if (!location) throw fieldsError({ location: ['No such location.'] });
    if (!inScope(workplaceScope(user), location.id))
      throw forbidden(`You do not work at ${location.name}, so you cannot record its sales.`);
    return location;
  };
  return idempotent(
    db,
    { userId: user.id, route: 'POST /reports/store-sales-data/', key: idempotencyKey, body },
    authorize,
    async (tx, location) => {
      if (!location.isActive) throw fieldsError({ location: [`${location.name} is closed (inactive).`] });
      const dated = await assertDateAllowed(tx, user, { locationId: location.id, date: body.date, what: 'sale' });
      await checkLines(tx, location.id, body.sales, source);
      // The imported day is a batch of sales, each line its own (recordSale's batch form).
      const inserted = await recordSale(tx, user, {
        date: body.date,
        locationId: location.id,
        lines: body.sales.map((line) => ({
          kind: line.kind,
          clientId: line.client,
          salespersonId: line.salesperson,
          reference: line.reference,
          amount: line.amount,
          discount: line.discount,
          serviceCharge: line.service_charge,
          paymentMethod: line.payment_method,
          bankId: line.bank,
          referenceNo: line.reference_no,
          externalDocumentNo: line.external_document_no,
        })),
      });
      const ids = inserted.map((r) => r.id);
      const [sum] = await rowsOf<{ total: string }>(
        tx,
        sql`select round(coalesce(sum(net_amount), 0), 2)::text as total from sales where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const result = { location: location.id, date: body.date, stored: ids.length, ids, total: sum!.total };
      await audit(tx, {
        actorId: user.id,
        action: 'import',
        tableName: 'sales',
        rowId: result.ids[0],
        after: { ...result, lines: body.sales, ...backdatedNote(dated) },
      });
      return result;
    },
  );
};

/** A CSV upload of the same lines (header row naming SALES_CSV_COLUMNS); errors name the CSV line (1 = header). */
export const parseSalesCsv = (
  rows: string[][],
): { lines: Record<string, string | number | null>[]; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const [header, ...data] = rows.filter((r) => r.some((c) => c.trim() !== ''));
  if (!header)
    return { lines: [], errors: { file: ['The CSV is empty; it needs a header row and at least one sale.'] } };
  const names = csvHeader(header, SALES_CSV_COLUMNS);
  for (const needed of ['salesperson', 'amount', 'payment_method'] as const)
    if (!names.includes(needed)) (errors.file ??= []).push(`The header needs a "${needed}" column.`);
  const lines = data.map((cells) => {
    const line: Record<string, string | number | null> = {};
    names.forEach((n, i) => {
      const raw = (cells[i] ?? '').trim();
      if (n === 'salesperson' || n === 'bank' || n === 'client')
        line[n] = raw === '' ? null : /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : raw;
      else if (raw !== '') line[n] = raw;
    });
    return line;
  });
  return { lines, errors };
};
