import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { floorBookings } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { expectOneCommits } from '../../test/one-commits';
import { addRoom, at, loadFloorFixtures, reserve, type FloorFixtures } from './floor.test-helpers';
import { lockFloor } from './floor-shared.service';

/**
 * No double booking, by the database (issue 22): 100 desks at once ask for one therapist's slot on a
 * real PostgreSQL (concurrent transactions, not PGlite's one connection). Exactly one gets it; the
 * 99 others get a 409 naming whose time it is. The same for one bed. The desks queue on the branch's
 * lock, so each refusal is the sentence; the last test writes bookings with no lock at all, to show
 * the exclusion constraint alone keeps one.
 */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let f: FloorFixtures;

beforeAll(async () => {
  ctx = await buildTestApp();
  desk = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  f = await loadFloorFixtures(ctx.database.db, 'P');
  at('08:00');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const attempt = (overrides: Record<string, unknown>, i: number) =>
  reserve(desk, f, { client: f.clients[i % f.clients.length], time: '15:00', ...overrides });

describe('100 concurrent attempts at one slot', () => {
  it('one therapist: exactly one 201 and 99 clear 409s', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt({ therapist: f.therapists[0] }, i)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({
        message: 'PA Floor is already serving or booked 15:00–16:00 then.',
        errors: { therapist: ['PA Floor is already serving or booked 15:00–16:00 then.'] },
      });
    const held = await ctx.database.db
      .select()
      .from(floorBookings)
      .where(eq(floorBookings.therapistId, f.therapists[0]!));
    expect(held).toHaveLength(1);
  }, 120_000);

  it('one bed: exactly one 201 and 99 clear 409s, each desk with its own therapist', async () => {
    const room = await addRoom(manager, { location: f.home, name: 'Solo' });
    expect(room.statusCode, room.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt({ room: room.json().id, time: '17:00', therapist: i < 3 ? f.therapists[i + 1] : null }, i),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toMatch(
        /^(Solo, bed 1 is already taken 17:00–18:00 then\.|No suitable room is free 17:00–18:00\.)$/,
      );
  }, 120_000);

  it('by the constraint alone: of 20 transactions writing one therapist’s hour at once, no lock taken, one commits', async () => {
    const therapistId = f.therapists[1]!;
    const startsAt = new Date('2030-01-07T07:00:00Z');
    const endsAt = new Date('2030-01-07T08:00:00Z');
    // Each of the 19 others refused (23P01) or the deadlock's victim (40P01): nothing of theirs is kept.
    await expectOneCommits(ctx.database.url!, 20, async (tx) => {
      await tx.insert(floorBookings).values({ locationId: f.home, therapistId, startsAt, endsAt });
    });
    const held = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.startsAt, startsAt));
    expect(held).toHaveLength(1);
  }, 120_000);
});

describe('two desks moving one reservation at once', () => {
  it('each move is judged on the reservation as the other left it: neither change is written back', async () => {
    const booked = await reserve(desk, f, { client: f.clients[0], time: '10:00', therapist: f.therapists[2] });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as number;
    const move = (payload: Record<string, unknown>) =>
      desk.request({ method: 'PATCH', url: `/api/floor/reservations/${id}/`, payload });
    const waitingOnLocks = async () => {
      const result = await ctx.database.db.execute(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return Number((result as unknown as { rows: { n: string }[] }).rows[0]!.n);
    };
    // A third transaction holds the branch's floor lock until both moves have read what they read
    // first and queue behind it; then they run one after the other.
    let moves: Promise<Awaited<ReturnType<typeof move>>[]> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await lockFloor(tx, f.home);
      moves = Promise.all([move({ therapist: f.therapists[3] }), move({ time: '11:00' })]);
      for (let i = 0; i < 500 && (await waitingOnLocks()) < 2; i += 1);
      expect(await waitingOnLocks()).toBe(2);
    });
    const answers = await moves!;
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const after = await desk.request({ method: 'GET', url: `/api/floor/reservations/${id}/` });
    expect(after.json()).toMatchObject({ therapist: f.therapists[3], time: '11:00' });
    const held = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.reservationId, id));
    expect(held).toMatchObject([{ therapistId: f.therapists[3], startsAt: new Date(after.json().starts_at) }]);
  }, 120_000);
});
