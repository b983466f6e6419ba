import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientArrivals, clientTreatments } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type TestContext } from '../../test/build';
import { loadFixtures } from './clients.test-helpers';

/**
 * The row lock under load: on PostgreSQL (TEST_DATABASE_URL) the eight requests run on separate
 * pool connections at once; on PGlite they queue on its single connection. Either way the voucher
 * can never give out more sessions than it holds.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('parallel redemption', () => {
  it('8 parallel arrivals on a 3-session voucher: exactly 3 succeed, 5 get 409, the voucher shows 3 used', async () => {
    const f = await loadFixtures(ctx.database.db);
    const receptionist = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
    const client = await receptionist.request({
      method: 'POST',
      url: '/api/clients/',
      payload: { first_name: 'Parallel', last_name: 'Guest', location: f.home },
    });
    const voucher = await receptionist.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: {
        client: client.json().id,
        treatment: f.treatment.id,
        sessions: 3,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'cash',
      },
    });
    expect(voucher.statusCode, voucher.body).toBe(201);
    const v = voucher.json();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        receptionist.request({
          method: 'POST',
          url: '/api/clients/arrivals/',
          payload: { client: client.json().id, location: f.home, time: '11:00', therapist: f.therapist, voucher: v.id },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json().errors.voucher[0]).toContain('used up');
    const [row] = await ctx.database.db.select().from(clientTreatments).where(eq(clientTreatments.id, v.id));
    expect(row).toMatchObject({ sessionsUsed: 3, sessionsTotal: 3 });
    const arrivals = await ctx.database.db.select().from(clientArrivals).where(eq(clientArrivals.voucherId, v.id));
    expect(arrivals).toHaveLength(3);
    const read = await receptionist.request({ method: 'GET', url: `/api/clients/treatments/${v.id}/` });
    expect(read.json()).toMatchObject({ sessions_used: 3, sessions_remaining: 0, status: 'used_up' });
  });
});
