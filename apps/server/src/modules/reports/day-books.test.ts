import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, type DailySalesReport, type DayStatus, type EndOfDay } from '@ginhawa/contract';
import {
  auditLog,
  clientArrivals,
  clients,
  employees,
  locations,
  notifications,
  shifts,
  tabs,
  treatments,
} from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { activeSalesperson } from '../clients/clients.test-helpers';
import { floorClock, instantOf } from '../floor/floor-shared.service';
import { addTherapists, at, post, startFloorTests, today, type FloorFixtures } from '../floor/floor.test-helpers';
import { dayClock } from './day-close.service';

/**
 * Issue 32: deposits are money received on the day they are taken, the day closes on purpose, the
 * desk's end of day (decisions 0520–0523).
 */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let admin: Agent;
let therapist: Agent;
let outsider: Agent;
let f: FloorFixtures;
let A: number;
let salesperson: number;
let yesterday: string;
let cashClient: number;
let gcashClient: number;
let gcashBooking: number;
let report: number;

/** The reports' clock at today's Manila `HH:mm`. */
const closeAt = (time: string) => {
  const now = instantOf(today(), time);
  dayClock.now = () => now;
};

beforeAll(async () => {
  ({ ctx, f, desk, manager, admin, therapist, outsider } = await startFloorTests('Y'));
  [A] = (await addTherapists(ctx.database.db, f.home, 1, 'YB')) as [number];
  // The tests' branch has no salesperson of its own: one is hired there, as floor.payments.test does.
  await ctx.database.db.insert(employees).values({
    kind: 'salesperson',
    firstName: 'Day',
    lastName: 'Books',
    employeeCode: 'FT-Y-SALES',
    locationId: f.home,
    hireDate: '2024-01-01',
  });
  salesperson = await activeSalesperson(ctx.database.db, f.home);
  await ctx.database.db.update(treatments).set({ price: '1000.00' }).where(eq(treatments.id, f.treatment.id));
  await ctx.database.db
    .update(locations)
    .set({ openingTime: '09:00', closingTime: '22:00' })
    .where(eq(locations.id, f.home));
  cashClient = f.clients[0]!;
  gcashClient = f.clients[1]!;
  yesterday = addDays(today(), -1);
});
afterAll(async () => {
  dayClock.now = () => new Date();
  await ctx?.close();
});

/** A booking for tomorrow with a ₱200 cash deposit taken today: money received on today's books. */
const lateBooking = () => ({
  client: f.clients[5],
  location: f.home,
  date: addDays(today(), 1),
  time: '12:00',
  treatment: f.treatment.id,
  deposit: { payment_method: 'cash', amount: '200', reference_no: '' },
});

const dayOf = async (date: string) => {
  const res = await manager.request({
    method: 'GET',
    url: `/api/reports/get-daily-sales-report/?date=${date}&location=${f.home}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DailySalesReport>().locations[0]!;
};

describe('deposits are money received', () => {
  it('are on the day they are taken: received by method, bank and reference; not sales', async () => {
    // Yesterday afternoon the desk booked two of today's visits, each with a deposit.
    const then = instantOf(yesterday, '15:00');
    floorClock.now = () => then;
    const cash = await post(desk, '/api/floor/reservations/', {
      client: cashClient,
      location: f.home,
      date: today(),
      time: '11:00',
      treatment: f.treatment.id,
      therapist: A,
      deposit: { payment_method: 'cash', amount: '500', reference_no: '' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const gcash = await post(desk, '/api/floor/reservations/', {
      client: gcashClient,
      location: f.home,
      date: today(),
      time: '16:00',
      treatment: f.treatment.id,
      deposit: { payment_method: 'e_wallet', amount: '300', reference_no: 'GC-3200' },
    });
    expect(gcash.statusCode, gcash.body).toBe(201);
    gcashBooking = gcash.json().id;

    const day = await dayOf(yesterday);
    expect(day.net_total).toBe('0.00');
    expect(day.count).toBe(0);
    expect(day.cash_expected).toBe('500.00');
    expect(day.deposits.received_total).toBe('800.00');
    expect(day.deposits.applied_total).toBe('0.00');
    expect(day.deposits.received_by_payment_method).toEqual([
      { key: 'cash', name: 'cash', total: '500.00', count: 1 },
      { key: 'e_wallet', name: 'e_wallet', total: '300.00', count: 1 },
    ]);
    expect(day.deposits.received.map((d) => [d.reservation, d.payment_method, d.reference_no, d.amount])).toEqual([
      [cash.json().id, 'cash', '', '500.00'],
      [gcashBooking, 'e_wallet', 'GC-3200', '300.00'],
    ]);
    // Today has not received them.
    expect((await dayOf(today())).deposits.received_total).toBe('0.00');
  });

  it('applied to today’s visit: a sale of today, its cash counted once (on the day received)', async () => {
    at('09:00');
    expect((await post(desk, '/api/floor/shifts/clock-in/', { employee: A, location: f.home })).statusCode).toBe(201);
    at('10:55');
    const [booked] = (await dayOf(yesterday)).deposits.received;
    const arrived = await post(desk, `/api/floor/reservations/${booked!.reservation}/arrive/`, {
      payment: { salesperson, payment_method: 'cash', discount: '0' },
    });
    expect(arrived.statusCode, arrived.body).toBe(200);

    const day = await dayOf(today());
    // The sale moves today: ₱500 at the desk and the ₱500 deposit, one sale of ₱1,000.
    expect(day.net_total).toBe('1000.00');
    expect(day.count).toBe(1);
    expect(day.by_payment_method).toEqual([
      { key: 'cash', name: 'cash', total: '1000.00', service_charge: '0.00', count: 1 },
    ]);
    // …but the drawer holds only the ₱500 paid today: the deposit's ₱500 was counted yesterday.
    expect(day.cash_expected).toBe('500.00');
    expect(day.deposits.applied_total).toBe('500.00');
    expect(day.deposits.applied).toMatchObject([
      { reservation: booked!.reservation, payment_method: 'cash', received_on: yesterday, applied: '500.00' },
    ]);
    // Yesterday is unchanged by today's visit.
    const before = await dayOf(yesterday);
    expect([before.cash_expected, before.net_total, before.deposits.received_total]).toEqual([
      '500.00',
      '0.00',
      '800.00',
    ]);
  });

  it('the daily report row carries the same figures, and counts cash by denomination', async () => {
    const created = await post(manager, '/api/reports/', { location: f.home, date: today() });
    expect(created.statusCode, created.body).toBe(201);
    report = created.json().id;
    expect(created.json()).toMatchObject({
      cash_expected: '500.00',
      deposits_received_total: '0.00',
      deposits_applied_total: '500.00',
      cash_count: null,
    });
    const counted = await manager.request({
      method: 'PATCH',
      url: `/api/reports/${report}/`,
      payload: { cash_count: { bill_500: 1, bill_20: 0, coin_1: 3, centavos: '0.50' } },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toMatchObject({ cash_on_hand: '503.50', variance: '3.50' });
    expect(counted.json().cash_count).toMatchObject({ bill_500: 1, coin_1: 3, bill_1000: 0, centavos: '0.50' });
    // One total, as before, clears the count.
    const total = await manager.request({
      method: 'PATCH',
      url: `/api/reports/${report}/`,
      payload: { cash_on_hand: '500.00' },
    });
    expect(total.json()).toMatchObject({ cash_on_hand: '500.00', cash_count: null, variance: '0.00' });
    const badCentavos = await manager.request({
      method: 'PATCH',
      url: `/api/reports/${report}/`,
      payload: { cash_count: { centavos: '1.50' } },
    });
    expect(badCentavos.statusCode).toBe(400);
  });
});

describe('the desk’s end of day', () => {
  it('shows today’s takings, the drawer’s cash with its terms, the bookings to come and who is on shift', async () => {
    closeAt('12:00');
    const res = await desk.request({ method: 'GET', url: `/api/reports/end-of-day/?location=${f.home}` });
    expect(res.statusCode, res.body).toBe(200);
    const eod = res.json<EndOfDay>();
    expect(eod.cash_expected).toBe('500.00');
    expect(eod.cash_terms).toEqual([
      { key: 'sales', label: 'Cash sales and service charges', amount: '1000.00' },
      { key: 'tips', label: 'Cash tips (the therapists’)', amount: '0.00' },
      { key: 'deposits_received', label: 'Cash deposits received', amount: '0.00' },
      {
        key: 'deposits_applied',
        label: 'Cash deposits used by today’s visits (counted when received)',
        amount: '-500.00',
      },
      { key: 'deposits_forfeited', label: 'Cash deposits kept (counted when received)', amount: '0.00' },
      { key: 'refunds', label: 'Cash handed back', amount: '0.00' },
    ]);
    expect(eod.takings_by_payment_method).toEqual([{ key: 'cash', name: 'Cash', total: '500.00', count: 2 }]);
    expect(eod.takings_total).toBe('500.00');
    expect(eod.open_bookings.map((b) => [b.reservation, b.time])).toEqual([[gcashBooking, '16:00']]);
    expect(eod.on_shift.map((s) => s.employee)).toContain(A);
    expect(eod.day).toMatchObject({ closed: false, status: 'draft' });
  });

  it('is refused at a branch the caller does not work at', async () => {
    const res = await outsider.request({ method: 'GET', url: `/api/reports/end-of-day/?location=${f.home}` });
    expect(res.statusCode).toBe(403);
  });
});

describe('clocking several people at once', () => {
  it('clocks in several in one transaction, and refuses them all when one is already on shift', async () => {
    at('12:05');
    const [B, C] = (await addTherapists(ctx.database.db, f.home, 2, 'YC')) as [number, number];
    const refused = await post(desk, '/api/floor/shifts/clock-in-many/', { location: f.home, employees: [B, A] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/is already clocked in/);
    const openOf = async (e: number) =>
      (
        await ctx.database.db
          .select()
          .from(shifts)
          .where(and(eq(shifts.employeeId, e)))
      ).filter((s) => s.endedAt === null).length;
    expect(await openOf(B)).toBe(0);
    const res = await post(desk, '/api/floor/shifts/clock-in-many/', { location: f.home, employees: [B, C] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().map((s: { employee: number }) => s.employee)).toEqual([B, C]);
    expect([await openOf(B), await openOf(C)]).toEqual([1, 1]);

    at('12:10');
    const out = await post(desk, '/api/floor/shifts/clock-out-many/', { location: f.home, employees: [B, C] });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().every((s: { ended_at: string | null }) => s.ended_at !== null)).toBe(true);
    expect([await openOf(B), await openOf(C)]).toEqual([0, 0]);
    // Someone not on shift refuses the lot.
    const again = await post(desk, '/api/floor/shifts/clock-out-many/', { location: f.home, employees: [B, A] });
    expect(again.statusCode).toBe(409);
    expect(await openOf(A)).toBe(1);
  });

  it('is the desk’s: a therapist cannot clock others', async () => {
    const [D] = (await addTherapists(ctx.database.db, f.home, 1, 'YD')) as [number];
    const res = await post(therapist, '/api/floor/shifts/clock-in-many/', { location: f.home, employees: [D] });
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(employees).where(eq(employees.id, D));
    expect(row).toBeDefined();
  });
});

describe('the day closes on purpose', () => {
  it('refuses today’s submit before closing and with bookings to come (409 naming them)', async () => {
    closeAt('13:02');
    const res = await post(manager, `/api/reports/${report}/submit/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.close_early).toEqual([
      expect.stringMatching(/^It is 13:02; .+ is open until 22:00\.$/),
      expect.stringMatching(/^1 booking is still to come: .+ at 16:00\.$/),
    ]);
    const status = await desk.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` });
    expect(status.json<DayStatus>()).toMatchObject({ closed: false, status: 'draft', message: null });
    expect(status.json<DayStatus>().open.map((o) => o.kind)).toEqual(['before_closing', 'bookings']);
  });

  it('names a visit served and not yet checked out (an open tab) among what is still open', async () => {
    closeAt('13:02');
    const db = ctx.database.db;
    const client = f.clients[2]!;
    const [visit] = await db
      .insert(clientArrivals)
      .values({ clientId: client, locationId: f.home, date: today(), time: '12:00', therapistId: f.therapists[0]! })
      .returning({ id: clientArrivals.id });
    await db.insert(tabs).values({ arrivalId: visit!.id, locationId: f.home, date: today() });
    const [named] = await db.select().from(clients).where(eq(clients.id, client));
    const res = await post(manager, `/api/reports/${report}/submit/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.close_early).toEqual([
      expect.stringMatching(/^It is 13:02; /),
      expect.stringMatching(/^1 booking is still to come/),
      `1 visit is not yet checked out: ${named!.firstName} ${named!.lastName} (since 12:00). Check it out, or a manager marks it unpaid with a reason.`,
    ]);
    // Checked out, it is no longer open.
    await db.update(tabs).set({ status: 'paid' }).where(eq(tabs.arrivalId, visit!.id));
    const status = await desk.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` });
    expect(status.json<DayStatus>().open.map((o) => o.kind)).toEqual(['before_closing', 'bookings']);
  });

  it('submits with close_early, on the audit; the branch then reads its day as closed', async () => {
    const res = await post(manager, `/api/reports/${report}/submit/`, { close_early: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('submitted');
    const [logged] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'daily_reports'), eq(auditLog.action, 'close_early')));
    expect((logged!.after as { open: string[] }).open).toHaveLength(2);
    const status = await desk.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` });
    const day = status.json<DayStatus>();
    expect(day).toMatchObject({ closed: true, status: 'submitted', report });
    expect(day.message).toMatch(/ closed today’s books at \d\d:\d\d\. A manager of .+ or an administrator may reopen/);
    expect(day.message).not.toMatch(/another location/);
    // The therapist of the branch may ask too; another branch's desk may not.
    expect(
      (await therapist.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` })).statusCode,
    ).toBe(200);
    expect(
      (await outsider.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` })).statusCode,
    ).toBe(403);
  });

  it('takes no sale or visit while submitted: 409 naming who closed it and when, and the way out', async () => {
    const closed =
      /^.+ closed today’s books at \d\d:\d\d \(.+ .+\)\. A manager of .+ or an administrator may reopen the day to record more\.$/;
    // Money received today (a deposit) is a sale write: refused on the field the desk filled.
    const deposit = await post(desk, '/api/floor/reservations/', lateBooking());
    expect(deposit.statusCode, deposit.body).toBe(409);
    expect(deposit.json().errors.deposit[0]).toMatch(closed);
    expect(deposit.body).not.toMatch(/another location/);
    // A visit logged today is refused the same way, before anything is written.
    const visit = await post(desk, '/api/clients/arrivals/', {
      client: f.clients[4],
      location: f.home,
      date: today(),
      time: '08:00',
      therapist: A,
      treatment: f.treatment.id,
    });
    expect(visit.statusCode, visit.body).toBe(409);
    expect(visit.json().message).toMatch(closed);
    const [none] = await ctx.database.db
      .select({ id: clientArrivals.id })
      .from(clientArrivals)
      .where(eq(clientArrivals.clientId, f.clients[4]!));
    expect(none).toBeUndefined();
    // Who may take the way out: a Manager of the branch (and an Admin), not the desk.
    const asks = async (agent: Agent) =>
      (await agent.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` })).json<DayStatus>();
    expect((await asks(manager)).can_reopen).toBe(true);
    expect((await asks(admin)).can_reopen).toBe(true);
    expect((await asks(desk)).can_reopen).toBe(false);
  });

  it('after closing time, only the bookings still to come are open', async () => {
    closeAt('22:30');
    const status = await manager.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` });
    // Closed days list nothing open; the check itself is what submit runs.
    expect(status.json<DayStatus>().open).toEqual([]);
  });
});

describe('reopening a submitted day', () => {
  it('is refused to the desk and the therapist', async () => {
    expect((await post(desk, `/api/reports/${report}/reopen/`)).statusCode).toBe(403);
    expect((await post(therapist, `/api/reports/${report}/reopen/`)).statusCode).toBe(403);
  });

  it('a Manager of the branch reopens it: returned, the approval request decided', async () => {
    const res = await post(manager, `/api/reports/${report}/reopen/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'returned' });
    expect(res.json().return_reason).toMatch(/^Reopened by .+ to record more of the day\.$/);
    const open = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'daily_report'), eq(notifications.requiresApproval, true)));
    const forReport = open.filter((n) => (n.data as { report_id?: number }).report_id === report);
    expect(forReport.length).toBeGreaterThan(0);
    expect(forReport.every((n) => n.isApproved === false)).toBe(true);
    const status = await desk.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` });
    expect(status.json<DayStatus>()).toMatchObject({ closed: false, status: 'returned', can_reopen: false });
    // Reopened, the day takes the deposit it refused while submitted.
    const deposit = await post(desk, '/api/floor/reservations/', lateBooking());
    expect(deposit.statusCode, deposit.body).toBe(201);
    // After closing time the bookings to come still hold the submit back.
    const again = await post(manager, `/api/reports/${report}/submit/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.close_early).toEqual([expect.stringMatching(/^1 booking is still to come/)]);
  });

  it('an approved day stays locked: no reopening, and no deposit taken on it', async () => {
    expect((await post(manager, `/api/reports/${report}/submit/`, { close_early: true })).statusCode).toBe(200);
    expect((await post(admin, `/api/reports/${report}/approve/`)).statusCode).toBe(200);
    const res = await post(admin, `/api/reports/${report}/reopen/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/approved, so the day stays closed/);
    const status = await desk.request({ method: 'GET', url: `/api/reports/day-status/?location=${f.home}` });
    expect(status.json<DayStatus>().message).toMatch(/the report is approved: that day takes no more sales/);
    at('22:35');
    const deposit = await post(desk, '/api/floor/reservations/', {
      client: f.clients[2],
      location: f.home,
      date: addDays(today(), 1),
      time: '10:00',
      treatment: f.treatment.id,
      deposit: { payment_method: 'cash', amount: '200', reference_no: '' },
    });
    expect(deposit.statusCode).toBe(409);
    expect(deposit.json().errors.deposit[0]).toMatch(/is approved/);
  });
});
