import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employees, locations, userLocations, users } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';

/**
 * Every report asked for a period (or a branch) without a single sale or arrival answers zeros,
 * never a 500 or a missing total: JSON with "0.00" and 0, CSV with its BOM and header and only
 * well-formed lines (docs/decisions/0710-trust-api.md, "Empty periods"). February 2001 is long
 * before the demo data (the last 90 days) and any other test's rows; Quiet Branch never sells.
 */

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
const ids = { quiet: 0, seller: 0 };
const YEAR = 2001;
const MONTH = 2;
const DAY = '2001-02-10';

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  const [quiet] = await db
    .insert(locations)
    .values({ name: 'Quiet Branch', openingTime: '09:00', closingTime: '21:00' })
    .returning({ id: locations.id });
  ids.quiet = quiet!.id;
  const [seller] = await db
    .insert(employees)
    .values({
      kind: 'salesperson',
      firstName: 'Tahimik',
      lastName: 'Benta',
      employeeCode: 'QB-001',
      locationId: ids.quiet,
      hireDate: '2000-01-01',
      monthlyTarget: '10000.00',
    })
    .returning({ id: employees.id });
  ids.seller = seller!.id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const json = async (agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json();
};

/** The CSV's rows after its header, checked well-formed: BOM, the header, every line as wide as it. */
const csv = async (agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.body.startsWith('\ufeff'), url).toBe(true);
  expect(res.body.endsWith('\r\n'), url).toBe(true);
  const [header, ...rows] = parseCsv(res.body);
  expect(header!.length).toBeGreaterThan(1);
  for (const row of rows) expect(row, url).toHaveLength(header!.length);
  return { header: header!, rows };
};

describe('empty periods answer zeros', () => {
  it('get-location-sales: a month without sales, and a branch without sales', async () => {
    const empty = { month: MONTH, year: YEAR, locations: [], total: '0.00', count: 0 };
    expect(await json(admin, `/api/reports/get-location-sales/?month=${MONTH}&year=${YEAR}`)).toEqual(empty);
    expect(await json(manager, `/api/reports/get-location-sales/?month=${MONTH}&year=${YEAR}`)).toEqual(empty);
    const now = new Date();
    const thisMonth = `month=${now.getUTCMonth() + 1}&year=${now.getUTCFullYear()}`;
    expect(await json(admin, `/api/reports/get-location-sales/?${thisMonth}&location=${ids.quiet}`)).toMatchObject({
      locations: [],
      total: '0.00',
      count: 0,
    });
    const file = await csv(admin, `/api/reports/get-location-sales/?month=${MONTH}&year=${YEAR}&format=csv`);
    expect(file.header).toEqual(['location', 'date', 'total', 'count']);
    // No closing total row (decision 0505): an empty month is the header alone.
    expect(file.rows).toEqual([]);
  });

  it('get-daily-sales-report: every location at zero', async () => {
    const report = await json(admin, `/api/reports/get-daily-sales-report/?date=${DAY}`);
    expect(report.date).toBe(DAY);
    expect(report.locations.length).toBeGreaterThan(1);
    const money = ['gross_total', 'discount_total', 'net_total', 'service_charge_total', 'cash_expected'];
    for (const l of report.locations) {
      expect(Object.fromEntries(money.map((field) => [field, l[field]]))).toEqual(
        Object.fromEntries(money.map((field) => [field, '0.00'])),
      );
      expect(l).toMatchObject({ count: 0, status: null, cash_on_hand: null, variance: null });
      expect([l.by_payment_method, l.by_bank, l.by_salesperson]).toEqual([[], [], []]);
    }
    expect(report.locations.some((l: { location: number }) => l.location === ids.quiet)).toBe(true);
    const file = await csv(admin, `/api/reports/get-daily-sales-report/?date=${DAY}&format=csv`);
    // One `location` row per location, no breakdown rows on an empty day.
    expect(file.rows).toHaveLength(report.locations.length);
    for (const row of file.rows)
      expect(row.slice(2, 13)).toEqual([
        'Not started',
        '0',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '',
        '',
        'location',
        row[1],
      ]);
  });

  it('get-personal-sales: every day, both cutoffs and the month at zero, with the target', async () => {
    const url = `/api/reports/get-personal-sales/?salesperson_id=${ids.seller}&month=${MONTH}&year=${YEAR}`;
    const sales = await json(admin, url);
    expect(sales.days).toHaveLength(28);
    expect(sales.days.every((d: { total: string; count: number }) => d.total === '0.00' && d.count === 0)).toBe(true);
    expect(sales.cutoffs).toEqual([
      expect.objectContaining({ cutoff: 1, total: '0.00', count: 0, target: '5000.00', share_of_target: '0.00' }),
      expect.objectContaining({ cutoff: 2, total: '0.00', count: 0, target: '5000.00', share_of_target: '0.00' }),
    ]);
    expect(sales).toMatchObject({ total: '0.00', count: 0, target: '10000.00', share_of_target: '0.00' });
    const file = await csv(admin, `${url}&format=csv`);
    expect(file.rows).toHaveLength(28);
    expect(file.rows[0]).toEqual(['2001-02-01', 'Tahimik Benta', '0.00', '0']);
  });

  it('leaderboards: the branch’s salesperson ranked at zero, in JSON and CSV', async () => {
    const url = `/api/reports/leaderboards/?month=${MONTH}&year=${YEAR}&cutoff=1&location=${ids.quiet}`;
    const board = await json(admin, url);
    expect(board).toMatchObject({ date_from: '2001-02-01', date_to: '2001-02-15' });
    expect(board.results).toEqual([
      expect.objectContaining({
        rank: 1,
        salesperson: ids.seller,
        total: '0.00',
        count: 0,
        target: '5000.00',
        share_of_target: '0.00',
      }),
    ]);
    const all = await json(admin, `/api/reports/leaderboards/?month=${MONTH}&year=${YEAR}&cutoff=0`);
    expect(all.results.length).toBeGreaterThan(1);
    expect(all.results.every((r: { total: string; rank: number }) => r.total === '0.00' && r.rank === 1)).toBe(true);
    const file = await csv(admin, `${url}&format=csv`);
    expect(file.rows).toEqual([
      ['1', 'Tahimik Benta', 'Quiet Branch', '0.00', '0', '5000.00', '0.00', '2001-02-01', '2001-02-15'],
    ]);
  });

  it('liability (admin dashboard): a branch that owes nothing is zeros', async () => {
    const zero = { count: 0, sessions_remaining: 0, amount: '0.00' };
    const owed = await json(admin, `/api/reports/liability/?location=${ids.quiet}`);
    expect(owed.locations).toEqual([
      {
        location: ids.quiet,
        location_name: 'Quiet Branch',
        vouchers: zero,
        memberships: zero,
        deposits: { count: 0, amount: '0.00' },
        total: '0.00',
      },
    ]);
    expect(owed).toMatchObject({ vouchers: zero, memberships: zero, total: '0.00' });
    const file = await csv(admin, `/api/reports/liability/?location=${ids.quiet}&format=csv`);
    expect(file.rows.map((r) => r.slice(0, 10))).toEqual([
      ['Quiet Branch', '0', '0', '0.00', '0', '0', '0.00', '0', '0.00', '0.00'],
    ]);
  });

  it('daily reports list: none in the period, count 0, CSV only its header', async () => {
    const url = `/api/reports/?date_from=2001-02-01&date_to=2001-02-28`;
    expect(await json(admin, url)).toMatchObject({ count: 0, results: [] });
    expect(await json(manager, url)).toMatchObject({ count: 0, results: [] });
    expect((await csv(admin, `${url}&format=csv`)).rows).toEqual([]);
  });

  it('daily-sales (sale lines): none in the period, count 0, CSV only its header', async () => {
    const url = `/api/reports/daily-sales/?date_from=2001-02-01&date_to=2001-02-28`;
    expect(await json(admin, url)).toMatchObject({ count: 0, results: [] });
    expect(await json(manager, `${url}&location=${ids.quiet}`)).toMatchObject({ count: 0, results: [] });
    const file = await csv(admin, `${url}&format=csv`);
    expect(file.header[0]).toBe('id');
    expect(file.rows).toEqual([]);
  });

  it('arrivals count: 0 for a day without arrivals, and for a branch without any', async () => {
    expect(await json(admin, `/api/clients/arrivals/arrivals_count/?date=${DAY}`)).toEqual({
      count: 0,
      date_from: DAY,
      date_to: DAY,
    });
    expect(
      await json(admin, `/api/clients/arrivals/arrivals_count/?date_from=2001-02-01&location=${ids.quiet}`),
    ).toMatchObject({ count: 0, date_from: '2001-02-01' });
  });

  it('arrivals data (admin dashboard heat map): empty series, every CSV series only its header', async () => {
    const url = `/api/clients/arrivals/data/?date_from=2001-02-01&date_to=2001-02-28`;
    expect(await json(admin, url)).toEqual({
      date_from: '2001-02-01',
      date_to: '2001-02-28',
      by_day: [],
      by_hour: [],
      by_weekday_hour: [],
      by_location: [],
      by_therapist: [],
    });
    for (const series of ['weekday_hour', 'therapist', 'location', 'day', 'hour'])
      expect((await csv(admin, `${url}&format=csv&series=${series}`)).rows, series).toEqual([]);
  });

  it('a Manager’s branch without sales this month reads zeros too', async () => {
    const db = ctx.database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    const mine = await db
      .select({ id: userLocations.locationId })
      .from(userLocations)
      .where(eq(userLocations.userId, me!.id));
    expect(mine.length).toBeGreaterThan(0);
    const sales = await json(
      manager,
      `/api/reports/get-location-sales/?month=${MONTH}&year=${YEAR}&location=${mine[0]!.id}`,
    );
    expect(sales).toMatchObject({ locations: [], total: '0.00', count: 0 });
  });
});
