import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInManila } from '@ginhawa/contract';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { DAY_PLAN, DEMO_ROOMS } from './floor.demo';

/** The demo floor (docs/decisions/0902-floor-demo-data.md): what a newcomer's board shows, from the seeded database. */

type Reservation = {
  id: number;
  client: number;
  date: string;
  time: string;
  starts_at: string;
  ends_at: string;
  treatment_name: string;
  therapist: number | null;
  room: number | null;
  room_name: string | null;
  bed: number | null;
  status: string;
  deposit: { payment_method: string; amount: string; reference_no: string; status: string } | null;
};

let ctx: TestContext;
let admin: Agent;
let desk: Agent;
let home: number;
let branches: { id: number; name: string }[];

const get = async (agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  desk = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  branches = (await get(admin, '/api/locations/?pageSize=100&is_active=true')).results;
  const me = await get(desk, '/api/users/my_data/');
  home = me.locations[0].id;
});
afterAll(async () => {
  await ctx?.close();
});

const reservationsOf = async (location: number): Promise<Reservation[]> =>
  (
    await get(
      admin,
      `/api/floor/reservations/?location=${location}&date_from=${todayInManila()}&date_to=${addDays(todayInManila(), 2)}&pageSize=500&ordering=starts_at`,
    )
  ).results;

const overlap = (a: Reservation, b: Reservation) => a.starts_at < b.ends_at && b.starts_at < a.ends_at;

describe('the demo floor', () => {
  it('gives every branch single rooms, a women-only room, a couple room and a foot-spa lounge', async () => {
    for (const branch of branches) {
      const rooms = (await get(admin, `/api/floor/rooms/?location=${branch.id}&pageSize=100&ordering=name`)).results;
      expect(
        rooms.map((r: { name: string; kind: string; beds: number; rule: string }) => [r.name, r.kind, r.beds, r.rule]),
        branch.name,
      ).toEqual(
        [...DEMO_ROOMS].sort((a, b) => a.name.localeCompare(b.name)).map((r) => [r.name, r.kind, r.beds, r.rule]),
      );
    }
  });

  it('has a room for every active treatment the menu offers', async () => {
    const menu = (await get(admin, '/api/services/treatments/?pageSize=500&is_active=true')).results as {
      name: string;
      room_kinds: string[];
    }[];
    const kinds = new Set<string>(DEMO_ROOMS.map((r) => r.kind));
    expect(menu.filter((t) => t.room_kinds.length === 0).map((t) => t.name)).toEqual([]);
    expect(menu.filter((t) => !t.room_kinds.some((k) => kinds.has(k))).map((t) => t.name)).toEqual([]);
    expect(menu.find((t) => t.name === 'Foot Reflexology')?.room_kinds).toEqual(['foot spa']);
    expect(menu.find((t) => t.name === 'Couples Retreat')?.room_kinds).toEqual(['couple']);
  });

  it('books the coming days at the desk’s branch: named and any therapist, a couple, GCash deposits, never overlapping', async () => {
    const booked = await reservationsOf(home);
    const tomorrow = booked.filter((r) => r.date === addDays(todayInManila(), 1));
    expect(booked.filter((r) => r.date === addDays(todayInManila(), 2)).length).toBe(tomorrow.length);
    // Every booking of the plan fits (a couple is two).
    expect(tomorrow.length).toBe(DAY_PLAN.reduce((n, p) => n + p.therapists.length, 0));
    expect(booked.every((r) => r.status === 'booked' && r.room !== null && r.bed !== null)).toBe(true);
    // Today's, if any, start an hour after the seed ran at the earliest: "Assign next" finds someone free.
    expect(booked.every((r) => new Date(r.starts_at).getTime() > Date.now())).toBe(true);
    expect(tomorrow.some((r) => r.therapist === null)).toBe(true);
    expect(tomorrow.some((r) => r.therapist !== null)).toBe(true);
    const deposits = tomorrow.filter((r) => r.deposit);
    expect(deposits.length).toBeGreaterThanOrEqual(3);
    for (const r of deposits)
      expect(r.deposit).toMatchObject({
        payment_method: 'e_wallet',
        status: 'held',
        reference_no: expect.stringMatching(/^\d{13}$/),
      });
    const couple = tomorrow.filter((r) => r.treatment_name === 'Couples Retreat');
    expect(couple.map((r) => [r.room_name, r.bed, r.time])).toEqual([
      ['Couple Suite', 1, couple[0]!.time],
      ['Couple Suite', 2, couple[0]!.time],
    ]);
    expect(new Set(couple.map((r) => r.therapist)).size).toBe(2);
    expect(tomorrow.find((r) => r.treatment_name === 'Foot Reflexology')?.room_name).toBe('Foot Spa Lounge');
    expect(tomorrow.find((r) => r.treatment_name === 'Prenatal Massage')?.room_name).toBe('Rosal');
    for (const [i, a] of booked.entries())
      for (const b of booked.slice(i + 1)) {
        // "Any therapist" blocks too: the board draws them in one column.
        if (a.therapist === b.therapist) expect(overlap(a, b), `${a.id}/${b.id}`).toBe(false);
        if (a.room === b.room && a.bed === b.bed) expect(overlap(a, b), `${a.id}/${b.id}`).toBe(false);
      }
  });

  it('books every branch, and clocks no one in: the board starts with an empty rotation', async () => {
    for (const branch of branches) {
      const booked = await reservationsOf(branch.id);
      expect(booked.filter((r) => r.date === addDays(todayInManila(), 1)).length, branch.name).toBeGreaterThan(0);
      const open = await get(admin, `/api/floor/shifts/?location=${branch.id}&open=true`);
      expect(open.count, branch.name).toBe(0);
    }
    const board = await get(desk, `/api/floor/board/?location=${home}&date=${addDays(todayInManila(), 1)}`);
    expect(board.queue).toEqual([]);
    expect(board.rooms).toHaveLength(DEMO_ROOMS.length);
    expect(board.reservations.length).toBeGreaterThanOrEqual(10);
  });
});
