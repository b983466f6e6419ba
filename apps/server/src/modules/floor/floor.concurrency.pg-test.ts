import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { floorBookings } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { addRoom, at, loadFloorFixtures, reserve, type FloorFixtures } from './floor.test-helpers';

/**
 * No double booking, by the database (issue 22): 100 desks at once ask for one therapist's slot on a
 * real PostgreSQL (concurrent transactions, not PGlite's one connection). Exactly one gets it; the
 * 99 others get a 409 naming whose time it is. The same for one bed.
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
});
