import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  addDays,
  cutoffDates,
  cutoffOf,
  manilaDate,
  monthBounds,
  todayInManila,
  type DailyReport,
  type Leaderboard,
  type Page,
  type SaleLineRead,
} from '@ginhawa/contract';
import {
  auditLog,
  banks,
  dailyReports,
  clients,
  clientTreatments,
  employees,
  leaderboardVersion,
  locations,
  notifications,
  sales,
  treatments,
  users,
} from '../../db/schema/index';
import type { DbOrTx } from '../../db/client';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';
import { activeSalesperson } from '../clients/clients.test-helpers';
import { action, connectSocket } from '../../test/ws-client';
import { decide } from '../notifications/notifications.service';
import { findUsersByIds } from '../users/auth.service';
import { submitEmptyReport } from './reports.test-helpers';
import { csvLines } from '../../test/csv-lines';
import { dayInWords } from '../../lib/notice-text';

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let seller: Agent;
let therapist: Agent;
/** The demo salesperson (login "salesperson") and a colleague at the same home location. */
const ids = { home: 0, other: 0, sp: 0, spUser: 0, colleague: 0, otherSp: 0, bank: 0, admin: 0, manager: 0 };

const store = (agent: Agent, body: unknown, headers: Record<string, string> = {}) =>
  agent.request({
    method: 'POST',
    url: '/api/reports/store-sales-data/',
    payload: body as Record<string, unknown>,
    headers,
  });
const line = (over: Record<string, unknown> = {}) => ({
  salesperson: ids.sp,
  amount: '1000.00',
  payment_method: 'cash',
  ...over,
});
/** The notifications of one type to one person about a daily report. */
const noticesAbout = (reportId: number, recipient: number, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipient),
        eq(notifications.type, type),
        sql`${notifications.data}->>'report_id' = ${String(reportId)}`,
      ),
    );
const countOn = async (date: string) =>
  Number(
    (
      await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sales)
        .where(eq(sales.date, date))
    )[0]!.n,
  );

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await signIn(ctx.app, 'admin');
  manager = await signIn(ctx.app, 'manager');
  seller = await signIn(ctx.app, 'salesperson');
  therapist = await signIn(ctx.app, 'therapist');
  const [sp] = await db
    .select()
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'salesperson'));
  ids.sp = sp!.employees.id;
  ids.spUser = sp!.users.id;
  ids.home = sp!.employees.locationId;
  ids.colleague = await activeSalesperson(db, ids.home, ids.sp);
  const [otherSp] = await db
    .select({ id: employees.id, locationId: employees.locationId })
    .from(employees)
    .where(and(eq(employees.kind, 'salesperson'), ne(employees.locationId, ids.home), eq(employees.isActive, true)))
    .orderBy(asc(employees.id))
    .limit(1);
  ids.otherSp = otherSp!.id;
  ids.other = otherSp!.locationId;
  const [bank] = await db.select({ id: banks.id }).from(banks).where(eq(banks.isActive, true)).limit(1);
  ids.bank = bank!.id;
  for (const name of ['admin', 'manager'] as const)
    ids[name] = (await db.select({ id: users.id }).from(users).where(eq(users.username, name)))[0]!.id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('periods in Manila time', () => {
  it('cutoffs cover 1–15 and 16–end, February in leap and common years, 30- and 31-day months', () => {
    expect(cutoffDates(2020, 2, 2)).toEqual({ from: '2020-02-16', to: '2020-02-29' });
    expect(cutoffDates(2021, 2, 2)).toEqual({ from: '2021-02-16', to: '2021-02-28' });
    expect(monthBounds(2021, 4)).toEqual({ from: '2021-04-01', to: '2021-04-30' });
    expect(cutoffDates(2021, 5, 2)).toEqual({ from: '2021-05-16', to: '2021-05-31' });
    expect(cutoffDates(2021, 5, 1)).toEqual({ from: '2021-05-01', to: '2021-05-15' });
  });

  it('a sale at 23:59 Manila on the 15th is cutoff 1; at 00:00 on the 16th it is cutoff 2 (UTC says otherwise)', () => {
    const late = manilaDate(new Date('2021-03-15T15:59:00Z'));
    const midnight = manilaDate(new Date('2021-03-15T16:00:00Z'));
    expect([late, cutoffOf(late)]).toEqual(['2021-03-15', 1]);
    expect([midnight, cutoffOf(midnight)]).toEqual(['2021-03-16', 2]);
    // The last minute of a month and the first of the next.
    expect(manilaDate(new Date('2021-04-30T15:59:00Z'))).toBe('2021-04-30');
    expect(manilaDate(new Date('2021-04-30T16:00:00Z'))).toBe('2021-05-01');
  });
});

describe('store-sales-data', () => {
  it('refuses a batch with one bad line, naming each line and field, and stores nothing', async () => {
    const res = await store(admin, {
      location: ids.home,
      date: '2021-03-01',
      sales: [
        line(),
        line({ payment_method: 'card' }),
        line({ payment_method: 'e_wallet' }),
        line({ amount: '1200.00', discount: '1500.00' }),
        line({ payment_method: 'cash', bank: ids.bank }),
        // A service charge is a share of the bill: past the amount it is a typo (decision 0507).
        line({ amount: '1200.00', service_charge: '9999999999.99' }),
        line({ amount: '1200.00', service_charge: '1200.00' }),
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'sales.1.bank': ['Choose the bank account a card or bank transfer payment went to.'],
      'sales.2.reference_no': ['Enter the e-wallet reference number.'],
      'sales.3.discount': ['The discount cannot exceed the amount (₱1,200.00).'],
      'sales.4.bank': ['Only card and bank transfer payments name a bank account.'],
      'sales.5.service_charge': ['The service charge cannot exceed the amount (₱1,200.00).'],
    });
    expect(await countOn('2021-03-01')).toBe(0);
  });

  it('answers field errors from the schema with the line too (400, nothing stored)', async () => {
    const res = await store(admin, {
      location: ids.home,
      date: '2021-03-01',
      sales: [line(), line({ amount: '12.345' })],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['sales.1.amount']);
    expect(await countOn('2021-03-01')).toBe(0);
  });

  it('stores every line with its discount; nets and totals come from SQL', async () => {
    const res = await store(admin, {
      location: ids.home,
      date: '2021-03-02',
      sales: [
        line({ amount: '1500.50', discount: '0.50' }),
        line({ amount: 999.99, payment_method: 'card', bank: ids.bank }),
        line({ amount: '300', payment_method: 'e_wallet', reference_no: 'GC-123' }),
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ location: ids.home, date: '2021-03-02', stored: 3, total: '2799.99' });
    const lines = (
      await seller.request({ method: 'GET', url: '/api/reports/daily-sales/?date=2021-03-02&ordering=id' })
    ).json<Page<SaleLineRead>>();
    expect(lines.results.map((l) => [l.amount, l.discount, l.net_amount, l.payment_method])).toEqual([
      ['1500.50', '0.50', '1500.00', 'cash'],
      ['999.99', '0.00', '999.99', 'card'],
      ['300.00', '0.00', '300.00', 'e_wallet'],
    ]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'sales'), eq(auditLog.action, 'import')));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('refuses a salesperson of another location and a location the caller does not work at', async () => {
    const wrongSeller = await store(admin, {
      location: ids.home,
      date: '2021-03-03',
      sales: [line({ salesperson: ids.otherSp })],
    });
    expect(wrongSeller.statusCode).toBe(400);
    expect(Object.keys(wrongSeller.json().errors)).toEqual(['sales.0.salesperson']);
    const elsewhere = await store(seller, {
      location: ids.other,
      date: '2021-03-03',
      sales: [line({ salesperson: ids.otherSp })],
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(await countOn('2021-03-03')).toBe(0);
  });

  it('replays a retried request with the same Idempotency-Key, and refuses the key with another body (422)', async () => {
    const body = { location: ids.home, date: '2021-03-04', sales: [line(), line({ amount: '250.00' })] };
    const first = await store(admin, body, { 'idempotency-key': 'import-2021-03-04' });
    const again = await store(admin, body, { 'idempotency-key': 'import-2021-03-04' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countOn('2021-03-04')).toBe(2);
    const other = await store(
      admin,
      { ...body, sales: [line({ amount: '1.00' })] },
      { 'idempotency-key': 'import-2021-03-04' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new sale.',
    );
    expect(await countOn('2021-03-04')).toBe(2);
  });

  it('two parallel requests with one key store the lines once', async () => {
    const body = { location: ids.home, date: '2021-03-05', sales: [line({ amount: '77.00' })] };
    const [a, b] = await Promise.all([
      store(admin, body, { 'idempotency-key': 'parallel-1' }),
      store(admin, body, { 'idempotency-key': 'parallel-1' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await countOn('2021-03-05')).toBe(1);
  });

  it('takes the same lines as CSV; a bad CSV line is named by its line in the file', async () => {
    const bad = await admin.request({
      method: 'POST',
      url: `/api/reports/store-sales-data/?location=${ids.home}&date=2021-03-06`,
      headers: { 'content-type': 'text/csv' },
      payload: `salesperson,amount,discount,payment_method,bank,reference_no\n${ids.sp},500.00,0,cash,,\n${ids.sp},abc,0,cash,,\n${ids.sp},200.00,0,card,,\n`,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['line_3.amount']);
    const badBank = await admin.request({
      method: 'POST',
      url: `/api/reports/store-sales-data/?location=${ids.home}&date=2021-03-06`,
      headers: { 'content-type': 'text/csv' },
      payload: `salesperson,amount,payment_method,bank\n${ids.sp},500.00,cash,\n${ids.sp},200.00,card,\n`,
    });
    expect(badBank.json().errors).toEqual({
      'line_3.bank': ['Choose the bank account a card or bank transfer payment went to.'],
    });
    expect(await countOn('2021-03-06')).toBe(0);
    const good = await admin.request({
      method: 'POST',
      url: `/api/reports/store-sales-data/?location=${ids.home}&date=2021-03-06`,
      headers: { 'content-type': 'text/csv' },
      payload: `salesperson,kind,amount,discount,payment_method,bank,reference_no\r\n${ids.sp},walk_in,500.00,50,cash,,\r\n${ids.sp},other,"1,000.00",0,card,${ids.bank},\r\n`,
    });
    // "1,000.00" is not a plain decimal: refused with its line.
    expect(good.statusCode).toBe(400);
    expect(Object.keys(good.json().errors)).toEqual(['line_3.amount']);
    const fixed = await admin.request({
      method: 'POST',
      url: `/api/reports/store-sales-data/?location=${ids.home}&date=2021-03-06`,
      headers: { 'content-type': 'text/csv' },
      payload: `salesperson,kind,amount,discount,payment_method,bank,reference_no\r\n${ids.sp},walk_in,500.00,50,cash,,\r\n${ids.sp},other,1000.00,0,card,${ids.bank},\r\n`,
    });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json()).toMatchObject({ stored: 2, total: '1450.00' });
  });
});

describe('leaderboard', () => {
  const board = async (query: string, agent = seller) => {
    const res = await agent.request({ method: 'GET', url: `/api/reports/leaderboards/?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<Leaderboard>();
  };
  const entry = (b: Leaderboard, id: number) => b.results.find((r) => r.salesperson === id);

  beforeAll(async () => {
    // Leap February 2020: the seller sells on the 15th and the 29th; the colleague on the 16th.
    const put = async (date: string, salesperson: number, amount: string, discount = '0.00') =>
      expect(
        (await store(admin, { location: ids.home, date, sales: [line({ salesperson, amount, discount })] })).statusCode,
      ).toBe(201);
    await put('2020-02-15', ids.sp, '1000.00');
    await put('2020-02-16', ids.colleague, '3000.00', '500.00');
    await put('2020-02-29', ids.sp, '1500.00');
    await put('2021-02-28', ids.sp, '700.00');
    await put('2021-04-30', ids.colleague, '400.00');
    await put('2021-05-31', ids.sp, '900.00');
    // A tie in January 2021, cutoff 1.
    await put('2021-01-10', ids.sp, '800.00');
    await put('2021-01-15', ids.colleague, '900.00', '100.00');
  });

  it('splits the month at the 15th/16th and ends February on the 29th in a leap year', async () => {
    const c1 = await board('month=2&year=2020&cutoff=1');
    expect([c1.date_from, c1.date_to]).toEqual(['2020-02-01', '2020-02-15']);
    expect(entry(c1, ids.sp)).toMatchObject({ rank: 1, total: '1000.00', count: 1 });
    expect(entry(c1, ids.colleague)).toMatchObject({ total: '0.00', count: 0 });
    const c2 = await board('month=2&year=2020&cutoff=2');
    expect(c2.date_to).toBe('2020-02-29');
    expect(entry(c2, ids.colleague)).toMatchObject({ rank: 1, total: '2500.00' });
    expect(entry(c2, ids.sp)).toMatchObject({ rank: 2, total: '1500.00' });
    const whole = await board('month=2&year=2020&cutoff=0');
    expect(entry(whole, ids.sp)).toMatchObject({ rank: 1, total: '2500.00', count: 2 });
    expect(entry(whole, ids.colleague)).toMatchObject({ rank: 1, total: '2500.00', count: 1 });
  });

  it('ends February on the 28th in a common year, April on the 30th and May on the 31st', async () => {
    expect(entry(await board('month=2&year=2021&cutoff=2'), ids.sp)).toMatchObject({ total: '700.00' });
    expect((await board('month=2&year=2021&cutoff=2')).date_to).toBe('2021-02-28');
    expect(entry(await board('month=4&year=2021&cutoff=2'), ids.colleague)).toMatchObject({ total: '400.00' });
    expect(entry(await board('month=5&year=2021&cutoff=2'), ids.sp)).toMatchObject({ total: '900.00' });
    expect(entry(await board('month=5&year=2021&cutoff=1'), ids.sp)).toMatchObject({ total: '0.00' });
  });

  it('ranks by net sales (discounts count against), ties share a rank and the next rank skips', async () => {
    const b = await board('month=1&year=2021');
    expect(b.cutoff).toBe(1);
    expect(entry(b, ids.sp)).toMatchObject({ rank: 1, total: '800.00' });
    expect(entry(b, ids.colleague)).toMatchObject({ rank: 1, total: '800.00' });
    const third = b.results.find((r) => r.salesperson !== ids.sp && r.salesperson !== ids.colleague);
    expect(third?.rank).toBe(3);
  });

  it('gives the share of the period target (half the monthly target per cutoff)', async () => {
    const b = await board('month=2&year=2020&cutoff=1');
    const e = entry(b, ids.sp)!;
    const [target] = await ctx.database.db
      .execute<{ half: string; share: string }>(
        sql`select round(monthly_target * 0.5, 2)::text as half, round(1000.00 * 100 / (monthly_target * 0.5), 2)::text as share from employees where id = ${ids.sp}`,
      )
      .then((r) => (r as unknown as { rows: { half: string; share: string }[] }).rows);
    expect([e.target, e.share_of_target]).toEqual([target!.half, target!.share]);
  });

  it('validates month, year and cutoff (400)', async () => {
    for (const q of [
      'month=13&year=2021',
      'month=0&year=2021',
      'month=1&year=1800',
      'month=1&year=2021&cutoff=3',
      'month=x&year=2021',
      'year=2021',
    ]) {
      const res = await seller.request({ method: 'GET', url: `/api/reports/leaderboards/?${q}` });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('answers CSV when asked, amounts as plain decimals', async () => {
    const res = await seller.request({
      method: 'GET',
      url: '/api/reports/leaderboards/?month=2&year=2020&cutoff=0&format=csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = csvLines(res.body);
    expect(rows[0]).toBe('rank,salesperson,location,total,count,target,share_of_target,date_from,date_to');
    expect(rows.some((r) => r.startsWith('1,') && r.includes(',2500.00,'))).toBe(true);
  });
});

describe('personal, location and daily sales reports', () => {
  it('personal sales: per day, per cutoff and the month, with the target', async () => {
    const res = await seller.request({
      method: 'GET',
      url: `/api/reports/get-personal-sales/?salesperson_id=${ids.sp}&month=2&year=2020`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(29);
    expect(body.days[14]).toEqual({ date: '2020-02-15', total: '1000.00', count: 1 });
    expect(body.cutoffs.map((c: { total: string; date_to: string }) => [c.total, c.date_to])).toEqual([
      ['1000.00', '2020-02-15'],
      ['1500.00', '2020-02-29'],
    ]);
    expect(body).toMatchObject({ total: '2500.00', count: 2 });
  });

  it('staff see only their own personal sales; managers their locations; admins all', async () => {
    const personal = (salesperson: number) =>
      `/api/reports/get-personal-sales/?salesperson_id=${salesperson}&month=2&year=2020`;
    const cases: [Agent, string, number][] = [
      [seller, personal(ids.colleague), 403],
      [manager, personal(ids.colleague), 200],
      [admin, personal(ids.otherSp), 200],
    ];
    for (const [agent, url, status] of cases)
      expect((await agent.request({ method: 'GET', url })).statusCode, url).toBe(status);
  });

  it('location sales by day and month totals', async () => {
    const res = await manager.request({ method: 'GET', url: '/api/reports/get-location-sales/?month=2&year=2020' });
    expect(res.statusCode).toBe(200);
    const home = res.json().locations.find((l: { location: number }) => l.location === ids.home);
    expect(home.days).toEqual([
      { date: '2020-02-15', total: '1000.00', count: 1 },
      { date: '2020-02-16', total: '2500.00', count: 1 },
      { date: '2020-02-29', total: '1500.00', count: 1 },
    ]);
    expect(home).toMatchObject({ total: '5000.00', count: 3 });
    expect(res.json()).toMatchObject({ total: '5000.00', count: 3 });
  });

  it('daily sales report: totals by method, bank and salesperson per location', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/reports/get-daily-sales-report/?date=2021-03-02' });
    expect(res.statusCode).toBe(200);
    const home = res.json().locations.find((l: { location: number }) => l.location === ids.home);
    expect(home).toMatchObject({
      count: 3,
      gross_total: '2800.49',
      discount_total: '0.50',
      net_total: '2799.99',
      status: null,
      variance: null,
    });
    expect(home.by_payment_method).toEqual([
      { key: 'card', name: 'card', total: '999.99', service_charge: '0.00', count: 1 },
      { key: 'cash', name: 'cash', total: '1500.00', service_charge: '0.00', count: 1 },
      { key: 'e_wallet', name: 'e_wallet', total: '300.00', service_charge: '0.00', count: 1 },
    ]);
    expect(home.by_bank).toEqual([expect.objectContaining({ key: String(ids.bank), total: '999.99', count: 1 })]);
    expect(home.by_salesperson).toEqual([expect.objectContaining({ key: String(ids.sp), total: '2799.99', count: 3 })]);
  });

  it('role matrix: who may read what', async () => {
    const cases: [Agent, string, number][] = [
      [therapist, '/api/reports/leaderboards/?month=1&year=2021', 200],
      [therapist, '/api/reports/get-location-sales/?month=1&year=2021', 403],
      [therapist, '/api/reports/get-daily-sales-report/?date=2021-03-02', 403],
      [therapist, `/api/reports/get-personal-sales/?salesperson_id=${ids.sp}&month=1&year=2021`, 403],
      [seller, '/api/reports/get-location-sales/?month=1&year=2021', 403],
      [seller, '/api/reports/get-daily-sales-report/?date=2021-03-02', 403],
      [manager, '/api/reports/get-daily-sales-report/?date=2021-03-02', 200],
      [admin, '/api/reports/get-location-sales/?month=1&year=2021', 200],
    ];
    for (const [agent, url, status] of cases)
      expect((await agent.request({ method: 'GET', url })).statusCode, url).toBe(status);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/reports/leaderboards/?month=1&year=2021' })).statusCode,
    ).toBe(401);
    // Staff see only the lines credited to them; the therapist has none.
    const own = (await therapist.request({ method: 'GET', url: '/api/reports/daily-sales/?date=2021-03-02' })).json<
      Page<SaleLineRead>
    >();
    expect(own.count).toBe(0);
  });
});

describe('daily reports: submit, approve, return, and the lock', () => {
  it('a report sums its day, shows the variance, and locks the day once approved', async () => {
    const created = await seller.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: ids.home, date: '2021-03-02', cash_on_hand: '1490.00' },
    });
    expect(created.statusCode).toBe(201);
    const report = created.json<DailyReport>();
    expect(report).toMatchObject({
      status: 'draft',
      net_total: '2799.99',
      cash_total: '1500.00',
      variance: '-10.00',
      sales_count: 3,
      by_payment_method: { card: '999.99', cash: '1500.00', e_wallet: '300.00' },
    });
    const dup = await seller.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: ids.home, date: '2021-03-02' },
    });
    expect(dup.statusCode).toBe(409);

    const submitted = await seller.request({ method: 'POST', url: `/api/reports/${report.id}/submit/` });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().status).toBe('submitted');
    const requests = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'daily_report'), eq(notifications.requiresApproval, true)));
    expect(requests.map((r) => r.recipientId).sort()).toEqual([ids.admin, ids.manager].sort());
    expect(
      (await seller.request({ method: 'PATCH', url: `/api/reports/${report.id}/`, payload: { remarks: 'late' } }))
        .statusCode,
    ).toBe(409);
    expect((await seller.request({ method: 'POST', url: `/api/reports/${report.id}/approve/` })).statusCode).toBe(403);

    const approved = await manager.request({ method: 'POST', url: `/api/reports/${report.id}/approve/` });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by: ids.manager });
    const decided = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'daily_report'));
    expect(decided.every((n) => n.isApproved === true)).toBe(true);

    const locked = await store(admin, { location: ids.home, date: '2021-03-02', sales: [line()] });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/^The daily report for .+ on 2 Mar 2021 is approved; /);
    const lineIds = (await admin.request({ method: 'GET', url: '/api/reports/daily-sales/?date=2021-03-02' }))
      .json<Page<SaleLineRead>>()
      .results.map((l) => l.id);
    const deletion = await admin.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: lineIds.slice(0, 1), reason: 'Entered twice' },
    });
    expect(deletion.statusCode).toBe(409);
    expect(await countOn('2021-03-02')).toBe(3);
  });

  it("deciding on the report's screen reads the decider's own request, not the other deciders'", async () => {
    const report = await submitEmptyReport(seller, ids.home, '2021-03-08');
    const unread = async (recipient: number) =>
      (await noticesAbout(report.id, recipient, 'daily_report')).map((n) => [n.isApproved, n.isRead]);
    expect(await unread(ids.admin)).toEqual([[null, false]]);
    const returned = await admin.request({
      method: 'POST',
      url: `/api/reports/${report.id}/return/`,
      payload: { reason: 'Recount the cash.' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await unread(ids.admin)).toEqual([[false, true]]);
    expect(await unread(ids.manager)).toEqual([[false, false]]);
  });

  it('an approved day also refuses a client voucher sale dated on it, storing nothing', async () => {
    const date = '2021-03-06';
    const report = await submitEmptyReport(seller, ids.home, date);
    expect((await manager.request({ method: 'POST', url: `/api/reports/${report.id}/approve/` })).statusCode).toBe(200);
    const db = ctx.database.db;
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.locationId, ids.home)).limit(1);
    const [treatment] = await db
      .select({ id: treatments.id })
      .from(treatments)
      .where(eq(treatments.isActive, true))
      .limit(1);
    const vouchersBefore = (await db.select({ n: sql<number>`count(*)::int` }).from(clientTreatments))[0]!.n;
    const salesBefore = await countOn(date);
    const sale = await admin.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: {
        client: client!.id,
        treatment: treatment!.id,
        sessions: 1,
        location: ids.home,
        salesperson: ids.sp,
        payment_method: 'cash',
        date,
      },
    });
    expect(sale.statusCode, sale.body).toBe(409);
    expect(sale.json().message).toMatch(new RegExp(`^The daily report for .+ on ${dayInWords(date)} is approved; `));
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(clientTreatments))[0]!.n).toBe(vouchersBefore);
    expect(await countOn(date)).toBe(salesBefore);
  });

  it('a returned report carries the reason and can be corrected and submitted again', async () => {
    const report = (
      await seller.request({
        method: 'POST',
        url: '/api/reports/',
        payload: { location: ids.home, date: '2021-03-04', cash_on_hand: '1250.00' },
      })
    ).json<DailyReport>();
    expect(report.variance).toBe('0.00');
    expect((await seller.request({ method: 'POST', url: `/api/reports/${report.id}/submit/` })).statusCode).toBe(200);
    const returned = await manager.request({
      method: 'POST',
      url: `/api/reports/${report.id}/return/`,
      payload: { reason: 'Count the cash again.' },
    });
    expect(returned.json()).toMatchObject({ status: 'returned', return_reason: 'Count the cash again.' });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, ids.spUser), eq(notifications.type, 'decision')));
    const returnedNotice = told.find((n) => n.title === 'Daily report returned');
    // The report's own screen (every approver and the submitter may open it), pesos and the day in words.
    expect(returnedNotice).toMatchObject({
      link: `/reports/daily/${ids.home}/2021-03-04`,
      message: expect.stringMatching(/^.+, 4 Mar 2021: returned: Count the cash again\.$/),
    });
    const [asked] = await noticesAbout(report.id, ids.manager, 'daily_report');
    expect(asked).toMatchObject({
      link: `/reports/daily/${ids.home}/2021-03-04`,
      title: expect.stringMatching(/^Daily report: .+, 4 Mar 2021$/),
      message: expect.stringMatching(/: net ₱1,250\.00 from \d+ sales?, cash on hand ₱1,250\.00 \(balanced\)\.$/),
    });
    const fixed = await seller.request({
      method: 'PATCH',
      url: `/api/reports/${report.id}/`,
      payload: { cash_on_hand: '1260.00', remarks: 'Recounted' },
    });
    expect(fixed.json()).toMatchObject({ cash_on_hand: '1260.00', variance: '10.00', remarks: 'Recounted' });
    // Still open: sales may be added while it is returned.
    expect(
      (await store(admin, { location: ids.home, date: '2021-03-04', sales: [line({ amount: '10.00' })] })).statusCode,
    ).toBe(201);
  });

  it('refuses a report for a day that has not come (its cash cannot be counted yet)', async () => {
    const tomorrow = addDays(todayInManila(), 1);
    const res = await manager.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: ids.home, date: tomorrow, cash_on_hand: '0.00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      date: [`A day is reported once it has come; today is ${dayInWords(todayInManila())}.`],
    });
    const today = await manager.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location: ids.home, date: todayInManila() },
    });
    expect(today.statusCode, today.body).toBe(201);
  });

  it('a Manager does not approve the report they submitted (four eyes on the cash); an Admin does', async () => {
    const report = await submitEmptyReport(manager, ids.home, '2021-03-09');
    const own = await manager.request({ method: 'POST', url: `/api/reports/${report.id}/approve/` });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      message:
        'You submitted this report, so an administrator or another manager of the location approves it. You may return it to correct it.',
    });
    const [row] = await ctx.database.db.select().from(dailyReports).where(eq(dailyReports.id, report.id));
    expect(row).toMatchObject({ status: 'submitted', approvedBy: null });
    const approved = await admin.request({ method: 'POST', url: `/api/reports/${report.id}/approve/` });
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by: ids.admin });
  });

  it('approving from the notification locks the day too', async () => {
    const report = (
      await seller.request({
        method: 'POST',
        url: '/api/reports/',
        payload: { location: ids.home, date: '2021-03-05', cash_on_hand: '77.00' },
      })
    ).json<DailyReport>();
    await seller.request({ method: 'POST', url: `/api/reports/${report.id}/submit/` });
    const [request] = await noticesAbout(report.id, ids.admin, 'daily_report');
    const adminUser = (await findUsersByIds(ctx.database.db, [ids.admin]))[0]!;
    await decide(ctx.database.db, adminUser, request!.id, true);
    expect((await admin.request({ method: 'GET', url: `/api/reports/${report.id}/` })).json()).toMatchObject({
      status: 'approved',
      approved_by: ids.admin,
    });
    expect((await store(admin, { location: ids.home, date: '2021-03-05', sales: [line()] })).statusCode).toBe(409);
    // The decider's copy is dealt with (read); the submitter is told, with a link to the report.
    const [decided] = await ctx.database.db.select().from(notifications).where(eq(notifications.id, request!.id));
    expect(decided).toMatchObject({ isRead: true, isApproved: true });
    const [told] = await noticesAbout(report.id, ids.spUser, 'decision');
    expect(told).toMatchObject({
      title: 'Request approved',
      link: `/reports/daily/${ids.home}/2021-03-05`,
      message: expect.stringMatching(/^Daily report: .+, 5 Mar 2021: approved by /),
    });
  });
});

describe('delete-sales-data', () => {
  it('admins delete at once (audited); others ask, and approval deletes', async () => {
    const stored = (
      await store(admin, {
        location: ids.home,
        date: '2021-03-10',
        sales: [line(), line({ amount: '20.00' }), line({ amount: '30.00' })],
      })
    ).json();
    const direct = await admin.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [stored.ids[0]], reason: 'Duplicate' },
    });
    expect(direct.json()).toMatchObject({ result: 'deleted', deleted: 1 });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.tableName, 'sales'), eq(auditLog.action, 'delete'), eq(auditLog.rowId, String(stored.ids[0]))),
      );
    expect(audit[0]?.before).toMatchObject({ id: stored.ids[0], amount: '1000.00', reason: 'Duplicate' });

    const asked = await seller.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [stored.ids[1]], reason: 'Wrong amount' },
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ result: 'requested', deleted: 0 });
    expect(await countOn('2021-03-10')).toBe(2);
    const requests = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'delete_sales'));
    expect(requests.map((r) => r.recipientId).sort()).toEqual([ids.admin, ids.manager].sort());
    // The request opens the sale lines it names, on the screen its Managers open too (decision 0504).
    expect(requests[0]!.link).toBe(`/reports?tab=lines&date=2021-03-10&location=${ids.home}`);
    expect(requests[0]!.message).toMatch(/ asks to delete 1 sale \(10 Mar 2021\): Wrong amount$/);
    // Nobody asks without saying why: the approvers decide on the reason.
    const unexplained = await seller.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [stored.ids[2]], reason: '  ' },
    });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().errors).toEqual({ reason: ['Say why these sales are deleted.'] });
    const managerUser = (await findUsersByIds(ctx.database.db, [ids.manager]))[0]!;
    await decide(ctx.database.db, managerUser, requests.find((r) => r.recipientId === ids.manager)!.id, true);
    expect(await countOn('2021-03-10')).toBe(1);

    await seller.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [stored.ids[2]], reason: 'Wrong client' },
    });
    const second = (
      await ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'delete_sales'), eq(notifications.recipientId, ids.admin)))
    ).find((n) => n.isApproved === null)!;
    await decide(ctx.database.db, (await findUsersByIds(ctx.database.db, [ids.admin]))[0]!, second.id, false);
    expect(await countOn('2021-03-10')).toBe(1);
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, ids.spUser), eq(notifications.title, 'Request declined')));
    expect(told).toHaveLength(1);

    expect(
      (
        await seller.request({
          method: 'POST',
          url: '/api/reports/delete-sales-data/',
          payload: { ids: [999999], reason: 'Gone' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('leaderboard kept per version (decision 0502)', () => {
  const url = '/api/reports/leaderboards/?month=3&year=2019&cutoff=0';
  const board = async () => {
    const res = await seller.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json<Leaderboard>();
  };
  const mine = async () => (await board()).results.find((r) => r.salesperson === ids.sp)!;
  const version = async (db: DbOrTx = ctx.database.db) =>
    (await db.select({ version: leaderboardVersion.version }).from(leaderboardVersion))[0]!.version;
  let original: { firstName: string; monthlyTarget: string | null };
  beforeAll(async () => {
    [original] = (await ctx.database.db
      .select({ firstName: employees.firstName, monthlyTarget: employees.monthlyTarget })
      .from(employees)
      .where(eq(employees.id, ids.sp))) as [typeof original];
  });
  afterAll(async () => {
    await ctx.database.db.update(employees).set(original).where(eq(employees.id, ids.sp));
  });

  it('is computed again after every change to what it reads, through the API or not', async () => {
    expect(await mine()).toMatchObject({ total: '0.00', count: 0 });
    // A sale through the API.
    const stored = await store(admin, { location: ids.home, date: '2019-03-05', sales: [line({ amount: '1200.00' })] });
    expect(stored.statusCode).toBe(201);
    expect(await mine()).toMatchObject({ rank: 1, total: '1200.00', count: 1 });
    // A line written straight to the table (a restore, a script): the triggers still move the version.
    await ctx.database.db.insert(sales).values({
      date: '2019-03-06',
      locationId: ids.home,
      salespersonId: ids.sp,
      kind: 'other',
      amount: '300.00',
      discount: '0.00',
      netAmount: '300.00',
      paymentMethod: 'cash',
    });
    expect(await mine()).toMatchObject({ total: '1500.00', count: 2 });
    // The salesperson's name and target, and their location's name.
    await ctx.database.db
      .update(employees)
      .set({ firstName: 'Renamed', monthlyTarget: '3000.00' })
      .where(eq(employees.id, ids.sp));
    expect(await mine()).toMatchObject({
      salesperson_name: expect.stringMatching(/^Renamed /),
      target: '3000.00',
      share_of_target: '50.00',
    });
    const [home] = await ctx.database.db
      .select({ name: locations.name })
      .from(locations)
      .where(eq(locations.id, ids.home));
    await ctx.database.db
      .update(locations)
      .set({ name: `${home!.name} (renamed)` })
      .where(eq(locations.id, ids.home));
    expect((await mine()).location_name).toBe(`${home!.name} (renamed)`);
    await ctx.database.db.update(locations).set({ name: home!.name }).where(eq(locations.id, ids.home));
    // Deleting the lines.
    const deleted = await admin.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: stored.json().ids, reason: 'Test' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await mine()).toMatchObject({ total: '300.00', count: 1 });
  });

  it('is served as kept while the version stands: a change made with its trigger disabled is not seen until the version moves', async () => {
    const before = await mine();
    const db = ctx.database.db;
    await db.execute(sql`alter table sales_daily_totals disable trigger leaderboard_version_totals`);
    try {
      await db.execute(
        sql`update sales_daily_totals set total = total + 1000 where salesperson_id = ${ids.sp} and date = '2019-03-06'`,
      );
      expect(await mine()).toEqual(before);
    } finally {
      await db.execute(sql`alter table sales_daily_totals enable always trigger leaderboard_version_totals`);
    }
    await db.execute(sql`update leaderboard_version set version = version + 1`);
    expect((await mine()).total).toBe((Number(before.total) + 1000).toFixed(2));
    await db.execute(
      sql`update sales_daily_totals set total = total - 1000 where salesperson_id = ${ids.sp} and date = '2019-03-06'`,
    );
    expect((await mine()).total).toBe(before.total);
  });

  it('moves the version once per transaction, when it commits, however many rows changed', async () => {
    const db = ctx.database.db;
    const start = await version();
    await db.transaction(async (tx) => {
      for (const date of ['2019-03-07', '2019-03-08']) {
        await tx.insert(sales).values(
          [1, 2, 3].map(() => ({
            date,
            locationId: ids.home,
            salespersonId: ids.sp,
            kind: 'other' as const,
            amount: '10.00',
            discount: '0.00',
            netAmount: '10.00',
            paymentMethod: 'cash' as const,
          })),
        );
      }
      await tx.update(employees).set({ monthlyTarget: '4000.00' }).where(eq(employees.id, ids.sp));
      // Deferred to the commit: inside the transaction the version has not moved yet.
      expect(await version(tx)).toBe(start);
    });
    expect(await version()).toBe(start + 1);
    expect(await mine()).toMatchObject({ total: '360.00', count: 7, target: '4000.00' });
    // A transaction that rolls back leaves it (and the board) where it was.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(sales).values({
          date: '2019-03-09',
          locationId: ids.home,
          salespersonId: ids.sp,
          kind: 'other',
          amount: '10.00',
          discount: '0.00',
          netAmount: '10.00',
          paymentMethod: 'cash',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(start + 1);
    expect(await mine()).toMatchObject({ total: '360.00', count: 7 });
  });

  it('moves the version at once when a table it reads is truncated (no row events; seen inside the transaction, rolled back here)', async () => {
    const start = await version();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`truncate sales_daily_totals`);
        expect(await version(tx)).toBe(start + 1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(start);
    expect(await mine()).toMatchObject({ total: '360.00', count: 7 });
  });
});

describe('live leaderboard', () => {
  it('a sale in the current cutoff notifies salespeople whose rank changed, once, and tells open sockets', async () => {
    const socket = await connectSocket(ctx.app, { agent: seller });
    await socket.next(action('user_notifications'));
    const today = todayInManila();
    // The colleague leads first, so the seller's big sale moves both of them.
    expect(
      (
        await store(seller, {
          location: ids.home,
          date: today,
          sales: [line({ salesperson: ids.colleague, amount: '9999999.00' })],
        })
      ).statusCode,
    ).toBe(201);
    await socket.next(action('leaderboard_changed'));
    const before = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'leaderboard_rank'));
    const res = await store(seller, {
      location: ids.home,
      date: today,
      sales: [line({ amount: '9999999.00' }), line({ amount: '9999999.00' })],
    });
    expect(res.statusCode).toBe(201);
    const changed = await socket.next<{ action: string; dates: string[] }>(action('leaderboard_changed'));
    expect(changed.dates).toEqual([today]);
    const after = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'leaderboard_rank'));
    const mine = after.filter((n) => n.recipientId === ids.spUser && !before.some((b) => b.id === n.id));
    // Two lines, at most one notice (none when the seller is back where the minute's first move
    // started); what the seller reads says they are first, in pesos and days in words.
    expect(mine.length).toBeLessThanOrEqual(1);
    const recent = await recentRankNotices(ids.spUser);
    expect(recent.length).toBeLessThanOrEqual(1);
    for (const message of recent)
      expect(message).toMatch(
        /^You are now #1 for \d{1,2} [A-Z][a-z]{2} \d{4} to \d{1,2} [A-Z][a-z]{2} \d{4} \(was #\d+\), with ₱[\d,]+\.\d{2} in net sales\.$/,
      );
    const colleagueUser = (
      await ctx.database.db.select({ userId: employees.userId }).from(employees).where(eq(employees.id, ids.colleague))
    )[0]!.userId;
    // The colleague moved twice within the minute (to #1, then to #2): at most one notice, saying #2.
    if (colleagueUser)
      expect(await recentRankNotices(colleagueUser)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^You are now #2 /)]),
      );
    socket.ws.close();
  });

  it('a salesperson hears of their rank at most once a minute, the notice saying the latest rank', async () => {
    const today = todayInManila();
    // The colleague overtakes (the seller drops to #2), then the seller overtakes again (#1).
    const steps = [
      { salesperson: ids.colleague, lines: 4, rank: 2 },
      { salesperson: ids.sp, lines: 4, rank: 1 },
    ];
    for (const step of steps) {
      const res = await store(seller, {
        location: ids.home,
        date: today,
        sales: Array.from({ length: step.lines }, () => line({ salesperson: step.salesperson, amount: '9999999.00' })),
      });
      expect(res.statusCode, res.body).toBe(201);
      const notices = await recentRankNotices(ids.spUser);
      // Every move within the minute folds into one notice; a burst that ends where it began leaves none.
      expect(notices.length).toBeLessThanOrEqual(1);
      if (notices.length) expect(notices[0]).toMatch(new RegExp(`^You are now #${step.rank} `));
    }
  });
});

/** A user's rank notices of the last minute, oldest first. */
const recentRankNotices = async (userId: number) =>
  (
    await ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, userId),
          eq(notifications.type, 'leaderboard_rank'),
          sql`${notifications.createdAt} > now() - interval '1 minute'`,
        ),
      )
      .orderBy(asc(notifications.id))
  ).map((n) => n.message);

describe('sales_daily_totals', () => {
  it('after imports, deletions and client sales, equals the sale lines summed per day, location and salesperson', async () => {
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const fromLines = await rows(
      sql`select date::text, location_id, salesperson_id, sum(net_amount)::text as total, count(*)::int as count from sales group by 1, 2, 3 order by 1, 2, 3`,
    );
    const kept = await rows(
      sql`select date::text, location_id, salesperson_id, total::text as total, count from sales_daily_totals order by 1, 2, 3`,
    );
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(fromLines);
    // An update moves a line's amount and day; the totals follow.
    await ctx.database.db.execute(
      sql`update sales set date = date + 1, amount = amount + 1, net_amount = net_amount + 1 where date = '2021-03-10'`,
    );
    expect(
      await rows(
        sql`select date::text, location_id, salesperson_id, total::text as total, count from sales_daily_totals order by 1, 2, 3`,
      ),
    ).toEqual(
      await rows(
        sql`select date::text, location_id, salesperson_id, sum(net_amount)::text as total, count(*)::int as count from sales group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
  });
});
