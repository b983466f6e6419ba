import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, floorReservations, treatments } from '../../db/schema/index';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';

let ctx: TestContext;
let admin: Agent;
let home: number;
let elsewhere: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  const location = async (name: string) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/locations/',
      payload: { name, opening_time: '00:00', closing_time: '23:45' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  home = await location('Ahead Ortigas');
  elsewhere = await location('Ahead Makati');
});
afterAll(async () => {
  await ctx?.close();
});

const hireTherapist = async (firstName: string) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/therapists/',
    payload: { first_name: firstName, last_name: 'Pascual', location: home, hire_date: '2025-03-01' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/** A reservation with the therapist, `hoursFromNow` hours ahead (negative: already over). */
const book = async (therapistId: number, hoursFromNow: number, status = 'booked') => {
  const db = ctx.database.db;
  const [client] = await db.select({ id: clients.id }).from(clients).limit(1);
  const [treatment] = await db.select({ id: treatments.id }).from(treatments).limit(1);
  const quarter = 15 * 60_000; // reservations start on the 15-minute grid
  const startsAt = new Date(Math.floor((Date.now() + hoursFromNow * 3_600_000) / quarter) * quarter);
  const manila = new Date(startsAt.getTime() + 8 * 3_600_000).toISOString();
  await db.insert(floorReservations).values({
    clientId: client!.id,
    locationId: home,
    date: manila.slice(0, 10),
    time: manila.slice(11, 16),
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    durationMinutes: 60,
    treatmentId: treatment!.id,
    therapistId,
    status,
  });
};

const change = (id: number, payload: Record<string, unknown>) =>
  admin.request({ method: 'PATCH', url: `/api/therapists/${id}/`, payload });

describe('a therapist with bookings still to come', () => {
  it('is neither moved, deactivated nor deleted, and is told where and when the bookings are', async () => {
    const id = await hireTherapist('Gabriel');
    await book(id, 48);
    await book(id, 72);
    const expected = new RegExp(
      '^Gabriel Pascual has 2 bookings at Ahead Ortigas, the first on \\d{1,2} [A-Z][a-z]{2} \\d{4} at \\d{2}:\\d{2}\\. ' +
        'Give them to another therapist or cancel them on the floor board first\\.$',
    );
    const moved = await change(id, { location: elsewhere });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(expected);
    const deactivated = await change(id, { is_active: false });
    expect(deactivated.statusCode).toBe(409);
    expect(deactivated.json().message).toMatch(expected);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/therapists/${id}/` });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(expected);
    // Nothing changed; other edits still go through.
    const renamed = await change(id, { phone: '0917 123 4567' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ location: home, is_active: true });
  });

  it('is moved once the bookings are over or no longer booked', async () => {
    const id = await hireTherapist('Rowena');
    await book(id, -3);
    await book(id, 24, 'cancelled');
    const moved = await change(id, { location: elsewhere });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().location).toBe(elsewhere);
    const [left] = await ctx.database.db
      .select({ n: floorReservations.id })
      .from(floorReservations)
      .where(eq(floorReservations.therapistId, id));
    expect(left).toBeDefined();
    expect((await change(id, { is_active: false })).statusCode).toBe(200);
  });
});

describe('someone clocked in who moves or leaves', () => {
  const clockIn = async (employee: number) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/floor/shifts/clock-in/',
      payload: { employee, location: home },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const rotation = async () =>
    (await admin.request({ method: 'GET', url: `/api/floor/board/?location=${home}` }))
      .json<{ queue: { therapist: number }[] }>()
      .queue.map((q) => q.therapist);
  const openShifts = async (employee: number) =>
    (await admin.request({ method: 'GET', url: `/api/floor/shifts/?employee=${employee}&open=true` })).json<{
      count: number;
    }>().count;

  it('is clocked out and leaves the rotation, so the desk is not offered someone who is gone', async () => {
    const id = await hireTherapist('Nena');
    await clockIn(id);
    expect(await rotation()).toContain(id);
    const res = await change(id, { is_active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rotation()).not.toContain(id);
    expect(await openShifts(id)).toBe(0);
  });

  it('a receptionist moved to another branch is clocked out of the old one', async () => {
    const hired = await admin.request({
      method: 'POST',
      url: '/api/receptionists/',
      payload: { first_name: 'Desk', last_name: 'Mover', location: home, hire_date: '2025-03-01' },
    });
    const id = hired.json().id as number;
    await clockIn(id);
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/receptionists/${id}/`,
      payload: { location: elsewhere },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await openShifts(id)).toBe(0);
  });
});
