import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { notifications, sales } from '../../db/schema/index';
import { HttpError } from '../../lib/http-error';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { decide } from '../notifications/notifications.service';
import { findUsersByIds } from '../users/auth.service';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { submitEmptyReport } from './reports.test-helpers';

/**
 * Lock order on PostgreSQL, where transactions really run side by side (decision 0500):
 * - the rank watch: a deletion waits for its lock before it locks its sale lines, so while it
 *   waits a parent's delete check (or anyone) can still lock those lines; held sale rows plus a
 *   wait for the lock is what could close a deadlock cycle;
 * - deciding a daily report on the screen and from its notification at the same moment: both
 *   lock the request's copies before the report, so one waits and then finds it decided.
 */
let ctx: TestContext;
let admin: Agent;
let f: Fixtures;
beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  f = await loadFixtures(ctx.database.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rank watch lock order', () => {
  it('a deletion waiting for the rank watch holds none of its sale lines', async () => {
    const db = ctx.database.db;
    const stored = await admin.request({
      method: 'POST',
      url: '/api/reports/store-sales-data/',
      payload: {
        location: f.home,
        date: todayInManila(),
        sales: [{ salesperson: f.salesperson, amount: '700.00', payment_method: 'cash' }],
      },
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const [id] = stored.json<{ ids: number[] }>().ids;

    // Another writer of the current cutoff holds the lock (a transaction on its own connection).
    let release!: () => void;
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    const deletion = admin.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [id], reason: 'Duplicate' },
    });
    try {
      // Until the deletion is queued on the lock (bounded: 10 s).
      for (let i = 0; ; i += 1) {
        const [waiting] = (
          (await db.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        if (waiting!.n > 0) break;
        if (i > 200) throw new Error('the deletion never waited for the rank watch');
        await sleep(50);
      }
      // Its line is free meanwhile: locking it without waiting succeeds.
      const locked = await db.transaction(async (tx) =>
        tx.select({ id: sales.id }).from(sales).where(eq(sales.id, id!)).for('update', { noWait: true }),
      );
      expect(locked).toEqual([{ id }]);
    } finally {
      release();
      await holder;
    }
    const res = await deletion;
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.select().from(sales).where(eq(sales.id, id!))).toHaveLength(0);
  });
});

describe('deciding a daily report twice at once', () => {
  it('on the screen and from the notification at the same moment: one decides, the other is told it is decided (never a deadlock)', async () => {
    const db = ctx.database.db;
    const seller = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const [adminUser] = await findUsersByIds(db, [ctx.userIds.admin!]);
    for (let day = 1; day <= 8; day += 1) {
      const date = `2021-06-0${day}`;
      const report = await submitEmptyReport(seller, f.home, date);
      const [request] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.recipientId, ctx.userIds.admin!),
            eq(notifications.type, 'daily_report'),
            sql`${notifications.data}->>'report_id' = ${String(report.id)}`,
          ),
        );
      const [screen, fromNotification] = await Promise.allSettled([
        manager.request({ method: 'POST', url: `/api/reports/${report.id}/approve/` }),
        decide(db, adminUser!, request!.id, true),
      ]);
      const screenOk = screen.status === 'fulfilled' && screen.value.statusCode === 200;
      const notificationOk = fromNotification.status === 'fulfilled';
      expect([screenOk, notificationOk].filter(Boolean), date).toHaveLength(1);
      if (!screenOk) {
        const res = (screen as PromiseFulfilledResult<Awaited<ReturnType<Agent['request']>>>).value;
        expect([res.statusCode, res.json().message], date).toEqual([
          409,
          'Only a submitted report can be approved; this one is approved.',
        ]);
      } else {
        const err = (fromNotification as PromiseRejectedResult).reason as unknown;
        expect(err, date).toBeInstanceOf(HttpError);
        expect((err as HttpError).message, date).toBe('This request has already been decided.');
      }
    }
  });
});
