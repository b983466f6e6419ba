import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientArrivals, employees, floorBookings, sales, treatments } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { activeSalesperson } from '../clients/clients.test-helpers';
import { dayInWords } from '../../lib/notice-text';
import { addRoom, at, get, instant, post, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/**
 * A reservation's client arrives (issue 22, reviewed at the desk): the therapist serves from the
 * rotation as for Assign next (clocked in, not on a break), an early or late client takes another
 * suitable bed when the booked one is in use, and a retried arrival with its Idempotency-Key is
 * the same request however the reservation changed with the first.
 */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let f: FloorFixtures;
let A: number, B: number, C: number;
let salesperson: number;
let first: number, second: number;

beforeAll(async () => {
  ({ ctx, f, desk, manager } = await startFloorTests('R'));
  [A, B, C] = f.therapists as [number, number, number];
  // The tests' branch has no salesperson of its own (floor.test-helpers): one is hired there.
  await ctx.database.db.insert(employees).values({
    kind: 'salesperson',
    firstName: 'Arrive',
    lastName: 'Floor',
    employeeCode: 'FT-R-SALES',
    locationId: f.home,
    hireDate: '2024-01-01',
  });
  salesperson = await activeSalesperson(ctx.database.db, f.home);
  first = (await addRoom(manager, { location: f.home, name: 'Akle' })).json().id;
  second = (await addRoom(manager, { location: f.home, name: 'Balete' })).json().id;
  at('09:00');
});
afterAll(async () => {
  await ctx?.close();
});

const clientNamed = async (name: string) => {
  const res = await post(desk, '/api/clients/', { first_name: name, last_name: 'Arrives', location: f.home });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const book = async (fields: Record<string, unknown>) => {
  const res = await post(desk, '/api/floor/reservations/', {
    location: f.home,
    date: today(),
    treatment: f.treatment.id,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; room: number; bed: number };
};
const arrive = (id: number, body: Record<string, unknown> = {}, key?: string) =>
  desk.request({
    method: 'POST',
    url: `/api/floor/reservations/${id}/arrive/`,
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const clockIn = async (employee: number) =>
  expect((await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home })).statusCode).toBe(201);
const arrivalsOf = (client: number) =>
  ctx.database.db.select().from(clientArrivals).where(eq(clientArrivals.clientId, client));

describe('the therapist of an arriving reservation', () => {
  it('a named therapist who is not clocked in is refused (no arrival logged) until they clock in', async () => {
    at('09:00');
    const client = await clientNamed('Offshift');
    const r = await book({ client, time: '10:00', therapist: A });
    at('10:00');
    const refused = await arrive(r.id);
    expect(refused.statusCode, refused.body).toBe(409);
    const sentence = "RA Floor is not in this branch's rotation (clock in first).";
    expect(refused.json()).toEqual({ message: sentence, errors: { therapist: [sentence] } });
    expect(await arrivalsOf(client)).toHaveLength(0);
    expect((await get(desk, `/api/floor/reservations/${r.id}/`)).json()).toMatchObject({ status: 'booked' });
    await clockIn(A);
    const res = await arrive(r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'arrived', therapist: A });
    const board = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    expect(board.queue.find((q: { therapist: number }) => q.therapist === A)).toMatchObject({
      state: 'in_service',
      service: { arrival: res.json().arrival },
    });
  });

  it('a named therapist on a break is refused', async () => {
    at('09:00');
    await clockIn(B);
    const client = await clientNamed('Onbreak');
    const r = await book({ client, time: '11:00', therapist: B });
    at('10:50');
    const onBreak = await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: B, on_break: true });
    expect(onBreak.statusCode, onBreak.body).toBe(200);
    at('11:00');
    const refused = await arrive(r.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('RB Floor is on a break.');
    expect(await arrivalsOf(client)).toHaveLength(0);
    await post(desk, '/api/floor/rotation/break/', { location: f.home, therapist: B, on_break: false });
    expect((await arrive(r.id)).statusCode).toBe(200);
  });
});

describe('the room of an arriving reservation', () => {
  it('an early client whose booked bed is in use now takes another free bed', async () => {
    at('12:00');
    await clockIn(C);
    const early = await clientNamed('Early');
    const r = await book({ client: early, time: '13:00', room: first });
    // Someone is in the booked room until 12:45.
    const walkIn = await post(desk, '/api/floor/assign/', {
      client: await clientNamed('Walkin'),
      location: f.home,
      therapist: A,
      treatment: f.treatment.id,
      room: first,
      bed: 1,
      duration_minutes: 45,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    at('12:05');
    const res = await arrive(r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'arrived', room: second, room_name: 'Balete', bed: 1 });
    const [held] = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.reservationId, r.id));
    expect(held).toMatchObject({
      roomId: second,
      bed: 1,
      startsAt: instant('12:05'),
      endsAt: instant('13:05'),
      arrivalId: res.json().arrival,
    });
  });

  it('keeps its booked bed when that one is free, and is refused when no suitable bed is free', async () => {
    at('14:00');
    const r = await book({ client: await clientNamed('Ontime'), time: '14:30', room: second });
    const other = await book({ client: await clientNamed('Crowded'), time: '14:30', room: first });
    at('14:30');
    const res = await arrive(r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ room: second, bed: 1 });
    // Every bed is taken now (the other booking holds Akle from 14:30), so a third client has none.
    const late = await book({ client: await clientNamed('Late'), time: '15:30', room: second });
    at('15:00');
    const none = await arrive(late.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No suitable room is free 15:00–16:00.');
    expect((await get(desk, `/api/floor/reservations/${late.id}/`)).json()).toMatchObject({
      status: 'booked',
      room: second,
    });
    expect(other.room).toBe(first);
  });
});

describe('a retried arrival', () => {
  it('an "any therapist" arrival retried with its key answers as the first did: one arrival, one sale', async () => {
    at('16:00');
    const client = await clientNamed('Retry');
    const r = await book({ client, time: '16:30' });
    const body = { payment: { salesperson, payment_method: 'cash' } };
    at('16:25');
    const once = await arrive(r.id, body, 'floor-arrive-retry-1');
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().therapist).not.toBeNull();
    // The answer was lost; the desk retries after the quarter hour turned.
    at('16:31');
    const again = await arrive(r.id, body, 'floor-arrive-retry-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(once.json());
    expect(await arrivalsOf(client)).toHaveLength(1);
    const [price] = await ctx.database.db.select().from(treatments).where(eq(treatments.id, f.treatment.id));
    const lines = await ctx.database.db.select().from(sales).where(eq(sales.clientId, client));
    expect(lines.map((l) => [l.paymentMethod, l.netAmount])).toEqual([['cash', price!.price]]);
    const other = await arrive(
      r.id,
      { payment: { salesperson, payment_method: 'e_wallet', reference_no: 'G1' } },
      'floor-arrive-retry-1',
    );
    expect(other.statusCode).toBe(422);
  });
});

describe('the day of an arriving reservation', () => {
  it("another day's booking is refused (move it to today first), and arrives once moved", async () => {
    at('17:00');
    const tomorrow = new Date(instant('12:00').getTime() + 86_400_000).toISOString().slice(0, 10);
    const client = await clientNamed('Tomorrow');
    const r = await book({ client, date: tomorrow, time: '17:30', therapist: A });
    at('17:30');
    const refused = await arrive(r.id);
    expect(refused.statusCode).toBe(409);
    const sentence = `This booking is for ${dayInWords(tomorrow)}, not today: move it to today first.`;
    expect(refused.json()).toEqual({ message: sentence, errors: { date: [sentence] } });
    expect(await arrivalsOf(client)).toHaveLength(0);
    const moved = await desk.request({
      method: 'PATCH',
      url: `/api/floor/reservations/${r.id}/`,
      payload: { date: today(), time: '17:30', room: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await arrive(r.id)).statusCode).toBe(200);
  });
});
