import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { floorRotationLog, shifts } from '../../db/schema/index';
import { floorClock } from './floor-shared.service';
import type { Agent, TestContext } from '../../test/build';
import { at, get, instant, lineOfBoard, post, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/** The rotation ("decking", issue 22): every rule, through the API, on a clock the test sets. */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let admin: Agent;
let f: FloorFixtures;
const names = new Map<number, string>();
let A: number, B: number, C: number, D: number;

type Board = {
  queue: {
    therapist: number;
    state: string;
    is_next: boolean;
    position: number;
    service: { arrival: number; ends_at: string; requested: boolean } | null;
  }[];
  next_change_at: string | null;
};

beforeAll(async () => {
  ({ ctx, f, desk, manager, admin } = await startFloorTests('R'));
  [A, B, C, D] = f.therapists as [number, number, number, number];
  for (const [id, n] of [
    [A, 'A'],
    [B, 'B'],
    [C, 'C'],
    [D, 'D'],
  ] as const)
    names.set(id, n);
});
afterAll(async () => {
  await ctx?.close();
});

const board = async () => {
  const res = await get(desk, `/api/floor/board/?location=${f.home}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Board;
};
const line = async () => lineOfBoard(await board(), names);
const clockIn = (employee: number) => post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home });
const assign = (therapist: number, client: number, requested = false) =>
  post(desk, '/api/floor/assign/', { client, location: f.home, therapist, treatment: f.treatment.id, requested });

describe('the rotation', () => {
  it('clocking in puts a therapist at the back; a second clock-in is a 409', async () => {
    at('10:00');
    expect((await clockIn(A)).statusCode).toBe(201);
    at('10:01');
    expect((await clockIn(B)).statusCode).toBe(201);
    at('10:02');
    const res = await clockIn(C);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ employee: C, location: f.home, ended_at: null, employee_kind: 'therapist' });
    expect(await line()).toEqual(['A:available*', 'B:available', 'C:available']);
    const again = await clockIn(A);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^RA Floor is already clocked in at .* since 10:00\.$/);
  });

  it('assign next proposes the first available therapist, and serving from the rotation sends them to the back at the end', async () => {
    at('10:05');
    const proposal = await post(desk, '/api/floor/assign/propose/', {
      location: f.home,
      client: f.clients[0],
      treatment: f.treatment.id,
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json()).toMatchObject({ therapist: A, requested: false, duration_minutes: 60 });
    const res = await assign(A, f.clients[0]!);
    expect(res.statusCode, res.body).toBe(201);
    const assignment = res.json();
    expect(assignment.arrival).toMatchObject({ therapist: A, client: f.clients[0], status: 'arrived', time: '10:00' });
    expect(assignment.ends_at).toBe(instant('11:05').toISOString());
    expect(await line()).toEqual(['B:available*', 'C:available', 'A:in_service']);
  });

  it('a requested therapist serves out of turn and keeps their place', async () => {
    at('10:06');
    const res = await assign(C, f.clients[1]!, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().requested).toBe(true);
    const b = await board();
    expect(lineOfBoard(b, names)).toEqual(['B:available*', 'C:in_service', 'A:in_service']);
    expect(b.queue[1]!.service).toMatchObject({ requested: true });
  });

  it('a therapist in service is refused a second client (409 naming when)', async () => {
    at('10:07');
    const res = await assign(A, f.clients[2]!, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('RA Floor is already serving or booked 10:05–11:05 then.');
  });

  it('a skip needs a reason, sends the therapist to the back and is logged', async () => {
    at('10:08');
    const bare = await post(desk, '/api/floor/rotation/skip/', { location: f.home, therapist: B, reason: '' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors.reason).toBeDefined();
    await clockIn(D);
    expect(await line()).toEqual(['B:available*', 'C:in_service', 'D:available', 'A:in_service']);
    at('10:09');
    const res = await post(desk, '/api/floor/rotation/skip/', {
      location: f.home,
      therapist: B,
      reason: 'Client asked for a woman',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(lineOfBoard(res.json(), names)).toEqual(['C:in_service', 'D:available*', 'B:available', 'A:in_service']);
    const [logged] = await ctx.database.db.select().from(floorRotationLog).where(eq(floorRotationLog.action, 'skip'));
    expect(logged).toMatchObject({
      employeeId: B,
      reason: 'Client asked for a woman',
      actorId: ctx.userIds.receptionist,
    });
    const log = await get(desk, `/api/floor/rotation/log/?location=${f.home}`);
    expect(log.json()[0]).toMatchObject({ action: 'skip', therapist: B, reason: 'Client asked for a woman' });
  });

  it('a therapist on break is not next, and keeps their place', async () => {
    at('10:10');
    const res = await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: D, on_break: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(lineOfBoard(res.json(), names)).toEqual(['C:in_service', 'D:on_break', 'B:available*', 'A:in_service']);
    const back = await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: D, on_break: false });
    expect(lineOfBoard(back.json(), names)).toEqual(['C:in_service', 'D:available*', 'B:available', 'A:in_service']);
  });

  it('a therapist in service cannot clock out or take a break', async () => {
    const out = await post(desk, '/api/floor/shifts/clock-out/', { employee: A });
    expect(out.statusCode).toBe(409);
    const brk = await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: A, on_break: true });
    expect(brk.statusCode).toBe(409);
  });

  it('finishing a service puts the therapist at the back; a requested one keeps their place', async () => {
    at('10:20');
    const a = (await board()).queue.find((q) => q.therapist === A)!.service!.arrival;
    const res = await post(desk, `/api/floor/services/${a}/finish/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(lineOfBoard(res.json(), names)).toEqual(['C:in_service', 'D:available*', 'B:available', 'A:available']);
    const again = await post(desk, `/api/floor/services/${a}/finish/`);
    expect(again.statusCode).toBe(409);
    at('10:21');
    const c = (await board()).queue.find((q) => q.therapist === C)!.service!.arrival;
    await post(desk, `/api/floor/services/${c}/finish/`);
    expect(await line()).toEqual(['C:available*', 'D:available', 'B:available', 'A:available']);
  });

  it('a service ends by its time alone: in service until then, back of the line after', async () => {
    at('10:30');
    expect((await assign(C, f.clients[3]!)).statusCode).toBe(201);
    const b = await board();
    expect(lineOfBoard(b, names)).toEqual(['D:available*', 'B:available', 'A:available', 'C:in_service']);
    expect(b.next_change_at).toBe(instant('11:30').toISOString());
    at('11:31');
    expect(await line()).toEqual(['D:available*', 'B:available', 'A:available', 'C:available']);
  });

  it('a Manager reorders with a reason; the desk may not; the list must be the whole line', async () => {
    at('11:32');
    const order = [A, B, C, D];
    const refused = await post(desk, '/api/floor/rotation/reorder/', { location: f.home, order, reason: 'Fairness' });
    expect(refused.statusCode).toBe(403);
    const partial = await post(manager, '/api/floor/rotation/reorder/', {
      location: f.home,
      order: [A, B],
      reason: 'x',
    });
    expect(partial.statusCode).toBe(400);
    const res = await post(manager, '/api/floor/rotation/reorder/', {
      location: f.home,
      order,
      reason: 'A came in first today',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(lineOfBoard(res.json(), names)).toEqual(['A:available*', 'B:available', 'C:available', 'D:available']);
    const log = (await get(desk, `/api/floor/rotation/log/?location=${f.home}`)).json();
    expect(log[0]).toMatchObject({ action: 'reorder', reason: 'A came in first today', actor: ctx.userIds.manager });
  });

  it('clocking out leaves the line; clocking out twice is a 409', async () => {
    at('12:00');
    const res = await post(desk, '/api/floor/shifts/clock-out/', { employee: A });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ employee: A, ended_at: instant('12:00').toISOString(), hours: '2.00' });
    expect(await line()).toEqual(['B:available*', 'C:available', 'D:available']);
    expect((await post(desk, '/api/floor/shifts/clock-out/', { employee: A })).statusCode).toBe(409);
  });

  /**
   * An Admin deactivates or moves a therapist on shift: the change clocks them out here (decision
   * 0204), so they leave the line, Assign next proposes the next one, and there is nothing left to clock out.
   */
  const leaves = async (therapist: number, change: Record<string, unknown>, lineThen: string[], next: number) => {
    const now = floorClock.now();
    const changed = await admin.request({ method: 'PATCH', url: `/api/therapists/${therapist}/`, payload: change });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await line()).toEqual(lineThen);
    const [shift] = await ctx.database.db
      .select({ locationId: shifts.locationId, endedAt: shifts.endedAt })
      .from(shifts)
      .where(eq(shifts.employeeId, therapist))
      .orderBy(desc(shifts.id))
      .limit(1);
    expect(shift).toEqual({ locationId: f.home, endedAt: now });
    const proposal = await post(desk, '/api/floor/assign/propose/', {
      location: f.home,
      client: f.clients[4],
      treatment: f.treatment.id,
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json().therapist).toBe(next);
    // Clocked out already: 409 while they are still the branch's; moved away, the branch is no longer
    // the desk's to ask about (403 before anything is said of their shifts, as for any branch's people).
    const again = await post(desk, '/api/floor/shifts/clock-out/', { employee: therapist });
    expect(again.statusCode).toBe(change.location === undefined ? 409 : 403);
  };

  it('one deactivated while on shift is clocked out by the change, and Assign next proposes the next one', async () => {
    at('12:10');
    await leaves(B, { is_active: false }, ['C:available*', 'D:available'], C);
  });

  it('one moved to another branch while on shift is clocked out here as well', async () => {
    at('12:20');
    await leaves(C, { location: f.foreign }, ['D:available*'], D);
  });
});
