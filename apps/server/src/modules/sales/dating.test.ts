import { addDays, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  auditLog,
  clientArrivals,
  clientMemberships,
  clientTreatments,
  clients,
  dailyReports,
  sales,
} from '../../db/schema/index';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { currentCutoffStart } from './dating.service';
import { dayInWords } from '../../lib/notice-text';

/**
 * Dates mean what happened (decision 0710), for every writer of a sale or an arrival: never after
 * today, an arrival never before what it uses was sold, staff only within the current cutoff (an
 * Admin earlier, audited as backdated), and never on a locked day. Each refusal is a 400 (409 for
 * the lock) naming the date field, and writes nothing.
 */

let ctx: TestContext;
let admin: Agent;
let seller: Agent;
let desk: Agent;
let f: Fixtures;
let client = 0;
const today = todayInManila();
const tomorrow = addDays(today, 1);
/** The last day of the previous cutoff: only an Admin may write on it. */
const lastCutoff = addDays(currentCutoffStart(today), -1);
const LONG_AGO = '1970-01-01';

const post = (agent: Agent, url: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url, payload });
const voucher = (date: string, over: Record<string, unknown> = {}) => ({
  client,
  treatment: f.treatment.id,
  sessions: 3,
  location: f.home,
  salesperson: f.salesperson,
  payment_method: 'cash',
  date,
  ...over,
});
const membership = (date: string) => ({
  client,
  membership: f.membership.id,
  location: f.home,
  salesperson: f.salesperson,
  payment_method: 'cash',
  date,
});
const arrival = (date: string, over: Record<string, unknown> = {}) => ({
  client,
  location: f.home,
  date,
  time: '10:00',
  therapist: f.therapist,
  treatment: f.treatment.id,
  ...over,
});
const storeBody = (date: string, location = f.home, salesperson = f.salesperson) => ({
  location,
  date,
  sales: [{ salesperson, amount: '500.00', payment_method: 'cash' }],
});

const counts = async () => {
  const db = ctx.database.db;
  const n = async (table: typeof sales | typeof clientArrivals | typeof clientTreatments | typeof clientMemberships) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    sales: await n(sales),
    arrivals: await n(clientArrivals),
    vouchers: await n(clientTreatments),
    memberships: await n(clientMemberships),
  };
};

/** Refused with `status`, the sentence as message and under `date`, and nothing written. */
const refused = async (
  request: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  text: RegExp,
) => {
  const before = await counts();
  const res = await request();
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(body.message).toMatch(text);
  expect(body.errors).toEqual({ date: [body.message] });
  expect(await counts()).toEqual(before);
  return body.message;
};

const lastAudit = async (tableName: string, action: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, tableName), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0]!;

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  f = await loadFixtures(db);
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  seller = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
  desk = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  const [row] = await db
    .insert(clients)
    .values({ firstName: 'Petsa', lastName: 'Totoo', locationId: f.home })
    .returning({ id: clients.id });
  client = row!.id;
  // The other branch's day is locked today: its daily report is approved.
  await db.insert(dailyReports).values({ locationId: f.other, date: today, status: 'approved', cashOnHand: '0.00' });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('desk voucher and membership sales', () => {
  it('staff: not after today, not before the cutoff (1970 neither); today is fine', async () => {
    const url = '/api/clients/treatments/';
    await refused(() => post(seller, url, voucher(tomorrow)), 400, /^A sale cannot be dated after today \(/);
    const cutoff = `Only an administrator can date a sale before the current cutoff, which began on ${dayInWords(currentCutoffStart(today))}.`;
    expect(await refused(() => post(seller, url, voucher(lastCutoff)), 400, /^Only an administrator/)).toBe(cutoff);
    await refused(() => post(seller, url, voucher(LONG_AGO)), 400, /^Only an administrator/);
    await refused(
      () => post(seller, '/api/clients/memberships/', membership(lastCutoff)),
      400,
      /^Only an administrator/,
    );
    const sold = await post(seller, url, voucher(today));
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await lastAudit('client_treatments', 'sell')).after).not.toHaveProperty('backdated');
  });

  it('an Admin corrects an earlier day: the sale, the voucher’s sold-on day and a backdated audit row', async () => {
    const res = await post(admin, '/api/clients/treatments/', voucher(lastCutoff));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sale.date).toBe(lastCutoff);
    expect(res.json()).not.toHaveProperty('backdated');
    const [row] = await ctx.database.db.select().from(clientTreatments).where(eq(clientTreatments.id, res.json().id));
    expect(row!.soldOn).toBe(lastCutoff);
    expect((await lastAudit('client_treatments', 'sell')).after).toMatchObject({ id: res.json().id, backdated: true });
    const member = await post(admin, '/api/clients/memberships/', membership(lastCutoff));
    expect(member.statusCode, member.body).toBe(201);
    const included = await ctx.database.db
      .select({ soldOn: clientTreatments.soldOn })
      .from(clientTreatments)
      .where(eq(clientTreatments.clientMembershipId, member.json().id));
    expect(included.length).toBeGreaterThan(0);
    expect(included.every((v) => v.soldOn === lastCutoff)).toBe(true);
    expect((await lastAudit('client_memberships', 'sell')).after).toMatchObject({ backdated: true });
  });

  it('not even an Admin sells after today, or on a locked day (409)', async () => {
    await refused(() => post(admin, '/api/clients/treatments/', voucher(tomorrow)), 400, /after today/);
    await refused(
      () =>
        post(admin, '/api/clients/treatments/', voucher(today, { location: f.other, salesperson: f.otherSalesperson })),
      409,
      /^The daily report for .+ on .+ is approved; its sales can no longer be added/,
    );
  });
});

describe('arrivals', () => {
  it('staff: plain arrivals not after today, not before the cutoff', async () => {
    await refused(
      () => post(desk, '/api/clients/arrivals/', arrival(tomorrow)),
      400,
      /^An arrival cannot be dated after today/,
    );
    await refused(
      () => post(desk, '/api/clients/arrivals/', arrival(LONG_AGO)),
      400,
      /^Only an administrator can date an arrival before the current cutoff/,
    );
    const ok = await post(desk, '/api/clients/arrivals/', arrival(today));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('never before the voucher or membership it uses was sold, not even by an Admin', async () => {
    const sold = (await post(admin, '/api/clients/treatments/', voucher(today))).json();
    await refused(
      () => post(admin, '/api/clients/arrivals/', arrival(lastCutoff, { voucher: sold.id, treatment: null })),
      400,
      new RegExp(`^This arrival cannot be dated before voucher ${sold.code} was sold \\(${dayInWords(today)}\\)\\.$`),
    );
    const member = (await post(admin, '/api/clients/memberships/', membership(today))).json();
    await refused(
      () =>
        post(
          admin,
          '/api/clients/arrivals/',
          arrival(LONG_AGO, { client_membership: member.id, treatment: f.membership.treatment }),
        ),
      400,
      /^This arrival cannot be dated before the .+ membership was sold/,
    );
  });

  it('an Admin enters history: a backdated voucher used on a later backdated day, audited as backdated', async () => {
    const early = addDays(lastCutoff, -1);
    const sold = (await post(admin, '/api/clients/treatments/', voucher(early))).json();
    const res = await post(admin, '/api/clients/arrivals/', arrival(lastCutoff, { voucher: sold.id, treatment: null }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ date: lastCutoff, voucher: sold.id });
    expect((await lastAudit('client_arrivals', 'create')).after).toMatchObject({ id: res.json().id, backdated: true });
  });

  it('a walk-in paid at the desk follows the same rule, arrival and sale both refused', async () => {
    const walkIn = (date: string, location = f.home) => ({
      ...arrival(date, { location }),
      therapist: location === f.home ? f.therapist : f.otherTherapist,
      payment: { salesperson: location === f.home ? f.salesperson : f.otherSalesperson, payment_method: 'cash' },
    });
    await refused(() => post(desk, '/api/clients/arrivals/', walkIn(lastCutoff)), 400, /^Only an administrator/);
    await refused(() => post(desk, '/api/clients/arrivals/', walkIn(tomorrow)), 400, /after today/);
    await refused(
      () => post(admin, '/api/clients/arrivals/', walkIn(today, f.other)),
      409,
      /^The daily report for .+ is approved; its arrivals can no longer be added/,
    );
  });

  it('changing an arrival: staff only within the cutoff, an Admin earlier (audited), nobody on a locked day', async () => {
    const old = (await post(admin, '/api/clients/arrivals/', arrival(lastCutoff))).json();
    const patch = (agent: Agent, id: number) =>
      agent.request({ method: 'PATCH', url: `/api/clients/arrivals/${id}/`, payload: { status: 'cancelled' } });
    const res = await patch(desk, old.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: `Only an administrator can change an arrival of ${dayInWords(lastCutoff)}: it is before the current cutoff, which began on ${dayInWords(currentCutoffStart(today))}.`,
      errors: { date: [res.json().message] },
    });
    const [still] = await ctx.database.db.select().from(clientArrivals).where(eq(clientArrivals.id, old.id));
    expect(still!.status).toBe('arrived');
    const byAdmin = await patch(admin, old.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await lastAudit('client_arrivals', 'cancel')).after).toMatchObject({
      status: 'cancelled',
      backdated: true,
    });
    // An arrival on the locked day (written before the report was approved).
    const [locked] = await ctx.database.db
      .insert(clientArrivals)
      .values({ clientId: client, locationId: f.other, date: today, time: '09:00', therapistId: f.otherTherapist })
      .returning({ id: clientArrivals.id });
    const lockedRes = await patch(admin, locked!.id);
    expect(lockedRes.statusCode).toBe(409);
    expect(lockedRes.json().errors.date[0]).toMatch(/its arrivals can no longer be added, changed or deleted/);
  });
});

describe('store-sales-data', () => {
  it('staff: not in 1970, not after today, not before the cutoff; JSON and CSV', async () => {
    const url = '/api/reports/store-sales-data/';
    await refused(() => post(seller, url, storeBody(LONG_AGO)), 400, /^Only an administrator can date a sale/);
    await refused(() => post(seller, url, storeBody(tomorrow)), 400, /^A sale cannot be dated after today/);
    await refused(() => post(seller, url, storeBody(lastCutoff)), 400, /^Only an administrator/);
    await refused(
      () =>
        seller.request({
          method: 'POST',
          url: `${url}?location=${f.home}&date=${tomorrow}`,
          headers: { 'content-type': 'text/csv' },
          payload: `salesperson,amount,payment_method\n${f.salesperson},100.00,cash\n`,
        }),
      400,
      /after today/,
    );
    const ok = await post(seller, url, storeBody(today));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await lastAudit('sales', 'import')).after).not.toHaveProperty('backdated');
  });

  it('an Admin stores an earlier day (audited as backdated), but nothing on a locked day', async () => {
    const url = '/api/reports/store-sales-data/';
    const res = await post(admin, url, storeBody(lastCutoff));
    expect(res.statusCode, res.body).toBe(201);
    expect((await lastAudit('sales', 'import')).after).toMatchObject({ date: lastCutoff, backdated: true });
    await refused(
      () => post(admin, url, storeBody(today, f.other, f.otherSalesperson)),
      409,
      /^The daily report for .+ is approved; its sales can no longer be added/,
    );
  });
});
