import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sales } from '../../db/schema/index';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { manilaDate } from './reports.service';

/**
 * The rank watch's lock order on PostgreSQL (decision 0500): a deletion waits for the lock before
 * it locks its sale lines, so while it waits a parent's delete check (or anyone) can still lock
 * those lines. Held sale rows plus a wait for the lock is what could close a deadlock cycle.
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
      payload: { location: f.home, date: manilaDate(), sales: [{ salesperson: f.salesperson, amount: '700.00', payment_method: 'cash' }] },
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
    const deletion = admin.request({ method: 'POST', url: '/api/reports/delete-sales-data/', payload: { ids: [id], reason: 'Duplicate' } });
    try {
      // Until the deletion is queued on the lock (bounded: 10 s).
      for (let i = 0; ; i += 1) {
        const [waiting] = ((await db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`)) as unknown as { rows: { n: number }[] }).rows;
        if (waiting!.n > 0) break;
        if (i > 200) throw new Error('the deletion never waited for the rank watch');
        await sleep(50);
      }
      // Its line is free meanwhile: locking it without waiting succeeds.
      const locked = await db.transaction(async (tx) => tx.select({ id: sales.id }).from(sales).where(eq(sales.id, id!)).for('update', { noWait: true }));
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
