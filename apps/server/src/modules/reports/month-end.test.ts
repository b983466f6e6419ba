import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { DailyReport, DailySalesReport, SaleLinesPage } from '@ginhawa/contract';
import { banks, employees, users } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';

/**
 * Month-end tie-out (decision 0505): service charges are collected on top of the net and sit in
 * the till and in the card and e-wallet batches, so the day's report shows them, expects them in
 * the cash count, and every export carries them; no export repeats a total a spreadsheet would
 * add twice.
 */

let ctx: TestContext;
let admin: Agent;
const ids = { location: 0, sp: 0, bank: 0 };
const DAY = '2021-06-03';

const rowsOf = (body: string) => {
  const [header, ...rows] = parseCsv(body.replace(/^\ufeff/, ''));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
};

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await signIn(ctx.app, 'admin');
  const [sp] = await db
    .select({ id: employees.id, location: employees.locationId })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(users.username, 'salesperson')));
  ids.sp = sp!.id;
  ids.location = sp!.location;
  ids.bank = (await db.select({ id: banks.id }).from(banks).where(eq(banks.isActive, true)).limit(1))[0]!.id;
  const stored = await admin.request({
    method: 'POST',
    url: '/api/reports/store-sales-data/',
    payload: {
      location: ids.location,
      date: DAY,
      sales: [
        // ₱1,349.75 net + ₱75.00 service charge, cash: ₱1,424.75 goes in the till.
        { salesperson: ids.sp, amount: '1500.00', discount: '150.25', service_charge: '75.00', payment_method: 'cash' },
        { salesperson: ids.sp, amount: '800.00', service_charge: '0.00', payment_method: 'cash' },
        {
          salesperson: ids.sp,
          amount: '999.99',
          discount: '0.33',
          service_charge: '49.50',
          payment_method: 'card',
          bank: ids.bank,
        },
      ],
    },
  });
  expect(stored.statusCode, stored.body).toBe(201);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('service charges at the day’s close', () => {
  it('the daily sales report shows them beside the net and expects the cash ones in the till', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: ids.location, date: DAY, cash_on_hand: '2224.75' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The till holds ₱2,149.75 of cash sales and ₱75.00 of cash service charge: nothing is missing.
    expect(res.json<DailyReport>()).toMatchObject({
      net_total: '3149.41',
      cash_total: '2149.75',
      service_charge_total: '124.50',
      cash_expected: '2224.75',
      variance: '0.00',
    });
    const report = await admin.request({
      url: `/api/reports/get-daily-sales-report/?date=${DAY}&location=${ids.location}`,
    });
    const [day] = report.json<DailySalesReport>().locations;
    expect(day).toMatchObject({
      net_total: '3149.41',
      service_charge_total: '124.50',
      cash_expected: '2224.75',
      cash_on_hand: '2224.75',
      variance: '0.00',
    });
    expect(day!.by_payment_method.map((p) => [p.key, p.total, p.service_charge])).toEqual([
      ['card', '999.66', '49.50'],
      ['cash', '2149.75', '75.00'],
    ]);
    expect(day!.by_bank.map((p) => [p.total, p.service_charge])).toEqual([['999.66', '49.50']]);
    expect(day!.by_salesperson.map((p) => [p.total, p.service_charge])).toEqual([['3149.41', '124.50']]);
  });

  it('the CSVs carry them: the day’s report, the reports list and the sale lines', async () => {
    const day = rowsOf(
      (
        await admin.request({
          url: `/api/reports/get-daily-sales-report/?date=${DAY}&location=${ids.location}&format=csv`,
        })
      ).body,
    );
    expect(
      day.filter((r) => r.group === 'location').map((r) => [r.service_charge_total, r.cash_expected, r.variance]),
    ).toEqual([['124.50', '2224.75', '0.00']]);
    expect(day.filter((r) => r.group === 'payment_method').map((r) => [r.name, r.total, r.service_charge])).toEqual([
      ['Card', '999.66', '49.50'],
      ['Cash', '2149.75', '75.00'],
    ]);
    const list = rowsOf((await admin.request({ url: `/api/reports/?date=${DAY}&format=csv` })).body);
    expect(list.map((r) => [r.cash_total, r.service_charge_total, r.cash_expected, r.variance])).toEqual([
      ['2149.75', '124.50', '2224.75', '0.00'],
    ]);
    const lines = rowsOf((await admin.request({ url: `/api/reports/daily-sales/?date=${DAY}&format=csv` })).body);
    const cents = (column: string) => lines.reduce((n, r) => n + Math.round(Number(r[column]) * 100), 0);
    expect([lines.length, cents('net_amount'), cents('service_charge')]).toEqual([3, 314941, 12450]);
  });
});

describe('the daily reports list’s CSV', () => {
  it('holds every report the filters match, not one page, in the screen’s words', async () => {
    for (const date of ['2021-06-01', '2021-06-02']) {
      const res = await admin.request({
        method: 'POST',
        url: '/api/reports/',
        payload: { location: ids.location, date },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const url = `/api/reports/?date_from=2021-06-01&date_to=2021-06-30&pageSize=1`;
    expect((await admin.request({ url })).json<{ count: number }>().count).toBe(3);
    const rows = rowsOf((await admin.request({ url: `${url}&format=csv` })).body);
    expect(rows.map((r) => [r.date, r.status])).toEqual([
      ['2021-06-03', 'Draft'],
      ['2021-06-02', 'Draft'],
      ['2021-06-01', 'Draft'],
    ]);
  });
});

describe('the sale lines list', () => {
  it('sums every line the filters match beside one page of them', async () => {
    const res = await admin.request({
      url: `/api/reports/daily-sales/?date=${DAY}&location=${ids.location}&pageSize=1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<SaleLinesPage>();
    expect([page.count, page.results.length]).toEqual([3, 1]);
    expect(page.totals).toEqual({
      gross_total: '3299.99',
      discount_total: '150.58',
      net_total: '3149.41',
      service_charge_total: '124.50',
      sales_count: 3,
    });
    const none = await admin.request({ url: `/api/reports/daily-sales/?date=2001-01-01` });
    expect(none.json<SaleLinesPage>().totals.net_total).toBe('0.00');
  });
});
