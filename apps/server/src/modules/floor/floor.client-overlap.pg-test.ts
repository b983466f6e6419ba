import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, floorBookings, floorReservations } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { expectOneCommits } from '../../test/one-commits';
import { addTherapists, at, instant, reserve, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/**
 * One client, one visit at a time, by the database (issue 32, decision 0912), on a real PostgreSQL:
 * 20 desks book the same client for the same hour at once, each with a therapist of its own, half
 * at one branch and half at another (so the branches' floor locks do not put them in a line).
 * Exactly one gets the client; the others get a 409. Then 20 transactions on a pool of 20, no lock at
 * all, write the client's hour: the exclusion constraint alone keeps one.
 */

let ctx: TestContext;
let desk: Agent;
let admin: Agent;
let f: FloorFixtures;
let client: number;
let hereHands: number[];
let abroadHands: number[];

beforeAll(async () => {
  ({ ctx, f, desk, admin } = await startFloorTests('W'));
  hereHands = await addTherapists(ctx.database.db, f.home, 10, 'WH');
  abroadHands = await addTherapists(ctx.database.db, f.foreign, 10, 'WA');
  const [row] = await ctx.database.db
    .insert(clients)
    .values({ firstName: 'Ana', lastName: 'Cruz', locationId: f.home })
    .returning({ id: clients.id });
  client = row!.id;
  at('08:00');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('20 desks booking one client at once', () => {
  it('at two branches, each desk with its own therapist: exactly one 201, nineteen 409s', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? reserve(desk, f, { client, time: '16:00', therapist: hereHands[i / 2] })
          : reserve(admin, f, { client, location: f.foreign, time: '16:00', therapist: abroadHands[(i - 1) / 2] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 201),
      JSON.stringify(codes),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const won = answers.find((a) => a.statusCode === 201)!.json() as { id: number; location: number };
    // Behind the winner at its own branch, the lock makes every refusal the sentence; at the other
    // branch a desk racing the winner's insert may be the deadlock's victim instead.
    const sentences = answers.filter((a) => a.statusCode === 409).map((a) => (a.json() as { message: string }).message);
    for (const m of sentences)
      expect(m).toMatch(
        /^(Ana Cruz is already booked 16:00–17:00 at .+\.|Someone else changed this at the same moment\. Please try again\.)$/,
      );
    expect(sentences.filter((m) => m.startsWith('Ana Cruz')).length).toBeGreaterThanOrEqual(9);
    const held = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.clientId, client));
    expect(held.map((b) => b.reservationId)).toEqual([won.id]);
    expect(held[0]!.startsAt).toEqual(instant('16:00'));
    expect(held[0]!.locationId).toBe(won.location);
  }, 120_000);

  it('by the constraint alone: 20 transactions on a pool of 20, no lock taken, one commits', async () => {
    const startsAt = instant('19:00');
    const endsAt = instant('20:00');
    await expectOneCommits(ctx.database.url!, 20, async (tx, i) => {
      const [r] = await tx
        .insert(floorReservations)
        .values({
          clientId: client,
          locationId: f.home,
          date: today(),
          time: '19:00',
          startsAt,
          endsAt,
          durationMinutes: 60,
          treatmentId: f.treatment.id,
          therapistId: hereHands[i % 10]!,
        })
        .returning({ id: floorReservations.id });
      await tx.insert(floorBookings).values({
        locationId: f.home,
        therapistId: i < 10 ? hereHands[i]! : abroadHands[i - 10]!,
        startsAt,
        endsAt,
        reservationId: r!.id,
      });
    });
    const held = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.startsAt, startsAt));
    expect(held.filter((b) => b.clientId === client)).toHaveLength(1);
  }, 120_000);
});
