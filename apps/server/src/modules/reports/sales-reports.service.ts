import { cutoffDates, monthBounds } from '@ginhawa/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  DailyReport,
  DailySalesReport,
  DayDeposits,
  DailySalesReportQuery,
  LocationSales,
  LocationSalesQuery,
  PersonalSales,
  PersonalSalesQuery,
} from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { employees, locations } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/http-error';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { inScope, scopeWhere, workplaceScope } from '../../lib/scope';
import { isManager, parseJson, rowsOf, salesCount } from '../sales/index';
import { dayDepositsJson, drawerCash, parseDeposits } from './day-books.service';

/** The sales reports: one day per location, one salesperson per month, locations per month. */

type AmountBy = { key: string; name: string; total: string; service_charge: string; count: number };

const chargeOf = sql`round(sum(s.service_charge), 2)::text`;

/** The report row's branch and the day, for the drawer's cash and the deposits (day-books.service.ts). */
const onDay = (date: string) => ({ loc: sql`l.id`, day: sql`${date}::date` });

/** One date's figures per location (the report below and the benchmark run this same SQL). */
export const dailySalesReportSql = (date: string, scope?: SQL) =>
  sql`with day as (select * from sales where date = ${date}::date)
      select l.id as location, l.name as location_name, r.id as report, r.status,
        (select ${salesCount()} from day s where s.location_id = l.id) as count,
        (select round(coalesce(sum(s.amount), 0), 2)::text from day s where s.location_id = l.id) as gross_total,
        (select round(coalesce(sum(s.discount), 0), 2)::text from day s where s.location_id = l.id) as discount_total,
        (select round(coalesce(sum(s.net_amount), 0), 2)::text from day s where s.location_id = l.id) as net_total,
        (select round(coalesce(sum(s.service_charge), 0), 2)::text from day s where s.location_id = l.id) as service_charge_total,
        -- The till holds the cash sales and service charges (decision 0505), and the cash deposits received less those handed back (decision 0520).
        round(drawer.cash, 2)::text as cash_expected,
        r.cash_on_hand::text as cash_on_hand,
        case when r.cash_on_hand is null then null else round(r.cash_on_hand - drawer.cash, 2)::text end as variance,
        (select json_agg(json_build_object('key', x.k, 'name', x.k, 'total', x.t, 'service_charge', x.sc, 'count', x.n) order by x.k) from (
          select s.payment_method as k, round(sum(s.net_amount), 2)::text as t, ${chargeOf} as sc, ${salesCount()} as n from day s where s.location_id = l.id group by 1) x) as by_payment_method,
        (select json_agg(json_build_object('key', x.k::text, 'name', x.name, 'total', x.t, 'service_charge', x.sc, 'count', x.n) order by x.name) from (
          select s.bank_id as k, b.name, round(sum(s.net_amount), 2)::text as t, ${chargeOf} as sc, ${salesCount()} as n from day s join banks b on b.id = s.bank_id where s.location_id = l.id group by 1, 2) x) as by_bank,
        (select json_agg(json_build_object('key', x.k, 'name', x.name, 'total', x.t, 'service_charge', x.sc, 'count', x.n) order by x.sum desc, x.name) from (
          -- A forfeited deposit (no salesperson, decision 0900) is its own row, so the rows add up to the net total.
          select coalesce(s.salesperson_id::text, 'none') as k, coalesce(e.first_name || ' ' || e.last_name, 'No salesperson (forfeited deposits)') as name,
            sum(s.net_amount) as sum, round(sum(s.net_amount), 2)::text as t, ${chargeOf} as sc, ${salesCount()} as n
          from day s left join employees e on e.id = s.salesperson_id where s.location_id = l.id group by 1, 2) x) as by_salesperson,
        ${dayDepositsJson(onDay(date))} as deposits
      from locations l
      left join daily_reports r on r.location_id = l.id and r.date = ${date}::date
      -- Summed once per branch, for the cash expected and the variance both ("offset 0" keeps the
      -- planner from pulling the sum up into each of the two expressions again).
      cross join lateral (select ${drawerCash(onDay(date))} as cash offset 0) drawer
      where (l.is_active or exists (select 1 from day s where s.location_id = l.id)) ${scope ? sql`and ${scope}` : sql``}
      order by lower(l.name), l.id`;

/**
 * Per location on one date: totals by payment method, by bank and by salesperson, the report's
 * status and variance. With a location, that location's only: one outside the caller's is refused,
 * never answered with their own (a link to another branch's day would otherwise show theirs).
 */
export const dailySalesReport = async (
  db: Db,
  user: AuthUser,
  { date, location }: DailySalesReportQuery,
): Promise<DailySalesReport> => {
  if (location !== undefined && !inScope(workplaceScope(user), location))
    throw forbidden('You may read only the daily reports of the locations you work at.');
  const scope = and(
    scopeWhere(workplaceScope(user), sql`l.id`),
    location === undefined ? undefined : sql`l.id = ${location}`,
  );
  const rows = await rowsOf<{
    location: number;
    location_name: string;
    report: number | null;
    status: DailyReport['status'] | null;
    count: number;
    gross_total: string;
    discount_total: string;
    net_total: string;
    service_charge_total: string;
    cash_expected: string;
    cash_on_hand: string | null;
    variance: string | null;
    by_payment_method: AmountBy[] | string | null;
    by_bank: AmountBy[] | string | null;
    by_salesperson: AmountBy[] | string | null;
    deposits: DayDeposits | string | null;
  }>(db, dailySalesReportSql(date, scope));
  return {
    date,
    locations: rows.map((r) => ({
      ...r,
      location: Number(r.location),
      report: r.report === null ? null : Number(r.report),
      count: Number(r.count),
      by_payment_method: parseJson(r.by_payment_method, []),
      by_bank: parseJson(r.by_bank, []),
      by_salesperson: parseJson(r.by_salesperson, []),
      deposits: parseDeposits(r.deposits),
    })),
  };
};

/** Per day and per cutoff, with the month's target (half of it per cutoff). Staff read only their own. */
export const personalSales = async (db: Db, user: AuthUser, q: PersonalSalesQuery): Promise<PersonalSales> => {
  const [seller] = await db
    .select({
      id: employees.id,
      first: employees.firstName,
      last: employees.lastName,
      userId: employees.userId,
      kind: employees.kind,
      locationId: employees.locationId,
      locationName: locations.name,
      target: employees.monthlyTarget,
    })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .where(eq(employees.id, q.salesperson_id));
  if (!seller || seller.kind !== 'salesperson') throw notFound('No such salesperson.');
  const allowed =
    isAdmin(user) || seller.userId === user.id || (isManager(user) && inScope(workplaceScope(user), seller.locationId));
  if (!allowed)
    throw forbidden('You may see only your own sales, or those of salespersons at the locations you manage.');
  const month = monthBounds(q.year, q.month);
  const dayRows = await rowsOf<{ date: string; total: string; count: number }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, round(coalesce(sum(s.net_amount), 0), 2)::text as total, ${salesCount()} as count
      from generate_series(${month.from}::date, ${month.to}::date, interval '1 day') d
      left join sales s on s.date = d::date and s.salesperson_id = ${seller.id}
      group by d order by d`,
  );
  const [totals] = await rowsOf<{
    c1: string;
    n1: number;
    c2: string;
    n2: number;
    total: string;
    count: number;
    target: string;
    half: string;
    share: string | null;
    share1: string | null;
    share2: string | null;
  }>(
    db,
    sql`with t as (select
        coalesce(sum(net_amount) filter (where extract(day from date) <= 15), 0) as c1, ${salesCount('sales', sql`extract(day from date) <= 15`)} as n1,
        coalesce(sum(net_amount) filter (where extract(day from date) > 15), 0) as c2, ${salesCount('sales', sql`extract(day from date) > 15`)} as n2,
        coalesce(sum(net_amount), 0) as total, ${salesCount('sales')} as count
        from sales where salesperson_id = ${seller.id} and date between ${month.from}::date and ${month.to}::date),
      g as (select coalesce(monthly_target, 0) as target from employees where id = ${seller.id})
      select round(c1, 2)::text as c1, n1, round(c2, 2)::text as c2, n2, round(total, 2)::text as total, count,
        round(target, 2)::text as target, round(target * 0.5, 2)::text as half,
        case when target > 0 then round(total * 100 / target, 2)::text end as share,
        case when target > 0 then round(c1 * 100 / (target * 0.5), 2)::text end as share1,
        case when target > 0 then round(c2 * 100 / (target * 0.5), 2)::text end as share2
      from t, g`,
  );
  const t = totals!;
  const c1 = cutoffDates(q.year, q.month, 1);
  const c2 = cutoffDates(q.year, q.month, 2);
  return {
    salesperson: seller.id,
    salesperson_name: `${seller.first} ${seller.last}`,
    location: seller.locationId,
    location_name: seller.locationName,
    month: q.month,
    year: q.year,
    days: dayRows.map((d) => ({ ...d, count: Number(d.count) })),
    cutoffs: [
      {
        cutoff: 1,
        date_from: c1.from,
        date_to: c1.to,
        total: t.c1,
        count: Number(t.n1),
        target: t.half,
        share_of_target: t.share1,
      },
      {
        cutoff: 2,
        date_from: c2.from,
        date_to: c2.to,
        total: t.c2,
        count: Number(t.n2),
        target: t.half,
        share_of_target: t.share2,
      },
    ],
    total: t.total,
    count: Number(t.count),
    target: t.target,
    share_of_target: t.share,
  };
};

/**
 * One scan over the month's per-day totals (sales_daily_totals): per location
 * per day, per location, and the grand total, as grouping sets; `level` 0 = day, 1 = location, 3 = all.
 * The grand total's row is there even for a month without sales: its sums are coalesced to zero.
 */
export const locationSalesSql = (from: string, to: string, scope?: SQL, locationId?: number) => sql`
  with g as (
    select s.location_id, s.date, round(coalesce(sum(s.total), 0), 2)::text as total, coalesce(sum(s.count), 0)::int as count, grouping(s.location_id, s.date)::int as level
    from sales_daily_totals s
    where s.date between ${from}::date and ${to}::date ${scope ? sql`and ${scope}` : sql``} ${locationId ? sql`and s.location_id = ${locationId}` : sql``}
    group by grouping sets ((s.location_id, s.date), (s.location_id), ()))
  select g.location_id as location, l.name as location_name, to_char(g.date, 'YYYY-MM-DD') as date, g.total, g.count, g.level
  from g left join locations l on l.id = g.location_id
  order by g.level desc, lower(l.name), g.location_id, g.date`;

/** Per location per day (days with sales) and month totals; Managers see their locations, Admins all. */
export const locationSales = async (db: Db, user: AuthUser, q: LocationSalesQuery): Promise<LocationSales> => {
  const { from, to } = monthBounds(q.year, q.month);
  const rows = await rowsOf<{
    location: number | null;
    location_name: string | null;
    date: string | null;
    total: string;
    count: number;
    level: number;
  }>(db, locationSalesSql(from, to, scopeWhere(workplaceScope(user), sql`s.location_id`), q.location));
  const result: LocationSales = { month: q.month, year: q.year, locations: [], total: '0.00', count: 0 };
  const byLocation = new Map<number, LocationSales['locations'][number]>();
  for (const r of rows) {
    const level = Number(r.level);
    if (level === 3) {
      result.total = r.total;
      result.count = Number(r.count);
    } else if (level === 1) {
      const entry = {
        location: Number(r.location),
        location_name: r.location_name ?? '',
        days: [],
        total: r.total,
        count: Number(r.count),
      };
      byLocation.set(entry.location, entry);
      result.locations.push(entry);
    } else
      byLocation.get(Number(r.location))?.days.push({ date: r.date ?? '', total: r.total, count: Number(r.count) });
  }
  return result;
};
