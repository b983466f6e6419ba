import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ArrivalsData, Liability } from '@ginhawa/contract';
import {
  clientArrivals,
  clientMemberships,
  clients,
  clientTreatments,
  employees,
  locations,
  memberships,
  treatments,
} from '../../db/schema/index';
import { signInEveryRole, type StaffRole } from '../../test/agents';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { ROLES, adminOnly, signedIn, type Role } from '../../test/role-matrix';
import { csvLines } from '../../test/csv-lines';

/**
 * The admin dashboard's server figures (issue 13, decision 0601): membership and voucher
 * liability, and arrivals by Manila weekday × hour. Each test builds its rows at a location of its
 * own, so the figures are checked against sums worked out by hand, to the centavo.
 */

let ctx: TestContext;
let agents: Record<StaffRole, Agent>;
const ids = { branch: 0, quiet: 0, client: 0, treatment: 0, membership: 0, employee: 0 };
const FUTURE = '2099-12-31';
const PAST = '2000-01-02';

const get = (role: Role, url: string) =>
  role === 'anonymous' ? ctx.app.inject({ method: 'GET', url }) : agents[role].request({ method: 'GET', url });
const cents = (amount: string) => Math.round(Number(amount) * 100);

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  agents = await signInEveryRole(ctx.app);
  const [branch] = await db
    .insert(locations)
    .values({ name: 'Liability Branch', openingTime: '09:00', closingTime: '21:00' })
    .returning({ id: locations.id });
  const [quiet] = await db
    .insert(locations)
    .values({ name: 'Closed Branch', openingTime: '09:00', closingTime: '21:00', isActive: false })
    .returning({ id: locations.id });
  ids.branch = branch!.id;
  ids.quiet = quiet!.id;
  const [client] = await db
    .insert(clients)
    .values({ firstName: 'Ligaya', lastName: 'Utang', locationId: ids.branch })
    .returning({ id: clients.id });
  ids.client = client!.id;
  ids.treatment = (await db.select({ id: treatments.id }).from(treatments).limit(1))[0]!.id;
  ids.membership = (await db.select({ id: memberships.id }).from(memberships).limit(1))[0]!.id;
  ids.employee = (
    await db.select({ id: employees.id }).from(employees).where(eq(employees.kind, 'therapist')).limit(1)
  )[0]!.id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/reports/liability/', () => {
  const voucher = (over: Partial<typeof clientTreatments.$inferInsert>) => ({
    clientId: ids.client,
    treatmentId: ids.treatment,
    salespersonId: ids.employee,
    locationId: ids.branch,
    sessionsTotal: 1,
    pricePaid: '0.00',
    expiresOn: FUTURE,
    ...over,
  });
  const membership = async (
    pricePaid: string,
    over: Partial<typeof clientMemberships.$inferInsert>,
    included: [total: number, used: number, status?: string][],
  ) => {
    const db = ctx.database.db;
    const [m] = await db
      .insert(clientMemberships)
      .values({
        clientId: ids.client,
        membershipId: ids.membership,
        startDate: '2000-01-01',
        endDate: FUTURE,
        pricePaid,
        salespersonId: ids.employee,
        locationId: ids.branch,
        ...over,
      })
      .returning({ id: clientMemberships.id });
    for (const [total, used, status = 'active'] of included)
      await db.insert(clientTreatments).values(
        voucher({
          sessionsTotal: total,
          sessionsUsed: used,
          status,
          clientMembershipId: m!.id,
          expiresOn: over.endDate ?? FUTURE,
        }),
      );
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    await db.insert(clientTreatments).values([
      voucher({ pricePaid: '1000.00', sessionsTotal: 3, sessionsUsed: 1 }), // 2 left: 666.666… → 666.67
      voucher({ pricePaid: '2500.50', sessionsTotal: 5, expiresOn: null }), // never expires: 2500.50
      voucher({ pricePaid: '999.99', sessionsTotal: 3, sessionsUsed: 2 }), // 1 left: 333.33
      voucher({ pricePaid: '500.00', sessionsTotal: 2, status: 'cancelled' }), // cancelled: out
      voucher({ pricePaid: '700.00', sessionsTotal: 2, expiresOn: PAST }), // expired: out
      voucher({ pricePaid: '800.00', sessionsTotal: 4, sessionsUsed: 4 }), // used up: out
    ]);
    await membership('4999.99', {}, [
      [10, 3],
      [5, 5],
    ]); // 7 of 15 left: 2333.328… → 2333.33
    await membership('3000.00', {}, [
      [4, 1],
      [2, 0, 'cancelled'],
    ]); // 3 of 6 usable: 1500.00
    await membership('8000.00', { status: 'cancelled' }, [[5, 0]]); // cancelled: out
    await membership('6000.00', { endDate: PAST }, [[5, 0]]); // ended: out
    await membership('2000.00', {}, [[3, 3]]); // nothing left: out
  });

  it('sums vouchers (price per session left) and memberships (share of sessions left) per location, to the centavo', async () => {
    const res = await get('Admin', `/api/reports/liability/?location=${ids.branch}`);
    expect(res.statusCode).toBe(200);
    const owed = res.json<Liability>();
    expect(owed.locations).toEqual([
      {
        location: ids.branch,
        location_name: 'Liability Branch',
        vouchers: { count: 3, sessions_remaining: 8, amount: '3500.50' },
        memberships: { count: 2, sessions_remaining: 10, amount: '3833.33' },
        deposits: { count: 0, amount: '0.00' },
        total: '7333.83',
      },
    ]);
    expect([owed.vouchers, owed.memberships, owed.total]).toEqual([
      owed.locations[0]!.vouchers,
      owed.locations[0]!.memberships,
      '7333.83',
    ]);
    expect(owed.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists every active location, and the totals are the sum of the lines', async () => {
    const owed = (await get('Admin', '/api/reports/liability/')).json<Liability>();
    const names = owed.locations.map((l) => l.location_name);
    expect(names).toContain('Liability Branch');
    expect(names).not.toContain('Closed Branch');
    const sum = (pick: (l: Liability['locations'][number]) => string) =>
      owed.locations.reduce((acc, l) => acc + cents(pick(l)), 0);
    expect(sum((l) => l.vouchers.amount)).toBe(cents(owed.vouchers.amount));
    expect(sum((l) => l.memberships.amount)).toBe(cents(owed.memberships.amount));
    expect(sum((l) => l.deposits.amount)).toBe(cents(owed.deposits.amount));
    expect(sum((l) => l.total)).toBe(cents(owed.total));
    expect(owed.vouchers.count).toBe(owed.locations.reduce((acc, l) => acc + l.vouchers.count, 0));
    // Held and credited deposits are owed too (decision 0520): the demo's bookings hold some.
    for (const l of owed.locations)
      expect(cents(l.total)).toBe(cents(l.vouchers.amount) + cents(l.memberships.amount) + cents(l.deposits.amount));
  });

  it('an inactive location is listed while it still owes', async () => {
    await ctx.database.db
      .insert(clientTreatments)
      .values(voucher({ locationId: ids.quiet, pricePaid: '150.00', sessionsTotal: 2, sessionsUsed: 1 }));
    const owed = (await get('Admin', `/api/reports/liability/?location=${ids.quiet}`)).json<Liability>();
    expect(owed.locations.map((l) => [l.location_name, l.vouchers.amount, l.total])).toEqual([
      ['Closed Branch', '75.00', '75.00'],
    ]);
  });

  it('answers CSV with a line per location and no totals line', async () => {
    const res = await get('Admin', `/api/reports/liability/?location=${ids.branch}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="liability-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csvLines(res.body)).toEqual([
      'location,vouchers,voucher_sessions_remaining,voucher_amount,memberships,membership_sessions_remaining,membership_amount,deposits,deposit_amount,total,as_of',
      expect.stringMatching(/^Liability Branch,3,8,3500\.50,2,10,3833\.33,0,0\.00,7333\.83,\d{4}-\d{2}-\d{2}$/),
    ]);
  });

  it('a spreadsheet summing the CSV’s total column gets the business’s total once (decision 0505)', async () => {
    const owed = (await get('Admin', '/api/reports/liability/')).json<Liability>();
    const [, ...rows] = csvLines((await get('Admin', '/api/reports/liability/?format=csv')).body).map((l) =>
      l.split(','),
    );
    expect(rows.map((r) => r[0])).toEqual(owed.locations.map((l) => l.location_name));
    expect(rows.reduce((n, r) => n + cents(r[9]!), 0)).toBe(cents(owed.total));
    expect(rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(owed.vouchers.count);
  });

  it('refuses bad parameters with field errors (400)', async () => {
    for (const query of ['location=abc', 'format=xml', 'location=-1']) {
      const res = await get('Admin', `/api/reports/liability/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors), query).toEqual([
        query.split('=')[0],
      ]);
    }
  });
});

describe('GET /api/clients/arrivals/data/ by weekday and hour', () => {
  const march = (query = '') =>
    `/api/clients/arrivals/data/?location=${ids.branch}&date_from=2021-03-01&date_to=2021-03-31${query}`;

  beforeAll(async () => {
    const arrival = (date: string, time: string, status = 'arrived') => ({
      clientId: ids.client,
      locationId: ids.branch,
      date,
      time,
      therapistId: ids.employee,
      status,
    });
    await ctx.database.db.insert(clientArrivals).values([
      arrival('2021-03-07', '23:45'), // Sunday, the last slot before midnight
      arrival('2021-03-07', '23:45', 'cancelled'), // cancelled: not counted
      arrival('2021-03-08', '00:00'), // Monday, the first slot after midnight
      arrival('2021-03-08', '09:15'),
      arrival('2021-03-15', '09:45'), // another Monday, same hour
      arrival('2021-03-10', '14:30'), // Wednesday
      arrival('2021-04-05', '09:00'), // outside the month
    ]);
  });

  it('counts arrivals per Manila weekday (1 = Monday) and hour, midnight on the right side, cancelled left out', async () => {
    const res = await get('Admin', march());
    expect(res.statusCode).toBe(200);
    const data = res.json<ArrivalsData>();
    expect(data.by_weekday_hour).toEqual([
      { weekday: 1, hour: 0, count: 1 },
      { weekday: 1, hour: 9, count: 2 },
      { weekday: 3, hour: 14, count: 1 },
      { weekday: 7, hour: 23, count: 1 },
    ]);
    expect(data.by_weekday_hour.reduce((n, c) => n + c.count, 0)).toBe(data.by_day.reduce((n, d) => n + d.count, 0));
  });

  it('keeps the scope rules: staff of other locations see none of these arrivals', async () => {
    const data = (await get('Receptionist', march())).json<ArrivalsData>();
    expect(data.by_weekday_hour).toEqual([]);
  });

  it('answers one series as CSV', async () => {
    const res = await get('Admin', march('&format=csv'));
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="arrivals-weekday-hour-2021-03-01-2021-03-31.csv"',
    );
    expect(csvLines(res.body)).toEqual([
      'weekday,weekday_name,hour,count,date_from,date_to',
      '1,Monday,0,1,2021-03-01,2021-03-31',
      '1,Monday,9,2,2021-03-01,2021-03-31',
      '3,Wednesday,14,1,2021-03-01,2021-03-31',
      '7,Sunday,23,1,2021-03-01,2021-03-31',
    ]);
    const therapists = csvLines((await get('Admin', march('&format=csv&series=therapist'))).body);
    expect(therapists[0]).toBe('therapist,therapist_name,count,date_from,date_to');
    expect(therapists[1]).toMatch(new RegExp(`^${ids.employee},[^,]+,5,2021-03-01,2021-03-31$`));
  });

  it('refuses an unknown series or format (400)', async () => {
    expect((await get('Admin', march('&series=minute'))).statusCode).toBe(400);
    expect((await get('Admin', march('&format=pdf'))).statusCode).toBe(400);
  });
});

describe('role matrix', () => {
  it('liability is for Admins only; arrivals data for every signed-in staff member', async () => {
    const rows: [string, Record<Role, number>][] = [
      ['/api/reports/liability/', adminOnly(200)],
      ['/api/reports/liability/?format=csv', adminOnly(200)],
      ['/api/clients/arrivals/data/?date_from=2021-03-01&date_to=2021-03-31', signedIn(200)],
    ];
    for (const [url, expected] of rows)
      for (const role of ROLES) expect((await get(role, url)).statusCode, `${role} ${url}`).toBe(expected[role]);
  });
});
