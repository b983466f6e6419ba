import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { clientArrivals, floorBookings } from '../../db/schema/index';
import type { TestContext, Agent } from '../../test/build';
import { at, post, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/**
 * The client card's arrival and Assign next race for one therapist on a real PostgreSQL (concurrent
 * transactions): both take the branch's floor lock first, so exactly one client gets the therapist
 * and every other desk reads the floor's 409 naming whose time it is
 * (docs/decisions/0909-a-card-arrival-now-takes-the-therapist.md).
 */

let ctx: TestContext;
let desk: Agent;
let f: FloorFixtures;

beforeAll(async () => {
  ({ ctx, f, desk } = await startFloorTests('Q'));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('card arrivals and Assign next at once', () => {
  it('five card arrivals and five Assign nexts for one therapist: one wins, nine are the floor’s 409', async () => {
    at('13:00');
    const therapist = f.therapists[0]!;
    const clockIn = await post(desk, '/api/floor/shifts/clock-in/', { employee: therapist, location: f.home });
    expect(clockIn.statusCode, clockIn.body).toBe(201);
    at('13:10');
    const body = (i: number) => ({ client: f.clients[i], location: f.home, therapist, treatment: f.treatment.id });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? post(desk, '/api/clients/arrivals/', { ...body(i), time: '13:00' })
          : post(desk, '/api/floor/assign/', body(i)),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const a of refused) expect(a.json().message).toBe('QA Floor is already serving or booked 13:10–14:10 then.');
    const booked = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.therapistId, therapist));
    expect(booked).toHaveLength(1);
    const logged = await ctx.database.db
      .select()
      .from(clientArrivals)
      .where(and(eq(clientArrivals.therapistId, therapist), ne(clientArrivals.status, 'cancelled')));
    expect(logged.map((a) => a.id)).toEqual([booked[0]!.arrivalId]);
  }, 120_000);

  it('a tandem on the card and Assign nexts of its second therapist at once: the second serves one client', async () => {
    at('15:00');
    const [first, second] = [f.therapists[1]!, f.therapists[2]!];
    for (const employee of [first, second]) {
      const res = await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home });
      expect(res.statusCode, res.body).toBe(201);
    }
    at('15:10');
    const body = (i: number) => ({ client: f.clients[i], location: f.home, treatment: f.treatment.id });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? post(desk, '/api/clients/arrivals/', {
              ...body(i),
              therapist: first,
              second_therapist: second,
              time: '15:00',
            })
          : post(desk, '/api/floor/assign/', { ...body(i), therapist: second, requested: true }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const booked = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.therapistId, second));
    expect(booked).toHaveLength(1);
    // Whoever won, the second's one booking is the one logged arrival's, and a tandem's holds the first too.
    const won = answers.find((a) => a.statusCode === 201)!.json();
    const arrival = (won.arrival ?? won) as { id: number; second_therapist: number | null };
    expect(booked[0]!.arrivalId).toBe(arrival.id);
    const ofArrival = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.arrivalId, arrival.id));
    expect(ofArrival.map((b) => b.therapistId).sort()).toEqual(
      arrival.second_therapist === null ? [second] : [first, second].sort(),
    );
  }, 120_000);
});
