import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, floorQueue, floorRotationLog, shifts } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { at, post, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/**
 * A desk's double tap on a real PostgreSQL (concurrent transactions, not PGlite's one connection):
 * clock-out and "finish" read what they change before the branch's lock, so each request queued
 * behind the first must read it again under the lock. One changes it; the others are told it is
 * already done, and nothing is closed, logged or moved twice.
 */

let ctx: TestContext;
let desk: Agent;
let f: FloorFixtures;

beforeAll(async () => {
  ({ ctx, f, desk } = await startFloorTests('W'));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const clockIn = (employee: number) => post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home });

describe('ten taps at once', () => {
  it('clock-out: one closes the shift, nine are 409 "not clocked in"; one audit row', async () => {
    at('10:00');
    const therapist = f.therapists[0]!;
    const shift = await clockIn(therapist);
    expect(shift.statusCode, shift.body).toBe(201);
    at('11:00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(desk, '/api/floor/shifts/clock-out/', { employee: therapist })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(9);
    const name = refused[0]!.json().message.replace(' is not clocked in.', '');
    for (const a of refused)
      expect(a.json()).toEqual({
        message: `${name} is not clocked in.`,
        errors: { employee: [`${name} is not clocked in.`] },
      });
    const closes = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'shifts'), eq(auditLog.rowId, shift.json().id), eq(auditLog.action, 'update')));
    expect(closes).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(shifts).where(eq(shifts.id, shift.json().id));
    expect(row!.endedAt?.toISOString()).toBe(at('11:00').toISOString());
  }, 120_000);

  it('finish: one ends the service, nine are 409 "already ended"; one "finished" on the log', async () => {
    at('12:00');
    const therapist = f.therapists[1]!;
    expect((await clockIn(therapist)).statusCode).toBe(201);
    const assigned = await post(desk, '/api/floor/assign/', {
      client: f.clients[0],
      location: f.home,
      therapist,
      treatment: f.treatment.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const arrival = assigned.json().arrival.id as number;
    at('12:30');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(desk, `/api/floor/services/${arrival}/finish/`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(9);
    for (const a of refused) expect(a.json().message).toBe('This service already ended at 12:30.');
    const finished = await ctx.database.db
      .select()
      .from(floorRotationLog)
      .where(and(eq(floorRotationLog.employeeId, therapist), eq(floorRotationLog.action, 'finished')));
    expect(finished).toHaveLength(1);
    const [place] = await ctx.database.db.select().from(floorQueue).where(eq(floorQueue.employeeId, therapist));
    expect(place!.queuedAt.toISOString()).toBe(at('12:30').toISOString());
  }, 120_000);
});
