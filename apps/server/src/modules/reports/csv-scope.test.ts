import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employees, locations } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { ADMIN_PASSWORD, buildTestApp, login, signInManager, type Agent, type TestContext } from '../../test/build';

/**
 * Every report's CSV is scoped like its JSON: a Manager of one branch downloads exactly the
 * locations (and rows) the JSON shows them, never a neighbour's. Sales and a daily report are on
 * file today at both branches, so a leak would show.
 */

let ctx: TestContext;
let manager: Agent;
let f: Fixtures;
let admin: Agent;
let homeName = '';
const today = todayInManila();
const [year, month] = today.split('-').map(Number) as [number, number];

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  f = await loadFixtures(db);
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = (await signInManager(ctx, 'csvscope', [f.home])).agent;
  homeName = (await db.select({ name: locations.name }).from(locations).where(eq(locations.id, f.home)))[0]!.name;
  for (const [location, salesperson] of [
    [f.home, f.salesperson],
    [f.other, f.otherSalesperson],
  ] as const) {
    const stored = await admin.request({
      method: 'POST',
      url: '/api/reports/store-sales-data/',
      payload: { location, date: today, sales: [{ salesperson, amount: '250.00', payment_method: 'cash' }] },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const report = await admin.request({
      method: 'POST',
      url: '/api/reports/',
      payload: { location, date: today, cash_on_hand: '250.00' },
    });
    expect([201, 409], report.body).toContain(report.statusCode);
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

type Json = Record<string, unknown> & { results?: { location_name: string }[] };
const get = (url: string) => manager.request({ method: 'GET', url });
/** The values of one column of a CSV answer, after its header. */
const column = (body: string, name: string) => {
  const [header, ...rows] = parseCsv(body.replace(/^\ufeff/, ''));
  const at = header!.indexOf(name);
  expect(at, `${name} in ${header}`).toBeGreaterThanOrEqual(0);
  return rows.map((r) => r[at]!);
};

/** Each report: its JSON URL, where its locations are in the JSON, and the CSV column that names them. */
const reports: {
  name: string;
  url: () => string;
  json: (body: Json) => string[];
  csv: string;
  /** Only the Manager's own branch may appear (location-bound figures). */
  ownOnly: boolean;
  /** The CSV has a line per group within a location (payment method, bank, salesperson): compare the sets. */
  grouped?: boolean;
}[] = [
  {
    name: 'sale lines (daily-sales)',
    url: () => `/api/reports/daily-sales/?date=${today}&pageSize=500`,
    json: (b) => b.results!.map((r) => r.location_name),
    csv: 'location',
    ownOnly: true,
  },
  {
    name: 'daily sales report',
    url: () => `/api/reports/get-daily-sales-report/?date=${today}`,
    json: (b) => (b.locations as { location_name: string }[]).map((l) => l.location_name),
    csv: 'location',
    ownOnly: true,
    grouped: true,
  },
  {
    name: 'location sales',
    url: () => `/api/reports/get-location-sales/?month=${month}&year=${year}`,
    json: (b) =>
      (b.locations as { location_name: string; days: unknown[] }[]).flatMap((l) => [
        ...l.days.map(() => l.location_name),
      ]),
    csv: 'location',
    ownOnly: true,
  },
  {
    name: 'daily reports',
    url: () => `/api/reports/?date=${today}&pageSize=100`,
    json: (b) => b.results!.map((r) => r.location_name),
    csv: 'location',
    ownOnly: true,
  },
  {
    name: 'leaderboard (every signed-in reader sees every location)',
    url: () => `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=0`,
    json: (b) => b.results!.map((r) => r.location_name),
    csv: 'location',
    ownOnly: false,
  },
  {
    name: 'arrivals by location (Managers read every location’s arrivals)',
    url: () => `/api/clients/arrivals/data/?date_to=${today}&series=location`,
    json: (b) => (b.by_location as { location_name: string }[]).map((l) => l.location_name),
    csv: 'location_name',
    ownOnly: false,
  },
];

describe('a single-branch Manager’s CSV holds what their JSON holds', () => {
  for (const report of reports)
    it(report.name, async () => {
      const json = await get(report.url());
      expect(json.statusCode, json.body).toBe(200);
      const csv = await get(`${report.url()}&format=csv`);
      expect(csv.statusCode, csv.body).toBe(200);
      const inJson = report.json(json.json<Json>());
      const inCsv = column(csv.body, report.csv);
      expect(inJson.length).toBeGreaterThan(0);
      if (report.grouped) expect(new Set(inCsv)).toEqual(new Set(inJson));
      else expect([...inCsv].sort()).toEqual([...inJson].sort());
      if (report.ownOnly) expect(new Set(inCsv)).toEqual(new Set([homeName]));
    });

  it('location sales: the CSV’s rows add up to the JSON’s total, with no total row to count twice', async () => {
    const url = `/api/reports/get-location-sales/?month=${month}&year=${year}`;
    const json = (await get(url)).json<{ total: string; count: number }>();
    const [, ...rows] = parseCsv((await get(`${url}&format=csv`)).body.replace(/^\ufeff/, ''));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[1] !== '')).toBe(true);
    const cents = rows.reduce((n, r) => n + Math.round(Number(r[2]) * 100), 0);
    expect((cents / 100).toFixed(2)).toBe(json.total);
    expect(rows.reduce((n, r) => n + Number(r[3]), 0)).toBe(json.count);
  });

  it('personal sales: a salesperson of their branch in both; of another branch refused in both', async () => {
    const mine = `/api/reports/get-personal-sales/?salesperson_id=${f.salesperson}&month=${month}&year=${year}`;
    const json = (await get(mine)).json<{ days: { date: string; total: string }[] }>();
    const csv = await get(`${mine}&format=csv`);
    expect(column(csv.body, 'total')).toEqual(json.days.map((d) => d.total));
    const [other] = await ctx.database.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, f.otherSalesperson));
    const theirs = `/api/reports/get-personal-sales/?salesperson_id=${other!.id}&month=${month}&year=${year}`;
    expect((await get(theirs)).statusCode).toBe(403);
    expect((await get(`${theirs}&format=csv`)).statusCode).toBe(403);
  });

  it('liability: Admins only, JSON and CSV alike', async () => {
    expect((await get('/api/reports/liability/')).statusCode).toBe(403);
    expect((await get('/api/reports/liability/?format=csv')).statusCode).toBe(403);
  });
});

describe('one location’s daily sales report (the daily report screen’s CSV)', () => {
  const url = `/api/reports/get-daily-sales-report/?date=${today}`;

  it('narrows the figures and the CSV to the chosen location', async () => {
    const json = await admin.request({ method: 'GET', url: `${url}&location=${f.home}` });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<{ locations: { location: number; net_total: string }[] }>().locations).toEqual([
      expect.objectContaining({ location: f.home, net_total: '250.00' }),
    ]);
    const csv = await admin.request({ method: 'GET', url: `${url}&location=${f.home}&format=csv` });
    expect(new Set(column(csv.body, 'location'))).toEqual(new Set([homeName]));
    // Without a location the Admin's answer still holds both branches.
    const all = (await admin.request({ method: 'GET', url })).json<{ locations: { location: number }[] }>();
    expect(all.locations.map((l) => l.location)).toEqual(expect.arrayContaining([f.home, f.other]));
  });

  it('gives each location’s totals once, on its own row, with the breakdowns below in the screen’s words', async () => {
    const csv = await admin.request({ method: 'GET', url: `${url}&location=${f.home}&format=csv` });
    const [header, ...rows] = parseCsv(csv.body.replace(/^\ufeff/, ''));
    const at = (name: string) => header!.indexOf(name);
    const pick = (r: string[]) => [
      r[at('group')],
      r[at('name')],
      r[at('net_total')],
      r[at('total')],
      r[at('group_count')],
    ];
    expect(rows.map((r) => r[at('report_status')])).toEqual(rows.map(() => 'Draft'));
    expect(rows.map(pick)).toEqual([
      ['location', homeName, '250.00', '', ''],
      ['payment_method', 'Cash', '', '250.00', '1'],
      ['salesperson', expect.any(String), '', '250.00', '1'],
    ]);
    // Summing the column in a spreadsheet gives the branch's takings, not once per breakdown row.
    expect(rows.filter((r) => r[at('net_total')] !== '')).toHaveLength(1);
    expect(rows.filter((r) => r[at('cash_on_hand')] !== '').map((r) => r[at('cash_on_hand')])).toEqual(['250.00']);
  });

  it('refuses another branch’s day to its Manager, JSON and CSV alike, rather than answering with their own', async () => {
    for (const format of ['', '&format=csv']) {
      const res = await get(`${url}&location=${f.other}${format}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You may read only the daily reports of the locations you work at.' });
    }
  });
});
