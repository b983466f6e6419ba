import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { floorReservations, sales } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { at, loadFloorFixtures, post, reserve, type FloorFixtures } from './floor.test-helpers';

/**
 * A credited deposit is carried once (decision 0900), on a real PostgreSQL: 20 desks at once book the
 * client on the same credit, each with its own therapist; exactly one booking carries it, the others
 * get the 409 naming that booking. And one forfeit writes one sale line however often it is asked.
 */

let ctx: TestContext;
let desk: Agent;
let f: FloorFixtures;

beforeAll(async () => {
  ctx = await buildTestApp();
  desk = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  f = await loadFloorFixtures(ctx.database.db, 'Q');
  at('08:00');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const gcash = { payment_method: 'e_wallet', amount: '300', reference_no: 'GC-0300' };

describe('concurrent use of one deposit credit', () => {
  it('20 bookings at once: one carries the ₱300 credit, 19 are refused naming it', async () => {
    const client = f.clients[0]!;
    const old = await reserve(desk, f, { client, time: '10:00', therapist: f.therapists[0], deposit: gcash });
    expect(old.statusCode, old.body).toBe(201);
    const cancel = await post(desk, `/api/floor/reservations/${old.json().id}/cancel/`, {
      reason: 'Rebooking',
      deposit: 'credited',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        reserve(desk, f, { client, time: `${11 + (i % 10)}:${i < 10 ? '00' : '30'}`, deposit_credit: old.json().id }),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made).toHaveLength(1);
    expect(made[0]!.json().deposit).toMatchObject({ amount: '300.00', reference_no: 'GC-0300', status: 'held' });
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const a of refused)
      expect(a.json().message).toBe(`This deposit credit was already used, on reservation #${made[0]!.json().id}.`);
    const holding = await ctx.database.db
      .select()
      .from(floorReservations)
      .where(
        and(
          eq(floorReservations.clientId, client),
          eq(floorReservations.locationId, f.home),
          eq(floorReservations.depositStatus, 'held'),
        ),
      );
    expect(holding.map((r) => r.id)).toEqual([made[0]!.json().id]);
  }, 120_000);

  it('10 forfeits of one reservation at once: one sale line, nine 409s', async () => {
    const r = await reserve(desk, f, {
      client: f.clients[1],
      time: '21:00',
      therapist: f.therapists[1],
      deposit: gcash,
    });
    expect(r.statusCode, r.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(desk, `/api/floor/reservations/${r.json().id}/cancel/`, { reason: 'Kept', deposit: 'forfeited' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const lines = await ctx.database.db
      .select()
      .from(sales)
      .where(and(eq(sales.kind, 'forfeit'), eq(sales.reference, `R-${r.json().id}`)));
    expect(lines.map((l) => l.netAmount)).toEqual(['300.00']);
  }, 120_000);
});
