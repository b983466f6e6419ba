import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  clientArrivalBodySchema,
  type DailyReport,
  type DailySalesReport,
  type Leaderboard,
  type LocationSales,
  type PersonalSales,
  type SaleLinesPage,
} from '@ginhawa/contract';
import { clients, employees, sales, salesDailyTotals, treatments, users } from '../../db/schema/index';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';
import { findUsersByIds } from '../users/auth.service';
import { createArrival, type ArrivalExtras } from '../clients/index';
import { rowsOf } from '../sales/shared';

/**
 * A count of sales counts sales to clients, not sale lines (decision 0508): a walk-in visit paid
 * partly by its reservation's deposit is two lines (decision 0411) and one sale in every count a
 * person reads, while the money still ties to the lines (decision 0505).
 */

let ctx: TestContext;
let admin: Agent;
const ids = { location: 0, sp: 0, therapist: 0, client: 0, treatment: 0, adminUser: 0 };
const DAY = '2021-07-05';

const get = async <T>(url: string) => {
  const res = await admin.request({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

/** The first active employee of a kind (at a location), by id. */
const firstActive = async (kind: string, location?: number) => {
  const [row] = await ctx.database.db
    .select({ id: employees.id, location: employees.locationId })
    .from(employees)
    .where(
      and(
        eq(employees.kind, kind),
        eq(employees.isActive, true),
        location ? eq(employees.locationId, location) : undefined,
      ),
    )
    .orderBy(asc(employees.id))
    .limit(1);
  return row!;
};

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await signIn(ctx.app, 'admin');
  const sp = await firstActive('salesperson');
  Object.assign(ids, { sp: sp.id, location: sp.location });
  ids.therapist = (await firstActive('therapist', ids.location)).id;
  ids.client = (await db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id)).limit(1))[0]!.id;
  ids.treatment = (
    await db.select({ id: treatments.id }).from(treatments).where(eq(treatments.isActive, true)).limit(1)
  )[0]!.id;
  await db.update(treatments).set({ price: '1350.00' }).where(eq(treatments.id, ids.treatment));
  ids.adminUser = (await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')))[0]!.id;
  const adminUser = (await findUsersByIds(db, [ids.adminUser]))[0]!;
  const visit = (time: string, extras: ArrivalExtras) =>
    createArrival(
      db,
      adminUser,
      clientArrivalBodySchema.parse({
        client: ids.client,
        location: ids.location,
        date: DAY,
        time,
        therapist: ids.therapist,
        treatment: ids.treatment,
        payment: { salesperson: ids.sp, payment_method: 'cash', discount: '0' },
      }),
      null,
      extras,
    );
  // The visit, the way the floor's "Client arrived" writes it: a ₱500 cash deposit and
  // ₱850 cash at the desk are two cash lines (A-<arrival>), one sale.
  await visit('10:00', { deposit: { payment_method: 'cash', bank: null, reference_no: '', amount: '500.00' } });
  // And a visit paid at the desk alone: two sales in all, three lines.
  await visit('12:00', {});
  const lines = await db.select().from(sales).where(eq(sales.date, DAY)).orderBy(asc(sales.id));
  expect(lines.map((l) => [l.kind, l.netAmount, l.paymentMethod])).toEqual([
    ['walk_in', '850.00', 'cash'],
    ['walk_in', '500.00', 'cash'],
    ['walk_in', '1350.00', 'cash'],
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('a visit paid partly by its deposit is one sale', () => {
  it('in the daily sales report: the day, its payment method and its salesperson', async () => {
    const [day] = (
      await get<DailySalesReport>(`/api/reports/get-daily-sales-report/?date=${DAY}&location=${ids.location}`)
    ).locations;
    expect([day!.count, day!.net_total]).toEqual([2, '2700.00']);
    expect(day!.by_payment_method.map((m) => [m.key, m.count, m.total])).toEqual([['cash', 2, '2700.00']]);
    expect(day!.by_salesperson.map((p) => [p.count, p.total])).toEqual([[2, '2700.00']]);
  });

  it('in the daily report and its list', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: ids.location, date: DAY },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<DailyReport>()).toMatchObject({ sales_count: 2, net_total: '2700.00' });
  });

  it('in personal sales: the day, the cutoff and the month', async () => {
    const mine = await get<PersonalSales>(
      `/api/reports/get-personal-sales/?salesperson_id=${ids.sp}&month=7&year=2021`,
    );
    expect(mine.days.find((d) => d.date === DAY)).toEqual({ date: DAY, total: '2700.00', count: 2 });
    expect(mine.cutoffs.map((c) => c.count)).toEqual([2, 0]);
    expect([mine.count, mine.total]).toEqual([2, '2700.00']);
  });

  it('in location sales and on the leaderboard (their per-day totals)', async () => {
    const month = await get<LocationSales>(`/api/reports/get-location-sales/?month=7&year=2021`);
    const here = month.locations.find((l) => l.location === ids.location)!;
    expect([here.count, here.days.find((d) => d.date === DAY)?.count, month.count]).toEqual([2, 2, 2]);
    const board = await get<Leaderboard>(`/api/reports/leaderboards/?month=7&year=2021&cutoff=1`);
    expect(board.results.find((r) => r.salesperson === ids.sp)).toMatchObject({ count: 2, total: '2700.00' });
  });

  it('beside its lines in the sale lines list', async () => {
    const page = await get<SaleLinesPage>(`/api/reports/daily-sales/?date=${DAY}&location=${ids.location}`);
    expect([page.count, page.totals.sales_count, page.totals.net_total]).toEqual([3, 2, '2700.00']);
  });

  it('still one sale when one of its lines is deleted, and none once both are', async () => {
    const db = ctx.database.db;
    const visit = await db
      .select({ id: sales.id })
      .from(sales)
      .where(eq(sales.date, DAY))
      .orderBy(asc(sales.id))
      .limit(2);
    const totals = async () =>
      (
        await db
          .select({ count: salesDailyTotals.count, total: salesDailyTotals.total })
          .from(salesDailyTotals)
          .where(and(eq(salesDailyTotals.date, DAY), eq(salesDailyTotals.salespersonId, ids.sp)))
      )[0];
    expect(await totals()).toEqual({ count: 2, total: '2700.00' });
    await db.delete(sales).where(eq(sales.id, visit[1]!.id));
    expect(await totals()).toEqual({ count: 2, total: '2200.00' });
    await db.delete(sales).where(eq(sales.id, visit[0]!.id));
    expect(await totals()).toEqual({ count: 1, total: '1350.00' });
    // The kept count equals the lines counted as sales (sale_key), whatever wrote them.
    const [recount] = await rowsOf<{ n: number }>(
      db,
      sql`select count(distinct sale_key(kind, reference, id))::int as n from sales where date = ${DAY} and salesperson_id = ${ids.sp}`,
    );
    expect(Number(recount!.n)).toBe(1);
  });
});
