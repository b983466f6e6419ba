import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { dailyReports, employees, locations, notifications, sales, userLocations } from '../../db/schema/index';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  buildTestApp,
  login,
  signInManager,
  type Agent,
  type TestContext,
} from '../../test/build';
import { action, connectSocket } from '../../test/ws-client';
import { submitEmptyReport } from './reports.test-helpers';

/**
 * Branch scope of decisions (decision 0710): a sales deletion request is decided by an Admin or a
 * Manager of every location its lines are at, as their access stands when they decide, over REST
 * and over the live channel alike. A refused decision deletes nothing and leaves the request open.
 */

let ctx: TestContext;
let admin: Agent;
let twoBranch: Agent;
let requester: Agent;
const ids = { home: 0, other: 0, sp: 0, otherSp: 0, admin: 0, twoBranch: 0, requester: 0 };
const today = todayInManila();

const manager = (username: string, locationIds: number[]) => signInManager(ctx, username, locationIds);

/** One sale at home and one at the other branch, today, stored by an Admin. */
const twoSales = async () => {
  const ids2: number[] = [];
  for (const [location, salesperson] of [
    [ids.home, ids.sp],
    [ids.other, ids.otherSp],
  ] as const) {
    const res = await admin.request({
      method: 'POST',
      url: '/api/reports/store-sales-data/',
      payload: { location, date: today, sales: [{ salesperson, amount: '150.00', payment_method: 'cash' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids2.push(...(res.json().ids as number[]));
  }
  return ids2;
};

/** Asks (as the requester, who works at both branches) to delete these lines; answers the request's copies. */
const ask = async (saleIds: number[]) => {
  const res = await requester.request({
    method: 'POST',
    url: '/api/reports/delete-sales-data/',
    payload: { ids: saleIds, reason: 'Entered twice' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const [latest] = await ctx.database.db
    .select({ batch: notifications.batch })
    .from(notifications)
    .where(eq(notifications.type, 'delete_sales'))
    .orderBy(desc(notifications.id))
    .limit(1);
  return ctx.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.batch, latest!.batch))
    .orderBy(asc(notifications.id));
};

const stillThere = async (saleIds: number[]) =>
  (await ctx.database.db.select({ id: sales.id }).from(sales).where(inArray(sales.id, saleIds))).length;
const undecided = async (batch: string) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.batch, batch))).every(
    (n) => n.isApproved === null && n.decidedBy === null,
  );
const decideRest = (agent: Agent, id: number, approved = true) =>
  agent.request({ method: 'POST', url: `/api/notifications/${id}/decide/`, payload: { approved } });

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  twoBranch = await login(ctx.app, 'manager', DEMO_PASSWORD);
  requester = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
  ids.admin = ctx.userIds.admin!;
  ids.twoBranch = ctx.userIds.manager!;
  ids.requester = ctx.userIds.salesperson!;
  const [sp] = await db
    .select({ id: employees.id, locationId: employees.locationId })
    .from(employees)
    .where(eq(employees.userId, ids.requester));
  ids.sp = sp!.id;
  ids.home = sp!.locationId;
  // The demo Manager works at the first two branches: home and the other one.
  const managed = await db
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .where(and(eq(userLocations.userId, ids.twoBranch), ne(userLocations.locationId, ids.home)));
  ids.other = managed[0]!.id;
  const [otherSp] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.kind, 'salesperson'), eq(employees.locationId, ids.other), eq(employees.isActive, true)))
    .limit(1);
  ids.otherSp = otherSp!.id;
  // The requester works at both, so may ask about lines at both.
  await db.insert(userLocations).values({ userId: ids.requester, locationId: ids.other });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('who is asked', () => {
  it('a request spanning two branches goes to the Admins and the Managers of both, not a one-branch Manager', async () => {
    const one = await manager('onlyhome', [ids.home]);
    const copies = await ask(await twoSales());
    const recipients = copies.map((c) => c.recipientId);
    expect(recipients).toContain(ids.admin);
    expect(recipients).toContain(ids.twoBranch);
    expect(recipients).not.toContain(one.id);
    expect(copies[0]!.data).toMatchObject({ location_ids: [ids.home, ids.other] });
  });
});

describe('a decision checks the decider’s access to every line, now', () => {
  it('a one-branch Manager holding a spanning request (sent before this rule) is refused, REST and socket', async () => {
    const one = await manager('onebranch', [ids.home]);
    const saleIds = await twoSales();
    const copies = await ask(saleIds);
    // The copy the old rule would have sent them.
    const [copy] = await ctx.database.db
      .insert(notifications)
      .values({ ...copies[0]!, id: undefined, recipientId: one.id, isRead: false })
      .returning();
    const refused = await decideRest(one.agent, copy!.id);
    expect(refused.statusCode).toBe(403);
    // Only the branch they lack is named.
    const [other] = await ctx.database.db.select().from(locations).where(eq(locations.id, ids.other));
    const message = `This request covers ${other!.name}, which you do not manage: it is left for an administrator or a manager of every location it covers.`;
    expect(refused.json()).toEqual({ message });
    const socket = await connectSocket(ctx.app, { agent: one.agent });
    await socket.next(action('user_notifications'));
    socket.send({ action: 'approve_notification', notificationId: copy!.id, approved: true });
    expect(await socket.next(action('error'))).toEqual({ action: 'error', message });
    socket.send({ action: 'approve_notification', notificationId: copy!.id, approved: false });
    expect(await socket.next(action('error'))).toEqual({ action: 'error', message });
    socket.ws.close();
    expect(await stillThere(saleIds)).toBe(2);
    expect(await undecided(copy!.batch)).toBe(true);
  });

  it('a Manager moved to another branch after the request reached them is refused, REST and socket', async () => {
    const mover = await manager('mover', [ids.home]);
    const [homeSale] = await twoSales();
    const copies = await ask([homeSale!]);
    const mine = copies.find((c) => c.recipientId === mover.id)!;
    expect(mine).toBeDefined();
    // The socket opens while they still work at home: its copy of who they are is the old one.
    const socket = await connectSocket(ctx.app, { agent: mover.agent });
    await socket.next(action('user_notifications'));
    await ctx.database.db.delete(userLocations).where(eq(userLocations.userId, mover.id));
    await ctx.database.db.insert(userLocations).values({ userId: mover.id, locationId: ids.other });
    socket.send({ action: 'approve_notification', notificationId: mine.id, approved: true });
    const error = await socket.next<{ message: string }>(action('error'));
    expect(error.message).toMatch(/^This request covers .+, which you do not manage: /);
    socket.ws.close();
    const rest = await decideRest(mover.agent, mine.id);
    expect(rest.statusCode).toBe(403);
    expect(rest.json().message).toBe(error.message);
    expect(await stillThere([homeSale!])).toBe(1);
    expect(await undecided(mine.batch)).toBe(true);
  });

  it('the two-branch Manager approves a spanning request over REST: both lines deleted', async () => {
    const saleIds = await twoSales();
    const copies = await ask(saleIds);
    const mine = copies.find((c) => c.recipientId === ids.twoBranch)!;
    const res = await decideRest(twoBranch, mine.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.id, is_approved: true, decided_by_name: expect.any(String) });
    expect(await stillThere(saleIds)).toBe(0);
  });

  it('an Admin approves a spanning request over the socket: both lines deleted', async () => {
    const saleIds = await twoSales();
    const copies = await ask(saleIds);
    const mine = copies.find((c) => c.recipientId === ids.admin)!;
    const socket = await connectSocket(ctx.app, { agent: admin });
    await socket.next(action('user_notifications'));
    socket.send({ action: 'approve_notification', notificationId: mine.id, approved: true });
    expect(await socket.next(action('notification_approved'))).toMatchObject({ notificationId: mine.id });
    socket.ws.close();
    expect(await stillThere(saleIds)).toBe(0);
  });

  it('a daily report’s request decided by a Manager moved away is a 403 too, and the report stays submitted', async () => {
    const mover = await manager('reportmover', [ids.home]);
    const report = await submitEmptyReport(twoBranch, ids.home, today);
    const [copy] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'daily_report'), eq(notifications.recipientId, mover.id)));
    await ctx.database.db.delete(userLocations).where(eq(userLocations.userId, mover.id));
    const res = await decideRest(mover.agent, copy!.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^This request covers .+, which you do not manage: /);
    const [row] = await ctx.database.db.select().from(dailyReports).where(eq(dailyReports.id, report.id));
    expect(row!.status).toBe('submitted');
  });
});
