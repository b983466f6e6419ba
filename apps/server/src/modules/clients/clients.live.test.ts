import { cutoffOf, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { formatPeso, type Leaderboard } from '@ginhawa/contract';
import { employees, notifications, treatments, users } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';
import { action, socketPool } from '../../test/ws-client';
import { activeSalesperson, loadFixtures, sellTreatment, type Fixtures } from './clients.test-helpers';

/** Client sales and arrivals reach open dashboards live (issue 13): the bus event, the hub's frame, who gets it. */
let ctx: TestContext;
let admin: Agent;
let f: Fixtures;
let spUser = 0;
let colleague = 0;
let client = 0;
let otherClient = 0;
const sockets = socketPool();

const today = todayInManila();
const period = { month: Number(today.slice(5, 7)), year: Number(today.slice(0, 4)), cutoff: cutoffOf(today) };

/** "1500.50" ↔ 150050n: exact cents, so amounts are compared and built without floating point. */
const cents = (money: string) => {
  const [whole, frac = ''] = money.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
const pesos = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

const board = async () =>
  (
    await admin.request({
      method: 'GET',
      url: `/api/reports/leaderboards/?month=${period.month}&year=${period.year}&cutoff=${period.cutoff}`,
    })
  ).json<Leaderboard>();
const totalOf = (b: Leaderboard, salesperson: number) =>
  cents(b.results.find((r) => r.salesperson === salesperson)?.total ?? '0.00');
const rankOf = (b: Leaderboard, salesperson: number) => b.results.find((r) => r.salesperson === salesperson)?.rank;

const importFor = async (salesperson: number, amount: bigint) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/reports/store-sales-data/',
    payload: { location: f.home, date: today, sales: [{ salesperson, amount: pesos(amount), payment_method: 'cash' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const sellVoucher = async (sessions: number) => {
  const res = await sellTreatment(admin, f, client, sessions);
  expect(res.statusCode, res.body).toBe(201);
};
const rankNotices = async (userId: number) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, 'leaderboard_rank'), eq(notifications.recipientId, userId)))
    .orderBy(asc(notifications.id));

const socketOf = (agent: Agent) => sockets.open(ctx.app, agent);

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await signIn(ctx.app, 'admin');
  f = await loadFixtures(db);
  spUser = (await db.select({ id: users.id }).from(users).where(eq(users.username, 'salesperson')))[0]!.id;
  colleague = await activeSalesperson(db, f.home, f.salesperson);
  const made = async (location: number, phone: string) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: 'Live', last_name: 'Client', phone, location },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  client = await made(f.home, '09170001301');
  otherClient = await made(f.other, '09170001302');
}, 120_000);

afterAll(async () => {
  sockets.closeAll();
  await ctx?.close();
});

describe('a voucher sale on a client moves the leaderboard', () => {
  it('publishes leaderboard_changed and notifies the credited salesperson when their rank changes, and not when it does not', async () => {
    const socket = await socketOf(await signIn(ctx.app, 'salesperson'));
    // Set the scene with imports: the seller leads, then a colleague passes them by one centavo.
    const start = await board();
    const top = start.results.reduce((max, r) => (cents(r.total) > max ? cents(r.total) : max), 0n);
    await importFor(f.salesperson, top - totalOf(start, f.salesperson) + 100n);
    const mid = await board();
    await importFor(colleague, totalOf(mid, f.salesperson) - totalOf(mid, colleague) + 1n);
    const set = await board();
    expect([rankOf(set, colleague), rankOf(set, f.salesperson)]).toEqual([1, 2]);
    socket.messages.splice(0);

    // A voucher credited to the seller (price ≥ 0.02) puts them back on top: one frame, and the
    // rank notices of this minute folded into one that says #1 (none if the minute began at #1).
    await sellVoucher(1);
    const frame = await socket.next<{ month: number; year: number; dates: string[] }>(action('leaderboard_changed'));
    expect(frame).toMatchObject({ month: period.month, year: period.year, dates: [today] });
    const after = await board();
    expect(rankOf(after, f.salesperson)).toBe(1);
    const notices = await rankNotices(spUser);
    const recent = notices.filter((n) => Date.now() - n.createdAt.getTime() < 60_000);
    expect(recent.length).toBeLessThanOrEqual(1);
    for (const n of recent) {
      expect(n.message).toMatch(/^You are now #1 for .+ \(was #\d+\), with ₱[\d,]+\.\d{2} in net sales\.$/);
      // It opens the salesperson's own leaderboard (/admin/* is for Admins only).
      expect(n.link).toBe('/dashboard');
    }

    // Another sale only widens the lead: the board still moves on screen, but no notice for an unchanged rank.
    await sellVoucher(2);
    await socket.next(action('leaderboard_changed'));
    expect(rankOf(await board(), f.salesperson)).toBe(1);
    expect((await rankNotices(spUser)).map((n) => n.id)).toEqual(notices.map((n) => n.id));
  });

  it('tells the credited salesperson of a sale someone else made, in pesos, and nobody of their own sale', async () => {
    const credited = async () =>
      ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'sale_credited'), eq(notifications.recipientId, spUser)))
        .orderBy(asc(notifications.id));
    const before = (await credited()).length;
    await sellVoucher(3);
    const told = await credited();
    expect(told).toHaveLength(before + 1);
    const db = ctx.database.db;
    const [treatment] = await db
      .select({ name: treatments.name })
      .from(treatments)
      .where(eq(treatments.id, f.treatment.id));
    const [me] = await db.select().from(users).where(eq(users.username, 'admin'));
    const adminName = [me!.firstName, me!.lastName].filter(Boolean).join(' ') || 'admin';
    const price = f.treatment.price;
    expect(told.at(-1)).toMatchObject({
      title: 'Sale credited to you',
      message: `${adminName} sold a 3-session ${treatment!.name} voucher credited to you: ${formatPeso(
        (Number(price) * 3).toFixed(2),
      )}.`,
    });

    // The salesperson selling for themselves hears nothing of it.
    const seller = await signIn(ctx.app, 'salesperson');
    const own = await sellTreatment(seller, f, client);
    expect(own.statusCode, own.body).toBe(201);
    expect(await credited()).toHaveLength(before + 1);
  });

  it('a membership sale goes through the same watch (frame published)', async () => {
    const socket = await socketOf(admin);
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/memberships/',
      payload: {
        client,
        membership: f.membership.id,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'cash',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await socket.next(action('leaderboard_changed'))).toMatchObject({ dates: [today] });
  });
});

describe('arrivals_changed', () => {
  it('reaches those who may read the location (therapist, receptionist, manager) and not staff of another location', async () => {
    const db = ctx.database.db;
    const [elsewhere] = await db
      .select({ username: users.username })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(eq(employees.kind, 'receptionist'), eq(employees.locationId, f.other), eq(users.isActive, true)))
      .limit(1);
    const therapist = await socketOf(await signIn(ctx.app, 'therapist'));
    const receptionist = await socketOf(await signIn(ctx.app, 'receptionist'));
    const manager = await socketOf(await signIn(ctx.app, 'manager'));
    const outsider = await socketOf(await login(ctx.app, elsewhere!.username, DEMO_PASSWORD));
    const arrivalsChanged = action('arrivals_changed');

    const logged = await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: { client, location: f.home, time: '10:00', therapist: f.therapist },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    for (const socket of [therapist, receptionist, manager])
      expect(await socket.next(arrivalsChanged)).toEqual({ action: 'arrivals_changed', location: f.home, date: today });

    // Cancelling is a change too.
    const cancelled = await admin.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${logged.json<{ id: number }>().id}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const socket of [therapist, receptionist, manager])
      expect(await socket.next(arrivalsChanged)).toEqual({ action: 'arrivals_changed', location: f.home, date: today });

    // A refused arrival (no such therapist there) publishes nothing: the event rides the transaction.
    const refused = await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: { client, location: f.home, time: '11:00', therapist: f.otherTherapist },
    });
    expect(refused.statusCode).toBe(400);

    // Events arrive in commit order, so the outsider's first arrivals frame being the other
    // location's proves the two home-location frames before it were never sent to them.
    const there = await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: { client: otherClient, location: f.other, time: '12:00', therapist: f.otherTherapist },
    });
    expect(there.statusCode, there.body).toBe(201);
    expect(await outsider.next(arrivalsChanged)).toEqual({
      action: 'arrivals_changed',
      location: f.other,
      date: today,
    });
    expect(await manager.next(arrivalsChanged)).toEqual({ action: 'arrivals_changed', location: f.other, date: today });
    // Staff at home hear nothing of the other location (sent in the same loop as the manager's frame).
    expect(receptionist.messages.filter(arrivalsChanged)).toEqual([]);
    expect(therapist.messages.filter(arrivalsChanged)).toEqual([]);
  });
});
