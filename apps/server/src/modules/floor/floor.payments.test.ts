import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { banks, clientArrivals, clientTreatments, employees, sales } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { at, loadFloorFixtures, post, today, type FloorFixtures } from './floor.test-helpers';

/**
 * The board logs an arrival as the arrival card does (issue 22: "redeeming a voucher session as the
 * arrival card already does"): the arrival, the voucher's session or the desk payment, and the
 * floor booking are one transaction, so a refused booking (409) uses no session and records no sale.
 */

let ctx: TestContext;
let desk: Agent;
let f: FloorFixtures;
let salesperson: number;
let A: number, B: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  desk = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  f = await loadFloorFixtures(ctx.database.db, 'P');
  [A, B] = f.therapists as [number, number];
  // The floor tests' own branch starts with therapists only: the desk's salesperson joins it.
  const [seller] = await ctx.database.db
    .insert(employees)
    .values({
      kind: 'salesperson',
      firstName: 'Desk',
      lastName: 'Floorpay',
      employeeCode: 'FP-SALES-1',
      locationId: f.home,
      hireDate: '2024-01-01',
    })
    .returning({ id: employees.id });
  salesperson = seller!.id;
  at('09:00');
  for (const employee of [A, B])
    expect((await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home })).statusCode).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
});

const newClient = async (first: string) => {
  const res = await post(desk, '/api/clients/', { first_name: first, last_name: 'Floorpay', location: f.home });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const sellVoucher = async (client: number, sessions: number) => {
  const res = await post(desk, '/api/clients/treatments/', {
    client,
    treatment: f.treatment.id,
    sessions,
    location: f.home,
    salesperson,
    payment_method: 'cash',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const sessionsUsed = async (voucher: number) =>
  (await ctx.database.db.select().from(clientTreatments).where(eq(clientTreatments.id, voucher)))[0]!.sessionsUsed;
const arrivalsOf = (client: number) =>
  ctx.database.db.select().from(clientArrivals).where(eq(clientArrivals.clientId, client));
const walkInSalesOf = (client: number) => ctx.database.db.select().from(sales).where(eq(sales.clientId, client));
const assign = (body: Record<string, unknown>, key?: string) =>
  desk.request({
    method: 'POST',
    url: '/api/floor/assign/',
    payload: { location: f.home, treatment: f.treatment.id, requested: true, ...body },
    headers: key ? { 'idempotency-key': key } : {},
  });
const cash = () => ({ salesperson, payment_method: 'cash', discount: '100' });

describe('assign next with a voucher or a desk payment', () => {
  it('redeems one voucher session, once, however often the desk retries with its key', async () => {
    at('10:00');
    const client = await newClient('Voucher');
    const voucher = await sellVoucher(client, 2);
    const first = await assign({ client, therapist: A, voucher }, 'floor-pay-voucher-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().arrival).toMatchObject({ voucher, therapist: A, sale: null });
    const again = await assign({ client, therapist: A, voucher }, 'floor-pay-voucher-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().arrival.id).toBe(first.json().arrival.id);
    expect(await sessionsUsed(voucher)).toBe(1);
    expect(await arrivalsOf(client)).toHaveLength(1);
  });

  it('a refused booking (the therapist is in service: 409) uses no session and records no payment', async () => {
    at('10:15');
    const client = await newClient('Refused');
    const voucher = await sellVoucher(client, 2);
    const byVoucher = await assign({ client, therapist: A, voucher });
    expect(byVoucher.statusCode, byVoucher.body).toBe(409);
    expect(byVoucher.json().message).toMatch(/already serving or booked 10:00–/);
    const paid = await assign({ client, therapist: A, payment: cash() });
    expect(paid.statusCode, paid.body).toBe(409);
    expect(await sessionsUsed(voucher)).toBe(0);
    expect(await arrivalsOf(client)).toHaveLength(0);
    // Only the voucher's own sale is on file for this client: the refused walk-in wrote no sale line.
    expect((await walkInSalesOf(client)).map((s) => s.kind)).toEqual(['voucher']);
  });

  it('a walk-in paid at the desk records its sale with the arrival and the booking', async () => {
    at('10:30');
    const client = await newClient('Paying');
    const res = await assign({ client, therapist: B, payment: cash() });
    expect(res.statusCode, res.body).toBe(201);
    const { arrival } = res.json();
    expect(arrival.sale).toMatchObject({ payment_method: 'cash' });
    const [sale] = await walkInSalesOf(client);
    expect(sale).toMatchObject({ kind: 'walk_in', paymentMethod: 'cash', discount: '100.00' });
    expect(Number(sale!.netAmount)).toBe(Number(sale!.amount) - 100);
    expect((await arrivalsOf(client)).map((a) => a.therapistId)).toEqual([B]);
  });
});

describe('a reservation’s arrival with a voucher or a desk payment', () => {
  const book = async (client: number, time: string, therapist: number) => {
    const res = await post(desk, '/api/floor/reservations/', {
      client,
      location: f.home,
      date: today(),
      time,
      treatment: f.treatment.id,
      therapist,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const arrive = (id: number, body: Record<string, unknown>, key?: string) =>
    desk.request({
      method: 'POST',
      url: `/api/floor/reservations/${id}/arrive/`,
      payload: body,
      headers: key ? { 'idempotency-key': key } : {},
    });

  it('redeems the session once: a retry with the key answers the same, a second arrival is a 409', async () => {
    at('12:00');
    const client = await newClient('Booked');
    const voucher = await sellVoucher(client, 3);
    const id = await book(client, '13:00', A);
    at('12:55');
    const res = await arrive(id, { voucher }, 'floor-pay-arrive-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'arrived', therapist: A });
    const replay = await arrive(id, { voucher }, 'floor-pay-arrive-1');
    expect(replay.statusCode, replay.body).toBe(200);
    expect((await arrive(id, { voucher })).statusCode).toBe(409);
    expect(await sessionsUsed(voucher)).toBe(1);
    const arrivals = await arrivalsOf(client);
    expect(arrivals.map((a) => a.voucherId)).toEqual([voucher]);
  });

  it('an early arrival that would run into the therapist’s walk-in (409) uses no session and records no payment', async () => {
    at('15:00');
    const client = await newClient('Early');
    const voucher = await sellVoucher(client, 2);
    const id = await book(client, '17:00', B);
    const walkIn = await assign({ client: await newClient('Between'), therapist: B });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    at('15:30');
    const byVoucher = await arrive(id, { voucher });
    expect(byVoucher.statusCode, byVoucher.body).toBe(409);
    expect(byVoucher.json().message).toMatch(/already serving or booked 15:00–/);
    expect((await arrive(id, { payment: cash() })).statusCode).toBe(409);
    expect(await sessionsUsed(voucher)).toBe(0);
    expect(await arrivalsOf(client)).toHaveLength(0);
    expect((await walkInSalesOf(client)).map((s) => s.kind)).toEqual(['voucher']);
    // The reservation is still booked, for later.
    const read = await desk.request({ method: 'GET', url: `/api/floor/reservations/${id}/` });
    expect(read.json()).toMatchObject({ status: 'booked', arrival: null });
  });
});

describe('card and bank-transfer deposits', () => {
  it('name the bank account they reached (refused without one, or with an unknown one) and keep it', async () => {
    at('08:00');
    const [bank] = await ctx.database.db.select().from(banks).where(eq(banks.isActive, true)).limit(1);
    const client = await newClient('Deposit');
    const booking = (deposit: Record<string, unknown>) =>
      post(desk, '/api/floor/reservations/', {
        client,
        location: f.home,
        date: today(),
        time: '20:00',
        treatment: f.treatment.id,
        deposit: { amount: '300', reference_no: 'SLIP-1', ...deposit },
      });
    const missing = await booking({ payment_method: 'card' });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors.deposit).toEqual(['Choose the bank account the deposit went to.']);
    expect((await booking({ payment_method: 'bank_transfer', bank: 999_999 })).statusCode).toBe(400);
    const res = await booking({ payment_method: 'bank_transfer', bank: bank!.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().deposit).toEqual({
      payment_method: 'bank_transfer',
      bank: bank!.id,
      amount: '300.00',
      reference_no: 'SLIP-1',
      status: 'held',
    });
  });
});
