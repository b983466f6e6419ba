import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { clientArrivals, floorBookings, floorRotationLog } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { at, get, instant, lineOfBoard, post, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/**
 * An arrival logged on the client card ("Log arrival", `POST /clients/arrivals/`) for a therapist on
 * shift at the branch, for a visit now, occupies the therapist on the floor board as the floor's own
 * arrivals do (docs/decisions/0909-a-card-arrival-now-takes-the-therapist.md); one logged after the
 * fact stays a plain record (decision 0414).
 */

let ctx: TestContext;
let desk: Agent;
let f: FloorFixtures;
let A: number, B: number, C: number;
const names = new Map<number, string>();

type Board = {
  queue: { therapist: number; state: string; is_next: boolean; service: { arrival: number; ends_at: string } | null }[];
};

beforeAll(async () => {
  ({ ctx, f, desk } = await startFloorTests('K'));
  [A, B, C] = f.therapists as [number, number, number];
  names.set(A, 'A').set(B, 'B').set(C, 'C');
  at('14:00');
  for (const [i, id] of [A, B, C].entries()) {
    at(`14:0${i}`);
    const res = await post(desk, '/api/floor/shifts/clock-in/', { employee: id, location: f.home });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const board = async () => (await get(desk, `/api/floor/board/?location=${f.home}`)).json() as Board;
const line = async () => lineOfBoard(await board(), names);
/** The 60-minute treatment for the `i`th client at the tests' branch. */
const visit = (i: number) => ({ client: f.clients[i], location: f.home, treatment: f.treatment.id });
const logOnCard = (fields: Record<string, unknown> & { therapist: number; time: string }) =>
  post(desk, '/api/clients/arrivals/', { ...visit(0), ...fields });
const bookingOf = async (arrival: number) =>
  (await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.arrivalId, arrival)))[0];

describe('an arrival logged on the client card', () => {
  it('for a visit now takes the therapist off the line: in service, sent to the back, logged, not offered next', async () => {
    expect(await line()).toEqual(['A:available*', 'B:available', 'C:available']);
    const now = at('14:37', 20);
    const res = await logOnCard({ therapist: A, time: '14:30' });
    expect(res.statusCode, res.body).toBe(201);
    const arrival = res.json();
    expect(arrival).toMatchObject({ therapist: A, date: today(), time: '14:30', status: 'arrived' });
    // As Assign next: from now, for the treatment's length, the therapist at the back when it ends.
    expect(await bookingOf(arrival.id)).toMatchObject({
      therapistId: A,
      locationId: f.home,
      startsAt: now,
      endsAt: new Date(now.getTime() + f.treatment.minutes * 60_000),
      requested: false,
    });
    const b = await board();
    expect(lineOfBoard(b, names)).toEqual(['B:available*', 'C:available', 'A:in_service']);
    expect(b.queue[2]!.service).toMatchObject({ arrival: arrival.id });
    const [logged] = await ctx.database.db
      .select()
      .from(floorRotationLog)
      .where(eq(floorRotationLog.employeeId, A))
      .orderBy(desc(floorRotationLog.id))
      .limit(1);
    expect(logged).toMatchObject({ action: 'served', at: now });
    const proposal = await post(desk, '/api/floor/assign/propose/', visit(1));
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json().therapist).toBe(B);
    // The desk naming the one in service anyway gets the floor's own refusal.
    const twice = await post(desk, '/api/floor/assign/', { ...visit(1), therapist: A, requested: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('KA Floor is already serving or booked 14:37–15:37 then.');
  });

  it('for a therapist already serving is refused with the floor’s 409, and nothing is logged', async () => {
    at('14:45');
    const before = await ctx.database.db.select().from(floorBookings);
    const res = await logOnCard({ therapist: A, time: '14:45', client: f.clients[2] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'KA Floor is already serving or booked 14:37–15:37 then.',
      errors: { therapist: ['KA Floor is already serving or booked 14:37–15:37 then.'] },
    });
    expect(await ctx.database.db.select().from(floorBookings)).toHaveLength(before.length);
    const list = await get(desk, `/api/clients/arrivals/?client=${f.clients[2]}&therapist=${A}`);
    expect(list.json().count).toBe(0);
  });

  it('a requested therapist serves out of turn and keeps their place', async () => {
    at('14:50');
    const res = await logOnCard({ therapist: C, time: '14:45', requested: true, client: f.clients[4] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingOf(res.json().id)).toMatchObject({ therapistId: C, requested: true });
    expect(await line()).toEqual(['B:available*', 'C:in_service', 'A:in_service']);
  });

  it('a visit logged after it ended stays a plain record: no booking, the line unchanged', async () => {
    at('14:55');
    const res = await logOnCard({ therapist: B, time: '13:30' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingOf(res.json().id)).toBeUndefined();
    expect(await line()).toEqual(['B:available*', 'C:in_service', 'A:in_service']);
  });

  it('an earlier slot still running holds the therapist for what is left of it', async () => {
    at('14:56');
    const res = await logOnCard({ therapist: B, time: '14:15', client: f.clients[3] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingOf(res.json().id)).toMatchObject({
      therapistId: B,
      startsAt: instant('14:56'),
      endsAt: instant('15:15'),
    });
    // Back of the line when it ends (15:15), ahead of A, whose service ends at 15:37.
    expect(await line()).toEqual(['C:in_service', 'B:in_service', 'A:in_service']);
  });

  it('cancelling the arrival gives the therapist’s time back', async () => {
    at('15:00');
    const logged = await get(desk, `/api/clients/arrivals/?client=${f.clients[3]}&therapist=${B}`);
    const id = logged.json().results[0].id as number;
    const res = await desk.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${id}/`,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bookingOf(id)).toBeUndefined();
    expect((await board()).queue.find((q) => q.therapist === B)!.state).toBe('available');
  });

  it('a therapist not clocked in here books nothing (decision 0414)', async () => {
    at('15:05');
    const off = f.therapists[3]!;
    const res = await logOnCard({ therapist: off, time: '15:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingOf(res.json().id)).toBeUndefined();
  });
});

const tandem = (i: number, fields: { therapist: number; second_therapist: number; time: string }) =>
  post(desk, '/api/clients/arrivals/', { ...visit(i), ...fields });
const bookingsOfTandem = async (arrival: number) =>
  (
    await ctx.database.db
      .select()
      .from(floorBookings)
      .where(eq(floorBookings.arrivalId, arrival))
      .orderBy(asc(floorBookings.id))
  ).map(({ therapistId, startsAt, endsAt, requested }) => ({ therapistId, startsAt, endsAt, requested }));
const logOf = (employee: number) =>
  ctx.database.db
    .select({ action: floorRotationLog.action, at: floorRotationLog.at })
    .from(floorRotationLog)
    .where(eq(floorRotationLog.employeeId, employee))
    .orderBy(asc(floorRotationLog.id));
const cancel = (id: number) =>
  desk.request({ method: 'PATCH', url: `/api/clients/arrivals/${id}/`, payload: { status: 'cancelled' } });

/**
 * A tandem visit (`second_therapist`) logged on the card for a visit now takes both therapists' time,
 * not only the first's: the second is in service too, moved in the line and logged, so Assign next
 * cannot give them away; a clash on the second is the floor's 409 on `second_therapist`; finishing or
 * cancelling frees both (decision 0909, "Limits"). The services above ended by 16:00.
 */
describe('a tandem visit logged on the client card', () => {
  it('for a visit now puts both therapists in service; Assign next cannot give the second away', async () => {
    const now = at('16:37', 20);
    expect(await line()).toEqual(['C:available*', 'B:available', 'A:available']);
    const res = await tandem(0, { therapist: A, second_therapist: B, time: '16:30' });
    expect(res.statusCode, res.body).toBe(201);
    const arrival = res.json();
    const endsAt = new Date(now.getTime() + f.treatment.minutes * 60_000);
    expect(await bookingsOfTandem(arrival.id)).toEqual([
      { therapistId: A, startsAt: now, endsAt, requested: false },
      { therapistId: B, startsAt: now, endsAt, requested: false },
    ]);
    const b = await board();
    expect(lineOfBoard(b, names)).toEqual(['C:available*', 'A:in_service', 'B:in_service']);
    for (const q of b.queue.slice(1)) expect(q.service).toMatchObject({ arrival: arrival.id });
    expect((await logOf(B)).at(-1)).toEqual({ action: 'served', at: now });
    // Assign next gives C, and naming B anyway is the floor's own refusal.
    const proposal = await post(desk, '/api/floor/assign/propose/', visit(1));
    expect(proposal.json().therapist).toBe(C);
    const taken = await post(desk, '/api/floor/assign/', { ...visit(1), therapist: B, requested: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('KB Floor is already serving or booked 16:37–17:37 then.');
  });

  it('finishing the service frees both and sends both to the back of the line', async () => {
    const [logged] = await ctx.database.db
      .select({ id: clientArrivals.id })
      .from(clientArrivals)
      .where(eq(clientArrivals.secondTherapistId, B));
    const now = at('17:00');
    const res = await post(desk, `/api/floor/services/${logged!.id}/finish/`);
    expect(res.statusCode, res.body).toBe(200);
    const startsAt = new Date(instant('16:37').getTime() + 20_000);
    expect(await bookingsOfTandem(logged!.id)).toEqual([
      { therapistId: A, startsAt, endsAt: now, requested: false },
      { therapistId: B, startsAt, endsAt: now, requested: false },
    ]);
    expect(await line()).toEqual(['C:available*', 'A:available', 'B:available']);
    expect((await logOf(A)).at(-1)).toEqual({ action: 'finished', at: now });
    expect((await logOf(B)).at(-1)).toEqual({ action: 'finished', at: now });
  });

  it('a clash on the second therapist is the floor’s 409 on second_therapist, and nothing is written', async () => {
    at('17:05');
    const busy = await post(desk, '/api/floor/assign/', { ...visit(2), therapist: B, requested: true });
    expect(busy.statusCode, busy.body).toBe(201);
    const bookings = await ctx.database.db.select().from(floorBookings);
    const log = await logOf(C);
    const arrivals = await ctx.database.db.select({ id: clientArrivals.id }).from(clientArrivals);
    at('17:10');
    const res = await tandem(3, { therapist: C, second_therapist: B, time: '17:00' });
    expect(res.statusCode).toBe(409);
    const message = 'KB Floor is already serving or booked 17:05–18:05 then.';
    expect(res.json()).toEqual({ message, errors: { second_therapist: [message] } });
    // C's booking, move and log went with the refused arrival.
    expect(await ctx.database.db.select().from(floorBookings)).toEqual(bookings);
    expect(await logOf(C)).toEqual(log);
    expect(await ctx.database.db.select({ id: clientArrivals.id }).from(clientArrivals)).toEqual(arrivals);
    expect((await board()).queue.find((q) => q.therapist === C)!.state).toBe('available');
  });

  it('cancelling the arrival gives both therapists’ time back', async () => {
    at('17:15');
    const res = await tandem(4, { therapist: C, second_therapist: A, time: '17:15' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await bookingsOfTandem(res.json().id)).map((b) => b.therapistId)).toEqual([C, A]);
    const cancelled = await cancel(res.json().id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await bookingsOfTandem(res.json().id)).toEqual([]);
    const states = (await board()).queue.filter((q) => q.therapist !== B).map((q) => q.state);
    expect(states).toEqual(['available', 'available']);
  });
});
