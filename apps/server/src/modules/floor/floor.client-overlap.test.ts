import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, floorBookings, locations } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { addTherapists, at, post, reserve, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/**
 * One client, one visit at a time, anywhere in the business (issue 32, decision 0912): reservations,
 * Assign next and the card's visit now are refused with the client's 409 when they overlap another of
 * the client's visits, at this branch or another; a cancelled, no-show or finished one frees the time,
 * and a tandem's two therapists are one visit.
 */

let ctx: TestContext;
let desk: Agent;
let admin: Agent;
let f: FloorFixtures;
let A: number, B: number, C: number, D: number;
let abroad: number;
let home: string;
let foreign: string;
/** Clients of their own, whom the demo floor books nowhere today. */
let people: number[];
const nameOf = new Map<number, string>();

beforeAll(async () => {
  ({ ctx, f, desk, admin } = await startFloorTests('V'));
  [A, B, C, D] = f.therapists as [number, number, number, number];
  abroad = (await addTherapists(ctx.database.db, f.foreign, 1, 'VX'))[0]!;
  const branch = async (id: number) =>
    (await ctx.database.db.select({ name: locations.name }).from(locations).where(eq(locations.id, id)))[0]!.name;
  home = await branch(f.home);
  foreign = await branch(f.foreign);
  const rows = await ctx.database.db
    .insert(clients)
    .values(Array.from({ length: 7 }, (_, i) => ({ firstName: 'Ana', lastName: `Cruz ${i}`, locationId: f.home })))
    .returning({ id: clients.id });
  people = rows.map((r) => r.id);
  for (const [i, id] of people.entries()) nameOf.set(id, `Ana Cruz ${i}`);
  at('08:00');
});
afterAll(async () => {
  await ctx?.close();
});

const refusal = (client: number, range: string, branch: string) => {
  const message = `${nameOf.get(client)} is already booked ${range} at ${branch}.`;
  return { message, errors: { client: [message] } };
};

describe('a client booked twice at once', () => {
  it('refuses a second reservation that overlaps, at this branch and at another, and takes one after it', async () => {
    at('08:00');
    const client = people[0]!;
    const first = await reserve(desk, f, { client, time: '16:00', therapist: A });
    expect(first.statusCode, first.body).toBe(201);
    const again = await reserve(desk, f, { client, time: '16:30', therapist: B });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal(client, '16:00–17:00', home));
    const elsewhere = await reserve(admin, f, { client, location: f.foreign, time: '15:30', therapist: abroad });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual(refusal(client, '16:00–17:00', home));
    // Back to back is not an overlap.
    const after = await reserve(desk, f, { client, time: '17:00', therapist: B });
    expect(after.statusCode, after.body).toBe(201);
    const held = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.clientId, client));
    expect(held.map((b) => b.reservationId).sort()).toEqual([first.json().id, after.json().id].sort());
  });

  it('a cancelled or no-show reservation frees the client’s time', async () => {
    at('08:00');
    const client = people[1]!;
    const first = await reserve(desk, f, { client, time: '10:00', therapist: C });
    expect(first.statusCode, first.body).toBe(201);
    expect((await reserve(desk, f, { client, time: '10:00', therapist: D })).statusCode).toBe(409);
    const cancelled = await post(desk, `/api/floor/reservations/${first.json().id}/cancel/`, { reason: 'Moved' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await reserve(desk, f, { client, time: '10:00', therapist: D });
    expect(second.statusCode, second.body).toBe(201);

    at('10:20');
    const noShow = await post(desk, `/api/floor/reservations/${second.json().id}/no-show/`);
    expect(noShow.statusCode, noShow.body).toBe(200);
    const third = await reserve(desk, f, { client, time: '10:30', therapist: C });
    expect(third.statusCode, third.body).toBe(201);
  });

  it('refuses Assign next and the card’s visit now for a client booked then; a finished service frees the time', async () => {
    at('11:00');
    for (const employee of [A, B]) {
      const res = await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home });
      expect(res.statusCode, res.body).toBe(201);
    }
    const client = people[2]!;
    const booked = await reserve(desk, f, { client, time: '12:00', therapist: D });
    expect(booked.statusCode, booked.body).toBe(201);

    at('11:30');
    const visit = { client, location: f.home, treatment: f.treatment.id };
    const assign = await post(desk, '/api/floor/assign/', { ...visit, therapist: A });
    expect(assign.statusCode).toBe(409);
    expect(assign.json()).toEqual(refusal(client, '12:00–13:00', home));
    const card = await post(desk, '/api/clients/arrivals/', { ...visit, therapist: A, time: '11:30' });
    expect(card.statusCode).toBe(409);
    expect(card.json()).toEqual(refusal(client, '12:00–13:00', home));
    // Nothing of theirs was kept: the therapist is still free for the next client.
    const other = await post(desk, '/api/floor/assign/', { ...visit, client: people[3], therapist: A });
    expect(other.statusCode, other.body).toBe(201);

    // In a service from 11:30 to 12:30; a booking at 12:00 clashes until it is finished.
    const serving = await post(desk, '/api/floor/assign/', { ...visit, client: people[4], therapist: B });
    expect(serving.statusCode, serving.body).toBe(201);
    const clash = await reserve(desk, f, { client: people[4], time: '12:00', therapist: C });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual(refusal(people[4]!, '11:30–12:30', home));
    at('11:50');
    const finished = await post(desk, `/api/floor/services/${serving.json().arrival.id}/finish/`);
    expect(finished.statusCode, finished.body).toBe(200);
    const later = await reserve(desk, f, { client: people[4], time: '12:00', therapist: C });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('a tandem on the card is one visit: both therapists are booked for the client', async () => {
    at('13:00');
    for (const employee of [C, D]) {
      const res = await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home });
      expect(res.statusCode, res.body).toBe(201);
    }
    at('13:05');
    const res = await post(desk, '/api/clients/arrivals/', {
      client: people[5],
      location: f.home,
      treatment: f.treatment.id,
      therapist: C,
      second_therapist: D,
      time: '13:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.arrivalId, res.json().id));
    expect(rows.map((r) => [r.therapistId, r.clientId])).toEqual([
      [C, people[5]],
      [D, people[5]],
    ]);
  });

  it('names the branch where the client is booked when refused at another', async () => {
    at('08:00');
    const client = people[6]!;
    const abroadFirst = await reserve(admin, f, { client, location: f.foreign, time: '19:00', therapist: abroad });
    expect(abroadFirst.statusCode, abroadFirst.body).toBe(201);
    const here = await reserve(desk, f, { client, time: '19:15', therapist: A });
    expect(here.statusCode).toBe(409);
    expect(here.json()).toEqual(refusal(client, '19:00–20:00', foreign));
  });
});
