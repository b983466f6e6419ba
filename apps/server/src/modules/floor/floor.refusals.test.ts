import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateInWords } from '@ginhawa/contract';
import type { Agent, TestContext } from '../../test/build';
import { at, get, post, reserve, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/** The floor's refusals read as sentences a desk can act on: one per field, naming the day when it is not today. */

let ctx: TestContext;
let desk: Agent;
let f: FloorFixtures;

beforeAll(async () => {
  ({ ctx, f, desk } = await startFloorTests('Q'));
  at('08:00');
});
afterAll(async () => {
  await ctx?.close();
});

describe('no-show', () => {
  it("a later day's booking is refused with the day and the time its grace period ends", async () => {
    const tomorrow = addDays(today(), 1);
    const r = await reserve(desk, f, { date: tomorrow, time: '14:00', therapist: f.therapists[0] });
    expect(r.statusCode, r.body).toBe(201);
    const res = await post(desk, `/api/floor/reservations/${r.json().id}/no-show/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `The grace period ends on ${formatDateInWords(tomorrow)} at 14:15; the client may still come.`,
    );
    expect(res.json().errors).toEqual({ status: [res.json().message] });
  });

  it('a reservation no longer booked says what became of it in a plain sentence', async () => {
    const r = (await reserve(desk, f, { time: '10:00', therapist: f.therapists[1], client: f.clients[1] })).json();
    at('10:30');
    expect((await post(desk, `/api/floor/reservations/${r.id}/no-show/`)).statusCode).toBe(200);
    const again = await post(desk, `/api/floor/reservations/${r.id}/no-show/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reservation is already marked as a no-show.');

    at('08:00');
    const c = (await reserve(desk, f, { time: '16:00', therapist: f.therapists[1], client: f.clients[2] })).json();
    expect((await post(desk, `/api/floor/reservations/${c.id}/cancel/`, { reason: 'Sick' })).statusCode).toBe(200);
    const moved = await desk.request({
      method: 'PATCH',
      url: `/api/floor/reservations/${c.id}/`,
      payload: { time: '17:00' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('This reservation is already cancelled.');
  });
});

describe('assign next', () => {
  it('a proposal for an unknown client is refused as the assignment is, with the same sentence', async () => {
    at('11:00');
    const clockIn = await post(desk, '/api/floor/shifts/clock-in/', { employee: f.therapists[2], location: f.home });
    expect(clockIn.statusCode, clockIn.body).toBe(201);
    const body = { location: f.home, client: 99_999_999, treatment: f.treatment.id, therapist: f.therapists[2] };
    const proposal = await post(desk, '/api/floor/assign/propose/', body);
    const assignment = await post(desk, '/api/floor/assign/', body);
    expect(assignment.statusCode).toBe(400);
    expect(assignment.json().errors).toEqual({ client: ['No such client.'] });
    expect(proposal.statusCode).toBe(assignment.statusCode);
    expect(proposal.json()).toEqual(assignment.json());
  });
});

describe('the board', () => {
  it('a bad ?date= is one sentence for the one field', async () => {
    for (const bad of ['abc', '2026-02-30', '']) {
      const res = await get(desk, `/api/floor/board/?location=${f.home}&date=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual({ date: ['Enter a real date as YYYY-MM-DD.'] });
    }
  });
});
