import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DailySalesQuery, Sale, SaleLineRead, SaleLinesPage } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { banks, dailyReports, employees, locations, sales } from '../../db/schema/index';
import { iso } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { listPage, totalRows } from '../../lib/list';
import type { AuthUser } from '../../lib/actor';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import { isManager, salesCount } from './shared';

/** Sale lines as the API answers them: one sale (client sales, audit rows) and the daily-sales list. */

export type SaleRow = typeof sales.$inferSelect;

/** A sale row as the API answers it (client sales) and as a deletion's audit row keeps it. */
export const toSale = ({ createdBy: _by, reportId: _report, ...r }: SaleRow): Sale => ({
  ...toSnake(r, {
    locationId: 'location',
    clientId: 'client',
    salespersonId: 'salesperson',
    bankId: 'bank',
    invoiceId: 'invoice',
  }),
  kind: r.kind as Sale['kind'],
  payment_method: r.paymentMethod as Sale['payment_method'],
  created_at: iso(r.createdAt),
});

const salesperson = alias(employees, 'salesperson');

const saleLineColumns = {
  id: sales.id,
  date: sales.date,
  location: sales.locationId,
  locationName: locations.name,
  salesperson: sales.salespersonId,
  // Null on a forfeited deposit (no salesperson, decision 0900).
  salespersonName: sql<string | null>`${salesperson.firstName} || ' ' || ${salesperson.lastName}`,
  client: sales.clientId,
  kind: sales.kind,
  reference: sales.reference,
  amount: sales.amount,
  discount: sales.discount,
  netAmount: sales.netAmount,
  serviceCharge: sales.serviceCharge,
  paymentMethod: sales.paymentMethod,
  bank: sales.bankId,
  bankName: banks.name,
  referenceNo: sales.referenceNo,
  invoice: sales.invoiceId,
  externalDocumentNo: sales.externalDocumentNo,
  report: dailyReports.id,
  createdAt: sales.createdAt,
};

const toSaleLine = (r: SaleLineRow): SaleLineRead => ({
  ...toSnake(r),
  kind: r.kind as SaleLineRead['kind'],
  payment_method: r.paymentMethod as SaleLineRead['payment_method'],
  created_at: iso(r.createdAt),
});

/** Managers and Admins read their locations' lines; other staff only the lines credited to them. */
const saleLineScope = (user: AuthUser) =>
  isManager(user) ? scopeWhere(workplaceScope(user), sales.locationId) : sql`${salesperson.userId} = ${user.id}`;

const saleLineWhere = (user: AuthUser, q: DailySalesQuery) =>
  and(
    saleLineScope(user),
    q.date ? eq(sales.date, q.date) : undefined,
    q.date_from ? sql`${sales.date} >= ${q.date_from}` : undefined,
    q.date_to ? sql`${sales.date} <= ${q.date_to}` : undefined,
    q.location ? eq(sales.locationId, q.location) : undefined,
    q.salesperson ? eq(sales.salespersonId, q.salesperson) : undefined,
    q.bank ? eq(sales.bankId, q.bank) : undefined,
    q.payment_method ? eq(sales.paymentMethod, q.payment_method) : undefined,
    q.kind ? eq(sales.kind, q.kind) : undefined,
  );

const selectSaleLines = (db: DbOrTx) =>
  db
    .select(saleLineColumns)
    .from(sales)
    .innerJoin(locations, eq(locations.id, sales.locationId))
    .leftJoin(salesperson, eq(salesperson.id, sales.salespersonId))
    .leftJoin(banks, eq(banks.id, sales.bankId))
    .leftJoin(dailyReports, and(eq(dailyReports.locationId, sales.locationId), eq(dailyReports.date, sales.date)));
const selectSaleLinesCounted = (db: DbOrTx) =>
  db
    .select({ ...saleLineColumns, total: totalRows })
    .from(sales)
    .innerJoin(locations, eq(locations.id, sales.locationId))
    .leftJoin(salesperson, eq(salesperson.id, sales.salespersonId))
    .leftJoin(banks, eq(banks.id, sales.bankId))
    .leftJoin(dailyReports, and(eq(dailyReports.locationId, sales.locationId), eq(dailyReports.date, sales.date)));
type SaleLineRow = Awaited<ReturnType<typeof selectSaleLines>>[number];

const SALE_LINE_ORDER = {
  date: sales.date,
  net_amount: sales.netAmount,
  amount: sales.amount,
  created_at: sales.createdAt,
  id: sales.id,
};

const money = (column: AnyPgColumn) => sql<string>`round(coalesce(sum(${column}), 0), 2)::text`;

/** The sums of every line the filters match, not one page's (decision 0505). */
const saleLineTotals = async (db: Db, user: AuthUser, q: DailySalesQuery): Promise<SaleLinesPage['totals']> => {
  const [totals] = await db
    .select({
      gross_total: money(sales.amount),
      discount_total: money(sales.discount),
      net_total: money(sales.netAmount),
      service_charge_total: money(sales.serviceCharge),
      sales_count: salesCount('sales').mapWith(Number),
    })
    .from(sales)
    // The scope of staff other than Managers reads the salesperson's login.
    .leftJoin(salesperson, eq(salesperson.id, sales.salespersonId))
    .where(saleLineWhere(user, q));
  return totals!;
};

export const listSaleLines = async (
  db: Db,
  user: AuthUser,
  q: DailySalesQuery,
  url: string,
): Promise<SaleLinesPage> => {
  const [page, totals] = await Promise.all([
    listPage(url, q, {
      select: () => selectSaleLinesCounted(db).$dynamic(),
      where: saleLineWhere(user, q),
      orderBy: SALE_LINE_ORDER,
      defaultOrder: [desc(sales.date), desc(sales.id)],
      tieBreaker: sales.id,
      toItem: toSaleLine,
    }),
    saleLineTotals(db, user, q),
  ]);
  return { ...page, totals };
};

/** Every matching line (CSV export), in pages of 5,000 so a year of sales never sits in memory at once. */
export async function* allSaleLines(db: Db, user: AuthUser, q: DailySalesQuery): AsyncGenerator<SaleLineRead> {
  const where = saleLineWhere(user, q);
  let after = 0;
  for (;;) {
    const rows = await selectSaleLines(db)
      .where(and(where, sql`${sales.id} > ${after}`))
      .orderBy(asc(sales.id))
      .limit(5_000);
    for (const r of rows) yield toSaleLine(r);
    if (rows.length < 5_000) return;
    after = rows[rows.length - 1]!.id;
  }
}
