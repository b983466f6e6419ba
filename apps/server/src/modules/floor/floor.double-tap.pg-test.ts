import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, clientArrivals, floorQueue, floorRotationLog, sales, shifts } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { addSalesperson, at, post, reserve, startFloorTests, type FloorFixtures } from './floor.test-helpers';

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

  it('a deposit at the door: arrive, no-show and a forfeiting cancel at once settle it once', async () => {
    // Ten desks, no Idempotency-Key: four log the arrival (the deposit applied to the price), three
    // mark a no-show, three cancel forfeiting it. One wins; the ₱300 reaches the books once.
    at('13:00');
    const therapist = f.therapists[2]!;
    expect((await clockIn(therapist)).statusCode).toBe(201);
    const client = f.clients[3]!;
    const deposit = { payment_method: 'e_wallet', amount: '300.00', reference_no: 'GC-DOOR-1' };
    const booked = await reserve(desk, f, { time: '14:00', therapist, client, deposit });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as number;
    const salesperson = await addSalesperson(ctx.database.db, f.home, 'W');
    at('14:20');
    const taps = [
      ...Array.from({ length: 4 }, () =>
        post(desk, `/api/floor/reservations/${id}/arrive/`, { payment: { salesperson, payment_method: 'cash' } }),
      ),
      ...Array.from({ length: 3 }, () => post(desk, `/api/floor/reservations/${id}/no-show/`)),
      ...Array.from({ length: 3 }, () =>
        post(desk, `/api/floor/reservations/${id}/cancel/`, { reason: 'Called', deposit: 'forfeited' }),
      ),
    ];
    const answers = await Promise.all(taps);
    expect(
      answers.filter((a) => a.statusCode === 200),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json().message as string);
    expect(refused).toHaveLength(9);
    for (const m of refused)
      expect([
        'The client of this reservation has already arrived.',
        'This reservation is already marked as a no-show.',
        'This reservation is already cancelled.',
      ]).toContain(m);
    // The deposit's one sale line (applied at the desk, or forfeited): its reference, ₱300, once.
    const lines = await ctx.database.db.select().from(sales).where(eq(sales.referenceNo, 'GC-DOOR-1'));
    expect(lines.map((l) => l.netAmount)).toEqual(['300.00']);
    const visits = await ctx.database.db.select().from(clientArrivals).where(eq(clientArrivals.clientId, client));
    expect(visits.length).toBeLessThanOrEqual(1);
  }, 120_000);
});
