import { afterAll, beforeAll, expect } from 'vitest';
import { addDays } from '@ginhawa/contract';
import type { Agent, TestContext } from '../../test/build';
import { itAnswersHostileRequestsCleanly, type ReadSpec, type WriteSpec } from '../../test/hostile-fields';
import {
  addRoom,
  addSalesperson,
  at,
  post,
  reserve,
  startFloorTests,
  today,
  type FloorFixtures,
} from './floor.test-helpers';

/**
 * The floor's routes as its own desk and Manager use them, with hostile fields (test/hostile-fields.ts):
 * money with three decimals, negative or past the limit, days out of range, NUL bytes, lone
 * surrogates, wrong types. Whatever the body, the answer is never a 5xx and a refusal is
 * `{message, errors?}` with one of the API's codes.
 */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let f: FloorFixtures;
const ids = { room: 0, reservations: [] as number[], salesperson: 0 };

beforeAll(async () => {
  ({ ctx, f, desk, manager } = await startFloorTests('Z'));
  at('10:00');
  ids.salesperson = await addSalesperson(ctx.database.db, f.home, 'Z');
  const room = await addRoom(manager, { location: f.home, name: 'Fuzz room', beds: 2 });
  expect(room.statusCode, room.body).toBe(201);
  ids.room = room.json().id;
  for (const [i, therapist] of f.therapists.entries()) {
    const shift = await post(desk, '/api/floor/shifts/clock-in/', { employee: therapist, location: f.home });
    expect(shift.statusCode, shift.body).toBe(201);
    const booked = await reserve(desk, f, { time: `1${4 + i}:00`, therapist, client: f.clients[i] });
    expect(booked.statusCode, booked.body).toBe(201);
    ids.reservations.push(booked.json().id);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const payment = () => ({
  salesperson: ids.salesperson,
  payment_method: 'e_wallet',
  bank: null,
  reference_no: 'GC-1',
  discount: '100.00',
  service_charge: '50.00',
});
const reservation = () => ids.reservations[0]!;

/** Each write with a body the floor would take as it stands. */
const writes: WriteSpec[] = [
  {
    as: () => desk,
    method: 'POST',
    url: () => '/api/floor/reservations/',
    body: () => ({
      client: f.clients[5],
      location: f.home,
      date: addDays(today(), 1),
      time: '15:00',
      treatment: f.treatment.id,
      therapist: f.therapists[0],
      room: ids.room,
      duration_minutes: 60,
      deposit: { payment_method: 'e_wallet', bank: null, amount: '300.00', reference_no: 'GC-2' },
      deposit_credit: null,
      notes: 'Fuzz',
    }),
  },
  {
    as: () => desk,
    method: 'PATCH',
    url: () => `/api/floor/reservations/${reservation()}/`,
    body: () => ({ date: today(), time: '16:30', therapist: f.therapists[0], room: null, duration_minutes: 45 }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => `/api/floor/reservations/${ids.reservations[1]}/cancel/`,
    body: () => ({ reason: 'Fuzz', deposit: 'credited' }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => `/api/floor/reservations/${ids.reservations[2]}/arrive/`,
    body: () => ({ therapist: null, receptionist: null, voucher: null, client_membership: null, payment: payment() }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => '/api/floor/assign/',
    body: () => ({
      location: f.home,
      client: f.clients[6],
      treatment: f.treatment.id,
      therapist: f.therapists[3],
      requested: false,
      room: ids.room,
      bed: 2,
      duration_minutes: 30,
      payment: payment(),
    }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => '/api/floor/assign/propose/',
    body: () => ({ location: f.home, client: f.clients[7], treatment: f.treatment.id, duration_minutes: 60 }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => '/api/floor/rotation/skip/',
    body: () => ({ location: f.home, therapist: f.therapists[1], reason: 'Fuzz' }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => '/api/floor/rotation/break/',
    body: () => ({ location: f.home, therapist: f.therapists[2], on_break: true }),
  },
  {
    as: () => manager,
    method: 'POST',
    url: () => '/api/floor/rotation/reorder/',
    body: () => ({ location: f.home, order: [...f.therapists].reverse(), reason: 'Fuzz' }),
  },
  {
    as: () => desk,
    method: 'POST',
    url: () => '/api/floor/shifts/clock-out/',
    body: () => ({ employee: f.therapists[2] }),
  },
  {
    as: () => manager,
    method: 'PUT',
    url: () => '/api/floor/settings/',
    body: () => ({ location: f.home, grace_minutes: 15, no_show_deposit: 'credit' }),
  },
  {
    as: () => manager,
    method: 'PATCH',
    url: () => `/api/floor/rooms/${ids.room}/`,
    body: () => ({ name: 'Fuzz room', kind: 'single', beds: 2, rule: 'women', is_active: true }),
  },
];

/** Each read with the query it takes. */
const reads: ReadSpec[] = [
  { as: () => desk, url: () => '/api/floor/board/', query: () => ({ location: String(f.home), date: today() }) },
  {
    as: () => desk,
    url: () => '/api/floor/reservations/',
    query: () => ({ location: String(f.home), date_from: today(), status: 'booked', ordering: '-starts_at' }),
  },
  {
    as: () => desk,
    url: () => '/api/floor/shifts/',
    query: () => ({ location: String(f.home), open: 'true', ordering: 'employee_name' }),
  },
  {
    as: () => desk,
    url: () => '/api/floor/shifts/attendance/',
    query: () => ({ month: '11', year: '2026', cutoff: '2', format: 'csv' }),
  },
  { as: () => desk, url: () => '/api/floor/rotation/log/', query: () => ({ location: String(f.home), date: today() }) },
  {
    as: () => desk,
    url: () => '/api/floor/reservations/deposit-credits/',
    query: () => ({ client: String(f.clients[1]), location: String(f.home) }),
  },
];

itAnswersHostileRequestsCleanly('floor', writes, reads, 2200);
