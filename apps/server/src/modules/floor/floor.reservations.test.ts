import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { floorBookings, locations } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { addRoom, at, get, instant, post, reserve, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/** Reservations (issue 22): deposits, the grace-period no-show, cancelling, arriving, and no double booking. */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let admin: Agent;
let f: FloorFixtures;
let A: number, B: number, C: number;
let room: number;

beforeAll(async () => {
  ({ ctx, f, desk, manager, admin } = await startFloorTests('S'));
  [A, B, C] = f.therapists as [number, number, number];
  const res = await addRoom(manager, { location: f.home, name: 'Narra', kind: 'Single' });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ kind: 'single', rule: 'any', is_active: true });
  room = res.json().id;
  at('08:00');
});
afterAll(async () => {
  await ctx?.close();
});

const book = (overrides: Record<string, unknown>) => reserve(desk, f, { time: '14:00', ...overrides });
const gcash = { payment_method: 'e_wallet', amount: '500', reference_no: 'GC-0001' };

describe('booking', () => {
  it('books a therapist and a free bed, with a GCash deposit held', async () => {
    const res = await book({ therapist: A, deposit: gcash, notes: 'Prefers firm pressure' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'booked',
      therapist: A,
      room,
      room_name: 'Narra',
      bed: 1,
      duration_minutes: 60,
      starts_at: instant('14:00').toISOString(),
      ends_at: instant('15:00').toISOString(),
      deposit: { payment_method: 'e_wallet', amount: '500.00', reference_no: 'GC-0001', status: 'held' },
    });
    at('08:00');
  });

  it('refuses a GCash deposit without its reference, and a time already past', async () => {
    const noRef = await book({ therapist: B, time: '16:00', deposit: { ...gcash, reference_no: '' } });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().errors.deposit).toBeDefined();
    const past = await book({ therapist: B, time: '07:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.time).toEqual(['A reservation is for a time still to come.']);
  });

  it('refuses the same therapist at an overlapping time, naming whose time it is', async () => {
    const res = await book({ therapist: A, time: '14:30', client: f.clients[1] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SA Floor is already serving or booked 14:00–15:00 then.');
    expect(res.json().errors.therapist).toHaveLength(1);
  });

  it('refuses the same bed at an overlapping time (the branch has one bed)', async () => {
    const res = await book({ therapist: B, time: '14:45', client: f.clients[2] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No suitable room is free 14:45–15:45.');
    const named = await book({ therapist: B, time: '14:45', client: f.clients[2], room });
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toBe('No suitable room is free 14:45–15:45.');
    const after = await book({ therapist: B, time: '15:00', client: f.clients[2] });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('the database itself refuses an overlapping bed, whatever the pre-checks saw', async () => {
    const db = ctx.database.db;
    const [held] = await db.select().from(floorBookings).where(eq(floorBookings.roomId, room));
    await expect(
      db.insert(floorBookings).values({
        locationId: f.home,
        roomId: room,
        bed: 1,
        startsAt: new Date(held!.startsAt.getTime() + 60_000),
        endsAt: new Date(held!.endsAt.getTime() + 60_000),
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('moving a reservation follows the same rule', async () => {
    const list = (await get(desk, `/api/floor/reservations/?location=${f.home}&therapist=${B}`)).json();
    const id = list.results[0].id;
    const clash = await desk.request({
      method: 'PATCH',
      url: `/api/floor/reservations/${id}/`,
      payload: { therapist: A, time: '14:30' },
    });
    expect(clash.statusCode).toBe(409);
    const moved = await desk.request({
      method: 'PATCH',
      url: `/api/floor/reservations/${id}/`,
      payload: { time: '16:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ time: '16:00', therapist: B, room, bed: 1 });
  });
});

describe('opening hours', () => {
  // Noon in Manila is 04:00 UTC the same day, so a day later its UTC date is tomorrow's in Manila.
  const tomorrow = () => new Date(instant('12:00').getTime() + 86_400_000).toISOString().slice(0, 10);

  it('refuses a booking when the branch is shut or one that would end after it closes, naming its hours', async () => {
    at('08:00');
    const early = await book({ therapist: C, date: tomorrow(), time: '03:00' });
    expect(early.statusCode).toBe(400);
    const shut = 'Floor tests S is open 09:00–22:00; 03:00 is outside its hours.';
    expect(early.json()).toEqual({ message: 'Please correct the highlighted fields.', errors: { time: [shut] } });
    const late = await book({ therapist: C, date: tomorrow(), time: '21:30' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.time).toEqual([
      'Floor tests S is open 09:00–22:00; a 60-minute booking at 21:30 would end after it closes.',
    ]);
    const last = await book({ therapist: C, date: tomorrow(), time: '21:00' });
    expect(last.statusCode, last.body).toBe(201);
    const moved = await desk.request({
      method: 'PATCH',
      url: `/api/floor/reservations/${last.json().id}/`,
      payload: { time: '22:00' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.time).toEqual(['Floor tests S is open 09:00–22:00; 22:00 is outside its hours.']);
    const cancelled = await post(desk, `/api/floor/reservations/${last.json().id}/cancel/`, { reason: 'Test over' });
    expect(cancelled.statusCode).toBe(200);
  });

  it('a branch open past midnight books the small hours of its night', async () => {
    const [night] = await ctx.database.db
      .insert(locations)
      .values({ name: 'Floor tests night', openingTime: '18:00', closingTime: '02:00' })
      .returning({ id: locations.id });
    const at_ = (time: string, minutes = 60) =>
      post(admin, '/api/floor/reservations/', {
        client: f.clients[11],
        location: night!.id,
        date: tomorrow(),
        time,
        treatment: f.treatment.id,
        duration_minutes: minutes,
      });
    at('08:00');
    expect((await at_('00:45')).statusCode).toBe(201);
    expect((await at_('23:00', 180)).statusCode).toBe(201);
    expect((await at_('18:00')).statusCode).toBe(201);
    expect((await at_('01:30')).json().errors.time).toEqual([
      'Floor tests night is open 18:00–02:00; a 60-minute booking at 01:30 would end after it closes.',
    ]);
    expect((await at_('23:30', 180)).statusCode).toBe(400);
    expect((await at_('12:00')).json().errors.time).toEqual([
      'Floor tests night is open 18:00–02:00; 12:00 is outside its hours.',
    ]);
  });
});

describe('reservations against services', () => {
  it('a walk-in that would run into a reservation is refused for that therapist, and assign next passes them over', async () => {
    await post(desk, '/api/floor/shifts/clock-in/', { employee: A, location: f.home });
    at('13:30');
    await post(desk, '/api/floor/shifts/clock-in/', { employee: C, location: f.home });
    const res = await post(desk, '/api/floor/assign/', {
      client: f.clients[3],
      location: f.home,
      therapist: A,
      treatment: f.treatment.id,
      requested: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SA Floor is already serving or booked 14:00–15:00 then.');
    // A second room: the proposal is then decided by the therapists alone.
    const molave = await addRoom(manager, { location: f.home, name: 'Molave' });
    expect(molave.statusCode).toBe(201);
    const proposal = await post(desk, '/api/floor/assign/propose/', {
      location: f.home,
      client: f.clients[3],
      treatment: f.treatment.id,
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json()).toMatchObject({ therapist: C, room_name: 'Molave', bed: 1, requested: false });
  });

  it('a reservation cannot take a therapist who is in service then', async () => {
    at('12:00');
    const walkIn = await post(desk, '/api/floor/assign/', {
      client: f.clients[4],
      location: f.home,
      therapist: C,
      treatment: f.treatment.id,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    at('12:15');
    const res = await book({ therapist: C, time: '12:30', client: f.clients[5] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('SC Floor is already serving or booked 12:00–13:00 then.');
  });

  it('a reserved therapist is held out of the rotation for the reservation’s time', async () => {
    at('14:05');
    const board = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    const a = board.queue.find((q: { therapist: number }) => q.therapist === A);
    expect(a).toMatchObject({
      state: 'reserved',
      is_next: false,
      reservation: { starts_at: instant('14:00').toISOString() },
    });
  });
});

describe('the day of a reservation', () => {
  it('no-show only after the grace period; the deposit is forfeited by default', async () => {
    at('08:00');
    const r = (await book({ therapist: B, time: '18:00', client: f.clients[6], deposit: gcash })).json();
    at('18:10');
    // The board tells the screen from when the no-show is taken, and is to be read again then.
    const board = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    expect(board.reservations.find((x: { id: number }) => x.id === r.id).no_show_from).toBe(
      instant('18:15').toISOString(),
    );
    expect(board.next_change_at).toBe(instant('18:15').toISOString());
    const early = await post(desk, `/api/floor/reservations/${r.id}/no-show/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The grace period ends at 18:15; the client may still come.');
    at('18:15');
    const res = await post(desk, `/api/floor/reservations/${r.id}/no-show/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'no_show',
      deposit: { status: 'forfeited' },
      closed_at: instant('18:15').toISOString(),
    });
    const held = await ctx.database.db.select().from(floorBookings).where(eq(floorBookings.reservationId, r.id));
    expect(held).toEqual([]);
    const after = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    expect(after.reservations.find((x: { id: number }) => x.id === r.id).no_show_from).toBeNull();
  });

  it('a branch that credits no-shows, with a longer grace period', async () => {
    at('08:00');
    const r = (await book({ therapist: B, time: '19:00', client: f.clients[7], deposit: gcash })).json();
    const noShowFrom = async () =>
      (await get(desk, `/api/floor/board/?location=${f.home}`))
        .json()
        .reservations.find((x: { id: number }) => x.id === r.id).no_show_from;
    expect(await noShowFrom()).toBe(instant('19:15').toISOString());
    const put = await manager.request({
      method: 'PUT',
      url: '/api/floor/settings/',
      payload: { location: f.home, grace_minutes: 30, no_show_deposit: 'credit' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(
      (
        await desk.request({
          method: 'PUT',
          url: '/api/floor/settings/',
          payload: { location: f.home, grace_minutes: 5, no_show_deposit: 'forfeit' },
        })
      ).statusCode,
    ).toBe(403);
    // The board kept before the change carries the new grace period at once (settings.service.ts).
    expect(await noShowFrom()).toBe(instant('19:30').toISOString());
    at('19:20');
    expect((await post(desk, `/api/floor/reservations/${r.id}/no-show/`)).statusCode).toBe(409);
    at('19:30');
    const res = await post(desk, `/api/floor/reservations/${r.id}/no-show/`);
    expect(res.json()).toMatchObject({ status: 'no_show', deposit: { status: 'credited', amount: '500.00' } });
  });

  it('cancelling needs a reason, records who, and refunds or credits the deposit as the desk says', async () => {
    at('08:00');
    const r = (await book({ therapist: B, time: '20:00', client: f.clients[8], deposit: gcash })).json();
    const bare = await post(desk, `/api/floor/reservations/${r.id}/cancel/`, { reason: '' });
    expect(bare.statusCode).toBe(400);
    const res = await post(desk, `/api/floor/reservations/${r.id}/cancel/`, {
      reason: 'Client called: sick',
      deposit: 'credited',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Client called: sick',
      cancelled_by: ctx.userIds.receptionist,
      deposit: { status: 'credited' },
    });
    expect((await post(desk, `/api/floor/reservations/${r.id}/cancel/`, { reason: 'again' })).statusCode).toBe(409);
    // Its time is free again.
    expect((await book({ therapist: B, time: '20:00', client: f.clients[9] })).statusCode).toBe(201);
  });

  it('arriving logs the arrival, applies the deposit and puts the therapist in service', async () => {
    at('08:00');
    const r = (await book({ therapist: A, time: '21:00', client: f.clients[10], deposit: gcash })).json();
    at('21:05');
    const res = await post(desk, `/api/floor/reservations/${r.id}/arrive/`, {});
    expect(res.statusCode, res.body).toBe(200);
    const arrived = res.json();
    expect(arrived).toMatchObject({ status: 'arrived', deposit: { status: 'applied' }, therapist: A });
    const arrival = (await get(desk, `/api/clients/arrivals/${arrived.arrival}/`)).json();
    expect(arrival).toMatchObject({ client: f.clients[10], therapist: A, time: '21:00', status: 'arrived' });
    const board = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    const a = board.queue.find((q: { therapist: number }) => q.therapist === A);
    expect(a).toMatchObject({
      state: 'in_service',
      service: { arrival: arrived.arrival, ends_at: instant('22:05').toISOString() },
    });
    expect(board.rooms.find((x: { id: number }) => x.id === arrived.room)).toMatchObject({
      free_beds: 0,
      occupied: [{ bed: 1, arrival: arrived.arrival }],
    });
    expect(board.reservations.map((x: { id: number }) => x.id)).toContain(r.id);
  });

  it('cancelling the arrival at the desk gives its therapist and bed back', async () => {
    const board = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    const a = board.queue.find((q: { therapist: number }) => q.therapist === A);
    const arrivalId = a.service.arrival;
    const roomId = a.service.room;
    const res = await desk.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${arrivalId}/`,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get(desk, `/api/floor/board/?location=${f.home}`)).json();
    expect(after.rooms.find((x: { id: number }) => x.id === roomId)).toMatchObject({ free_beds: 1, occupied: [] });
    expect(after.queue.find((q: { therapist: number }) => q.therapist === A).state).toBe('available');
  });
});
