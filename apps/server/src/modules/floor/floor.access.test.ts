import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLocations } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { action, connectSocket, type TestSocket } from '../../test/ws-client';
import { addRoom, at, get, post, reserve, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/**
 * Who may use a branch's floor (issue 22): Admins anywhere; the branch's Managers, Receptionists and
 * Therapists; nobody else. The live frame reaches the branch's people on every instance, and no one else.
 */

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let desk: Agent;
let therapist: Agent;
let salesperson: Agent;
let outsider: Agent;
let f: FloorFixtures;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({ ctx, f, admin, manager, desk, therapist, salesperson, outsider } = await startFloorTests('M'));
  at('09:00');
});

afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await ctx?.close();
});

describe('the role matrix', () => {
  it('reads the board: the branch’s people and Admins; not salespeople, not another branch', async () => {
    for (const agent of [admin, manager, desk, therapist])
      expect((await get(agent, `/api/floor/board/?location=${f.home}`)).statusCode).toBe(200);
    expect((await get(salesperson, `/api/floor/board/?location=${f.home}`)).statusCode).toBe(403);
    const foreign = await get(desk, `/api/floor/board/?location=${f.foreign}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/^You do not work at .*, so you cannot use its floor\.$/);
    expect((await get(outsider, `/api/floor/board/?location=${f.home}`)).statusCode).toBe(403);
    expect((await get(admin, `/api/floor/board/?location=${f.foreign}`)).statusCode).toBe(200);
    expect((await get(admin, '/api/floor/board/?location=99999')).statusCode).toBe(404);
  });

  it('a receptionist of branch A cannot touch branch B’s board', async () => {
    const clockIn = await post(desk, '/api/floor/shifts/clock-in/', {
      employee: f.foreignTherapist,
      location: f.foreign,
    });
    expect(clockIn.statusCode).toBe(403);
    const booking = await reserve(desk, f, { location: f.foreign, time: '15:00' });
    expect(booking.statusCode).toBe(403);
    const room = await addRoom(admin, { location: f.foreign, name: 'Foreign' });
    expect(room.statusCode).toBe(201);
    expect((await get(desk, `/api/floor/rooms/${room.json().id}/`)).statusCode).toBe(404);
    const list = (await get(desk, '/api/floor/rooms/')).json();
    expect(list.results.map((r: { location: number }) => r.location)).not.toContain(f.foreign);
  });

  it('a desk elsewhere cannot tell by clocking out whether branch B’s people are on shift', async () => {
    // "… is not clocked in." (409) against a 403 for one who is was a way to watch another
    // branch's attendance, whose board and shifts the desk may not read: both are now the 403.
    const answer = async () => post(desk, '/api/floor/shifts/clock-out/', { employee: f.foreignTherapist });
    const offShift = await answer();
    expect(offShift.statusCode, offShift.body).toBe(403);
    expect(offShift.json().message).toMatch(/^You do not work at .*, so you cannot use its floor\.$/);
    expect(
      (await post(admin, '/api/floor/shifts/clock-in/', { employee: f.foreignTherapist, location: f.foreign }))
        .statusCode,
    ).toBe(201);
    const onShift = await answer();
    expect(onShift.statusCode).toBe(403);
    expect(onShift.json()).toEqual(offShift.json());
    expect((await post(admin, '/api/floor/shifts/clock-out/', { employee: f.foreignTherapist })).statusCode).toBe(200);
  });

  it('rooms: Managers of the branch and Admins write; the desk reads', async () => {
    expect((await addRoom(desk, { location: f.home, name: 'Desk room' })).statusCode).toBe(403);
    expect((await addRoom(manager, { location: f.foreign, name: 'X' })).statusCode).toBe(403);
    const res = await addRoom(manager, { location: f.home, name: 'Kamagong', kind: 'Couple', beds: 2, rule: 'women' });
    expect(res.statusCode, res.body).toBe(201);
    const dup = await addRoom(manager, { location: f.home, name: 'kamagong' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toEqual(['This branch already has a room with this name.']);
    expect((await get(desk, `/api/floor/rooms/${res.json().id}/`)).json()).toMatchObject({
      kind: 'couple',
      beds: 2,
      rule: 'women',
    });
  });

  it('a therapist clocks only themselves in; the desk clocks anyone of the branch; therapists do not book', async () => {
    expect(
      (await post(therapist, '/api/floor/shifts/clock-in/', { employee: f.therapists[0], location: f.home }))
        .statusCode,
    ).toBe(403);
    const own = await post(therapist, '/api/floor/shifts/clock-in/', { employee: f.demoTherapist, location: f.home });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ clocked_in_by: ctx.userIds.therapist });
    expect(
      (await post(desk, '/api/floor/shifts/clock-in/', { employee: f.therapists[0], location: f.home })).statusCode,
    ).toBe(201);
    const booking = await reserve(therapist, f, { time: '15:00' });
    expect(booking.statusCode).toBe(403);
    expect(
      (
        await post(therapist, '/api/floor/rotation/skip/', {
          location: f.home,
          therapist: f.therapists[0],
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('shifts and attendance', () => {
  it('lists shifts of the branch and sums days and hours per cutoff, as JSON and CSV', async () => {
    at('17:30');
    expect((await post(desk, '/api/floor/shifts/clock-out/', { employee: f.therapists[0] })).statusCode).toBe(200);
    const open = (await get(desk, `/api/floor/shifts/?location=${f.home}&open=true`)).json();
    expect(open.results.map((s: { employee: number }) => s.employee)).toEqual([f.demoTherapist]);
    const d = today();
    const period = `month=${Number(d.slice(5, 7))}&year=${d.slice(0, 4)}&cutoff=0&location=${f.home}`;
    const report = (await get(desk, `/api/floor/shifts/attendance/?${period}`)).json();
    const row = report.rows.find((r: { employee: number }) => r.employee === f.therapists[0]);
    expect(row).toMatchObject({ days: 1, hours: '8.50', employee_kind: 'therapist' });
    const csv = await get(desk, `/api/floor/shifts/attendance/?${period}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('employee,kind,location,days,hours');
    expect(csv.body).toContain('MA Floor,therapist,');
    // A therapist reads their own line only.
    const mine = (await get(therapist, `/api/floor/shifts/attendance/?${period}`)).json();
    expect(mine.rows.map((r: { employee: number }) => r.employee)).toEqual([f.demoTherapist]);
    // And their own shifts only: the list would otherwise give every colleague's hours.
    const everyone = (await get(desk, `/api/floor/shifts/?location=${f.home}`)).json();
    expect(everyone.results.map((s: { employee: number }) => s.employee)).toContain(f.therapists[0]);
    const own = (await get(therapist, `/api/floor/shifts/?location=${f.home}`)).json();
    expect(new Set(own.results.map((s: { employee: number }) => s.employee))).toEqual(new Set([f.demoTherapist]));
    expect((await get(therapist, `/api/floor/shifts/?employee=${f.therapists[0]}`)).json().count).toBe(0);
  });
});

describe('live', () => {
  it('every change reaches the branch’s open boards on every instance, and no one else', async () => {
    const peer = await ctx.buildPeer();
    try {
      const here = await connectSocket(ctx.app, { agent: desk });
      const there = await connectSocket(peer.app, { agent: manager });
      const away = await connectSocket(ctx.app, { agent: outsider });
      // A salesperson of the branch reads no board, so hears none of its changes.
      await ctx.database.db.insert(userLocations).values({ userId: ctx.userIds.salesperson!, locationId: f.home });
      const seller = await connectSocket(ctx.app, { agent: salesperson });
      sockets.push(here, there, away, seller);
      at('17:40');
      expect(
        (await post(desk, '/api/floor/shifts/clock-in/', { employee: f.therapists[1], location: f.home })).statusCode,
      ).toBe(201);
      const frame = { action: 'floor_changed', location: f.home, date: today() };
      expect(await here.next(action('floor_changed'))).toEqual(frame);
      expect(await there.next(action('floor_changed'))).toEqual(frame);
      // Frames to one instance's sockets go out in one pass: an answer asked for after it comes after it.
      seller.send({ action: 'fetch_older_notifications', offset: 0, limit: 1 });
      await seller.next(action('older_notifications'));
      expect(seller.messages.filter(action('floor_changed'))).toEqual([]);
      // A change at the outsider's branch reaches them: so the home branch's frame before it never did.
      expect(
        (await post(admin, '/api/floor/shifts/clock-in/', { employee: f.foreignTherapist, location: f.foreign }))
          .statusCode,
      ).toBe(201);
      expect(await away.next(action('floor_changed'))).toEqual({
        action: 'floor_changed',
        location: f.foreign,
        date: today(),
      });
      // A reservation and a skip are changes too (the branch's only room so far is for women).
      expect((await addRoom(admin, { location: f.home, name: 'Yakal' })).statusCode).toBe(201);
      const booked = await reserve(desk, f, { client: f.clients[1], time: '20:00', therapist: f.therapists[1] });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(await here.next(action('floor_changed'))).toEqual(frame);
      await post(desk, '/api/floor/rotation/skip/', {
        location: f.home,
        therapist: f.demoTherapist,
        reason: 'Lunch soon',
      });
      expect(await there.next(action('floor_changed'))).toEqual(frame);
    } finally {
      await peer.close();
    }
  });
});
