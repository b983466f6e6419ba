import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent, TestContext } from '../../test/build';
import {
  addRoom,
  at,
  get,
  instant,
  post,
  reserve,
  startFloorTests,
  today,
  type FloorFixtures,
} from './floor.test-helpers';

/**
 * What the board's settings, attendance, rotation log, breaks and a treatment's room kinds allow
 * whom (issue 22, the screens of decision 0903): every refusal is the server's, whatever a screen shows.
 */

let ctx: TestContext;
let f: FloorFixtures;
// Who the role rules name (startFloorTests signs them in): the demo roles and a receptionist of the other branch.
let admin: Agent, manager: Agent, desk: Agent, therapist: Agent, salesperson: Agent, outsider: Agent;

const put = (agent: Agent, url: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'PUT', url, payload });
const takeBreak = (agent: Agent, therapist: number, on_break: boolean) =>
  post(agent, '/api/floor/rotation/break/', { location: f.home, therapist, on_break });
const patch = (agent: Agent, url: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'PATCH', url, payload });

beforeAll(async () => {
  ({ ctx, f, admin, manager, desk, therapist, salesperson, outsider } = await startFloorTests('S'));
  at('09:00');
});
afterAll(async () => {
  await ctx?.close();
});

describe('floor settings', () => {
  it('reads the defaults (15 minutes, forfeit) until a Manager sets them; the branch’s people read them', async () => {
    for (const agent of [admin, manager, desk, therapist]) {
      const res = await get(agent, `/api/floor/settings/?location=${f.home}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ location: f.home, grace_minutes: 15, no_show_deposit: 'forfeit' });
    }
    expect((await get(salesperson, `/api/floor/settings/?location=${f.home}`)).statusCode).toBe(403);
    const foreign = await get(desk, `/api/floor/settings/?location=${f.foreign}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/^You do not work at .*, so you cannot use its floor\.$/);
  });

  it('a Manager changes their branch’s, not another’s; the desk and therapists change none; Admins any', async () => {
    const body = { location: f.home, grace_minutes: 20, no_show_deposit: 'credit' };
    for (const agent of [desk, therapist, outsider])
      expect((await put(agent, '/api/floor/settings/', body)).statusCode).toBe(403);
    const abroad = await put(manager, '/api/floor/settings/', { ...body, location: f.foreign });
    expect(abroad.statusCode).toBe(403);
    const own = await put(manager, '/api/floor/settings/', body);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual(body);
    expect((await get(desk, `/api/floor/settings/?location=${f.home}`)).json()).toEqual(body);
    const byAdmin = await put(admin, '/api/floor/settings/', { ...body, location: f.foreign, grace_minutes: 0 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await get(outsider, `/api/floor/settings/?location=${f.foreign}`)).json()).toMatchObject({
      grace_minutes: 0,
      no_show_deposit: 'credit',
    });
    // The other branch's settings are its own.
    expect((await get(desk, `/api/floor/settings/?location=${f.home}`)).json().grace_minutes).toBe(20);
  });

  it('refuses minutes outside 0–240 and an unknown rule, naming the field', async () => {
    const res = await put(manager, '/api/floor/settings/', {
      location: f.home,
      grace_minutes: 241,
      no_show_deposit: 'keep',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      grace_minutes: ['At most 240 minutes.'],
      no_show_deposit: ['Choose forfeit or credit.'],
    });
  });
});

describe('attendance, the rotation log and breaks', () => {
  it('attendance: the desk of branch A cannot read branch B’s; a Manager without a branch gets only theirs', async () => {
    at('09:05');
    expect(
      (await post(desk, '/api/floor/shifts/clock-in/', { employee: f.therapists[0], location: f.home })).statusCode,
    ).toBe(201);
    expect(
      (await post(admin, '/api/floor/shifts/clock-in/', { employee: f.foreignTherapist, location: f.foreign }))
        .statusCode,
    ).toBe(201);
    at('11:05');
    await post(desk, '/api/floor/shifts/clock-out/', { employee: f.therapists[0] });
    await post(admin, '/api/floor/shifts/clock-out/', { employee: f.foreignTherapist });
    const d = today();
    const period = `month=${Number(d.slice(5, 7))}&year=${d.slice(0, 4)}&cutoff=0`;
    expect((await get(desk, `/api/floor/shifts/attendance/?${period}&location=${f.foreign}`)).statusCode).toBe(403);
    expect((await get(salesperson, `/api/floor/shifts/attendance/?${period}`)).statusCode).toBe(403);
    const mine = (await get(manager, `/api/floor/shifts/attendance/?${period}`)).json();
    const ids = mine.rows.map((r: { employee: number }) => r.employee);
    expect(ids).toContain(f.therapists[0]);
    expect(ids).not.toContain(f.foreignTherapist);
    expect(mine.rows.find((r: { employee: number }) => r.employee === f.therapists[0])).toMatchObject({
      days: 1,
      hours: '2.00',
    });
    const all = (await get(admin, `/api/floor/shifts/attendance/?${period}`)).json();
    expect(all.rows.map((r: { employee: number }) => r.employee)).toEqual(
      expect.arrayContaining(ids.concat(f.foreignTherapist)),
    );
  });

  it('a therapist starts and ends their own break, not a colleague’s; the log says who and when', async () => {
    // Before the branch opens: the demo's reservations (within opening hours) hold nobody yet.
    at('07:00');
    for (const [agent, employee] of [
      [therapist, f.demoTherapist],
      [desk, f.therapists[1]!],
    ] as const)
      expect((await post(agent, '/api/floor/shifts/clock-in/', { employee, location: f.home })).statusCode).toBe(201);
    const colleague = await takeBreak(therapist, f.therapists[1]!, true);
    expect(colleague.statusCode).toBe(403);
    at('07:10');
    const own = await takeBreak(therapist, f.demoTherapist, true);
    expect(own.statusCode, own.body).toBe(200);
    const entry = own.json().queue.find((q: { therapist: number }) => q.therapist === f.demoTherapist);
    expect(entry).toMatchObject({ state: 'on_break', is_next: false });
    expect(entry.break_since).toBe(instant('07:10').toISOString());
    at('07:40');
    const back = await takeBreak(desk, f.demoTherapist, false);
    expect(back.statusCode, back.body).toBe(200);
    const log = await get(therapist, `/api/floor/rotation/log/?location=${f.home}`);
    expect(log.statusCode).toBe(200);
    const breaks = log.json().filter((e: { therapist: number; action: string }) => e.therapist === f.demoTherapist);
    expect(breaks.slice(0, 2)).toMatchObject([
      { action: 'back_from_break', actor: ctx.userIds.receptionist, at: instant('07:40').toISOString() },
      { action: 'break', actor: ctx.userIds.therapist, at: instant('07:10').toISOString() },
    ]);
  });

  it('the rotation log is read like the board: the branch’s people and Admins; a day without changes is empty', async () => {
    expect((await get(outsider, `/api/floor/rotation/log/?location=${f.home}`)).statusCode).toBe(403);
    expect((await get(salesperson, `/api/floor/rotation/log/?location=${f.home}`)).statusCode).toBe(403);
    expect((await get(admin, `/api/floor/rotation/log/?location=${f.home}`)).json().length).toBeGreaterThan(0);
    const earlier = await get(manager, `/api/floor/rotation/log/?location=${f.home}&date=2020-01-01`);
    expect(earlier.statusCode).toBe(200);
    expect(earlier.json()).toEqual([]);
  });
});

describe('a room with bookings to come', () => {
  it('keeps its branch, stays open and keeps its booked beds until the desk moves the bookings', async () => {
    at('09:00');
    const room = await addRoom(manager, { location: f.home, name: 'Dama de Noche', beds: 2 });
    expect(room.statusCode, room.body).toBe(201);
    const url = `/api/floor/rooms/${room.json().id}/`;
    const [first, second] = [
      await reserve(desk, f, { client: f.clients[0], time: '16:00', room: room.json().id }),
      await reserve(desk, f, { client: f.clients[1], time: '16:00', room: room.json().id }),
    ];
    expect([first.json().bed, second.json().bed]).toEqual([1, 2]);
    const shrunk = await patch(manager, url, { beds: 1 });
    const bedTaken = 'Dama de Noche, bed 2 is booked at 16:00; move that booking before taking the bed away.';
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json()).toEqual({ message: bedTaken, errors: { beds: [bedTaken] } });
    const moved = await patch(admin, url, { location: f.foreign });
    const booked = 'Dama de Noche is booked at 16:00; move its bookings to another room before it changes branch.';
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: booked, errors: { location: [booked] } });
    const closing = 'Dama de Noche is booked at 16:00; move its bookings to another room before closing it.';
    for (const closed of [
      await patch(manager, url, { is_active: false }),
      await manager.request({ method: 'DELETE', url }),
    ]) {
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({ message: closing, errors: { is_active: [closing] } });
    }
    expect((await get(desk, url)).json()).toMatchObject({ location: f.home, beds: 2, is_active: true });
    const cancel = (id: number) =>
      post(desk, `/api/floor/reservations/${id}/cancel/`, { reason: 'Moved', deposit: 'refunded' });
    expect((await cancel(second.json().id)).statusCode).toBe(200);
    expect((await patch(manager, url, { beds: 1 })).json().beds).toBe(1);
    expect((await cancel(first.json().id)).statusCode).toBe(200);
    const away = await patch(admin, url, { location: f.foreign });
    expect(away.statusCode, away.body).toBe(200);
    expect(away.json().location).toBe(f.foreign);
  });
});

describe('a treatment’s room kinds', () => {
  it('Admins set them (lower-cased); a booking then needs a room of that kind', async () => {
    at('08:00');
    const url = `/api/services/treatments/${f.treatment.id}/`;
    expect((await patch(manager, url, { room_kinds: ['hammam'] })).statusCode).toBe(403);
    const res = await patch(admin, url, { room_kinds: ['Hammam'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().room_kinds).toEqual(['hammam']);
    expect((await get(desk, url)).json().room_kinds).toEqual(['hammam']);
    // The branch has rooms (so a booking takes one), none of them a hammam yet.
    expect((await addRoom(manager, { location: f.home, name: 'Yakal', kind: 'single' })).statusCode).toBe(201);
    const book = () => reserve(desk, f, { time: '21:00' });
    const refused = await book();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^No room suits .* for this client \(needs hammam\)\.$/);
    expect((await addRoom(manager, { location: f.home, name: 'Molave', kind: 'Hammam' })).statusCode).toBe(201);
    const booked = await book();
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().room_name).toBe('Molave');
    expect((await patch(admin, url, { room_kinds: [] })).json().room_kinds).toEqual([]);
  });
});
