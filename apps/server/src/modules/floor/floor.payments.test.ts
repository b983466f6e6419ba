import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { formatPeso } from '@ginhawa/contract';
import {
  banks,
  clientArrivals,
  clientTreatments,
  commissionRules,
  employees,
  notifications,
  payRunLines,
  sales,
  treatments,
  users,
} from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { activeSalesperson } from '../clients/clients.test-helpers';
import { addTherapists, at, post, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/**
 * The board logs an arrival as the arrival card does (issue 22: "redeeming a voucher session as the
 * arrival card already does"): the arrival, the voucher's session or the desk payment, and the
 * floor booking are one transaction, so a refused booking (409) uses no session and records no sale.
 */

let ctx: TestContext;
let desk: Agent;
let admin: Agent;
let f: FloorFixtures;
let salesperson: number;
let salespersonUser: number;
let A: number, B: number;

beforeAll(async () => {
  ({ ctx, f, desk, admin } = await startFloorTests('P'));
  [A, B] = f.therapists as [number, number];
  // The tests' own branch (floor.test-helpers) has no salesperson of its own: one is hired there,
  // with a login, so the sale notices credited to them are on file.
  const [seller] = await ctx.database.db
    .insert(users)
    .values({ username: 'floor-pay-sales', firstName: 'Pay', lastName: 'Floor', passwordHash: 'no sign-in' })
    .returning({ id: users.id });
  salespersonUser = seller!.id;
  await ctx.database.db.insert(employees).values({
    userId: salespersonUser,
    kind: 'salesperson',
    firstName: 'Pay',
    lastName: 'Floor',
    employeeCode: 'FT-P-SALES',
    locationId: f.home,
    hireDate: '2024-01-01',
  });
  salesperson = await activeSalesperson(ctx.database.db, f.home);
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
/** Books the client today with `therapist` (null: any), with a deposit when given. */
const book = async (client: number, time: string, therapist: number | null, deposit?: Record<string, unknown>) => {
  const res = await post(desk, '/api/floor/reservations/', {
    client,
    location: f.home,
    date: today(),
    time,
    treatment: f.treatment.id,
    therapist,
    ...(deposit ? { deposit } : {}),
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

  it('a service charge over the treatment’s price is refused on payment.service_charge, and nothing is written', async () => {
    // ₱9,999,999,999.99 on one visit was taken, and two such made the branch's pay run uncomputable
    // (a service-charge share past numeric(12,2)): a typo the desk is told of, not the payroll.
    at('11:00');
    const client = await newClient('Charged');
    const [treatment] = await ctx.database.db.select().from(treatments).where(eq(treatments.id, f.treatment.id));
    const over = (Number(treatment!.price) + 0.01).toFixed(2);
    for (const service_charge of [over, '9999999999.99']) {
      const res = await assign({ client, therapist: A, payment: { ...cash(), service_charge } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({
        'payment.service_charge': [`The service charge cannot exceed the price (${formatPeso(treatment!.price)}).`],
      });
    }
    expect(await arrivalsOf(client)).toHaveLength(0);
    expect(await walkInSalesOf(client)).toHaveLength(0);
  });
});

describe('a reservation’s arrival with a voucher or a desk payment', () => {
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
      refunded: null,
    });
  });
});

describe('a reservation’s deposit applied at a desk-paid arrival (issue 22: the books match the money)', () => {
  let card: number;
  let report: number;
  let C: number, D: number;
  const visit = { arrival: 0, sales: [] as number[] };
  const deposit = () => ({ payment_method: 'card', bank: card, amount: '500', reference_no: 'CARD-0042' });
  const bookWithDeposit = (client: number, time: string, therapist: number) => book(client, time, therapist, deposit());
  const byMethod = async () => {
    const res = await admin.request({ method: 'GET', url: `/api/reports/${report}/` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().by_payment_method as Record<string, string>;
  };
  const plain = () => ({ salesperson, payment_method: 'cash', discount: '0' });
  const visitLines = (client: number) =>
    ctx.database.db
      .select()
      .from(sales)
      .where(and(eq(sales.clientId, client), eq(sales.kind, 'walk_in')))
      .orderBy(sales.id);

  beforeAll(async () => {
    [C, D] = f.therapists.slice(2) as [number, number];
    at('16:00');
    for (const employee of [C, D])
      expect((await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home })).statusCode).toBe(201);
    const [bank] = await ctx.database.db.select().from(banks).where(eq(banks.isActive, true)).limit(1);
    card = bank!.id;
    // The figures: a ₱1,350 treatment.
    await ctx.database.db.update(treatments).set({ price: '1350.00' }).where(eq(treatments.id, f.treatment.id));
    const created = await post(admin, '/api/reports/', { location: f.home, date: today() });
    expect(created.statusCode, created.body).toBe(201);
    report = created.json().id;
  });

  it('₱500 card deposit, ₱1,350 treatment: ₱500 card (its bank and reference) and ₱850 cash, once', async () => {
    at('16:00');
    const client = await newClient('Deposited');
    const id = await bookWithDeposit(client, '18:00', C);
    const before = await byMethod();
    const credited = () =>
      ctx.database.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.type, 'sale_credited'), eq(notifications.recipientId, salespersonUser)))
        .orderBy(asc(notifications.id));
    const noticesBefore = (await credited()).length;
    at('17:55');
    const res = await arrive(id, { payment: plain() }, 'floor-deposit-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'applied', amount: '500.00' });
    const arrival = res.json().arrival as number;
    const lines = await visitLines(client);
    expect(lines.map((l) => [l.paymentMethod, l.amount, l.discount, l.netAmount, l.bankId, l.referenceNo])).toEqual([
      ['cash', '850.00', '0.00', '850.00', null, ''],
      ['card', '500.00', '0.00', '500.00', card, 'CARD-0042'],
    ]);
    expect(lines.every((l) => l.reference === `A-${arrival}` && l.salespersonId === salesperson)).toBe(true);
    // The credited salesperson hears of the visit once, at its whole net price, not once per line.
    const told = (await credited()).slice(noticesBefore);
    expect(told.map((n) => n.message)).toEqual([
      expect.stringMatching(/ sold a walk-in visit credited to you: ₱1,350\.00\.$/),
    ]);
    Object.assign(visit, { arrival, sales: lines.map((l) => l.id) });
    const after = await byMethod();
    expect(Number(after.cash ?? 0) - Number(before.cash ?? 0)).toBe(850);
    expect(Number(after.card ?? 0) - Number(before.card ?? 0)).toBe(500);

    // The arrival reads back both lines of its payment, and is still one arrival in its list.
    const read = await desk.request({ method: 'GET', url: `/api/clients/arrivals/${arrival}/` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().sale).toMatchObject({ id: lines[0]!.id, net_amount: '850.00', payment_method: 'cash' });
    expect(read.json().deposit_sale).toMatchObject({ id: lines[1]!.id, net_amount: '500.00', payment_method: 'card' });
    const listed = await desk.request({ method: 'GET', url: `/api/clients/arrivals/?client=${client}` });
    expect(listed.json().results.map((a: { id: number }) => a.id)).toEqual([arrival]);

    // A retry with the key answers the same and writes nothing more.
    const replay = await arrive(id, { payment: plain() }, 'floor-deposit-1');
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await visitLines(client)).toHaveLength(2);
    expect(await arrivalsOf(client)).toHaveLength(1);

    // Cancelling the paid arrival is refused, naming both lines.
    const cancel = await desk.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${arrival}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().message).toContain(
      `sale #${lines[0]!.id} (₱850.00, Cash) and sale #${lines[1]!.id} (₱500.00, Card) are on the day's sales. Ask for those sale lines to be deleted first; once they are deleted, the arrival can be cancelled.`,
    );
  });

  it('a deposit over the net price is applied up to it, and the rest is on record as handed back', async () => {
    at('18:00');
    const client = await newClient('Covered');
    const id = await bookWithDeposit(client, '19:30', C);
    at('19:25');
    const res = await arrive(id, { payment: { ...plain(), discount: '1000' } });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await visitLines(client);
    expect(lines.map((l) => [l.paymentMethod, l.amount, l.discount, l.netAmount])).toEqual([
      ['cash', '1000.00', '1000.00', '0.00'],
      ['card', '350.00', '0.00', '350.00'],
    ]);
    // ₱500 held, ₱350 taken by the visit: ₱150 handed back, and the reservation says so.
    expect(res.json().deposit).toMatchObject({ status: 'applied', amount: '500.00', refunded: '150.00' });
    const read = await desk.request({ method: 'GET', url: `/api/floor/reservations/${id}/` });
    expect(read.json().deposit.refunded).toBe('150.00');
  });

  it('a refused arrival (409) writes no sale line and keeps the deposit held', async () => {
    at('19:30');
    const client = await newClient('Clash');
    const id = await bookWithDeposit(client, '20:30', D);
    const walkIn = await assign({ client: await newClient('Busy'), therapist: D });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    at('19:40');
    const res = await arrive(id, { payment: plain() });
    expect(res.statusCode, res.body).toBe(409);
    expect(await visitLines(client)).toHaveLength(0);
    expect(await arrivalsOf(client)).toHaveLength(0);
    const read = await desk.request({ method: 'GET', url: `/api/floor/reservations/${id}/` });
    expect(read.json()).toMatchObject({ status: 'booked', deposit: { status: 'held' } });
  });

  it('the pay run pays the two-line visit exactly what a one-line ₱1,350 walk-in earns', async () => {
    const ruleBase = { locationId: f.home, treatmentId: f.treatment.id, effectiveFrom: '2020-01-01' };
    await ctx.database.db.insert(commissionRules).values([
      { ...ruleBase, role: 'therapist', kind: 'percent', basis: 'paid_price', value: '10.00' },
      { ...ruleBase, role: 'salesperson', kind: 'fixed', value: '75.00' },
    ]);
    at('20:40');
    const single = await newClient('Single');
    const walkIn = await assign({ client: single, therapist: A, payment: plain() });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const singleLines = await visitLines(single);
    expect(singleLines.map((l) => l.netAmount)).toEqual(['1350.00']);
    const [y, m, d] = today().split('-').map(Number) as [number, number, number];
    const run = await post(admin, '/api/payroll/runs/', {
      location: f.home,
      year: y,
      month: m,
      cutoff: d <= 15 ? 1 : 2,
    });
    expect(run.statusCode, run.body).toBeLessThan(300);
    const lines = await ctx.database.db.select().from(payRunLines).where(eq(payRunLines.runId, run.json().id));
    const earned = (arrival: number, saleIds: number[]) =>
      lines
        .filter(
          (l) =>
            (l.source === 'arrival' && l.sourceId === arrival) ||
            (l.source === 'sale' && saleIds.includes(l.sourceId!)),
        )
        .map((l) => [l.source, l.ruleLabel, l.baseAmount, l.amount, l.requested])
        .sort();
    const one = earned(
      walkIn.json().arrival.id,
      singleLines.map((l) => l.id),
    );
    expect(one.filter((l) => l[4] === false)).toEqual([
      ['arrival', '10.00% of net amount', '1350.00', '135.00', false],
      ['sale', '₱75.00 per sale', null, '75.00', false],
    ]);
    expect(earned(visit.arrival, visit.sales)).toEqual(one);
  });

  it('a visit whose discount leaves nothing to pay hands the whole deposit back', async () => {
    at('20:50');
    const client = await newClient('Free visit');
    const id = await bookWithDeposit(client, '21:00', C);
    at('20:58');
    const res = await arrive(id, { payment: { ...plain(), discount: '1350' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await visitLines(client)).map((l) => l.netAmount)).toEqual(['0.00', '0.00']);
    expect(res.json().deposit).toMatchObject({ status: 'applied', amount: '500.00', refunded: '500.00' });
    // The therapist is free again for the tests below.
    expect((await post(desk, `/api/floor/services/${res.json().arrival}/finish/`)).statusCode).toBe(200);
  });
});

describe('a reservation’s deposit on a visit with nothing to pay (decision 0900: the money reaches a record)', () => {
  const credits = (client: number) =>
    desk.request({
      method: 'GET',
      url: `/api/floor/reservations/deposit-credits/?client=${client}&location=${f.home}`,
    });
  const gcash = (amount: string) => ({ payment_method: 'e_wallet', amount, reference_no: `GC-${amount}` });
  let C: number;
  beforeAll(() => {
    C = f.therapists[2]!;
  });

  it('a deposit over the treatment’s price is refused when booking', async () => {
    at('20:45');
    const res = await post(desk, '/api/floor/reservations/', {
      client: await newClient('Overpaid'),
      location: f.home,
      date: today(),
      time: '21:00',
      treatment: f.treatment.id,
      therapist: B,
      deposit: gcash('1350.01'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.deposit).toEqual([
      expect.stringMatching(/^A deposit is at most the treatment’s price: ₱1,350\.00 for /),
    ]);
    expect(await walkInSalesOf(await newClient('Nothing'))).toHaveLength(0);
  });

  it('on a voucher the desk says credited: the deposit becomes the client’s credit, no sale line', async () => {
    at('20:45');
    const client = await newClient('Credited');
    const voucher = await sellVoucher(client, 3);
    const id = await book(client, '21:00', C, gcash('300'));
    at('21:00');
    const unsaid = await arrive(id, { voucher });
    expect(unsaid.statusCode, unsaid.body).toBe(400);
    expect(unsaid.json().errors.deposit).toEqual([
      'Say what becomes of the ₱300.00 deposit: handed back to the client, or kept as their credit.',
    ]);
    expect(await sessionsUsed(voucher)).toBe(0);
    const res = await arrive(id, { voucher, deposit: 'credited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'arrived', deposit: { status: 'credited', amount: '300.00' } });
    expect(await sessionsUsed(voucher)).toBe(1);
    expect((await walkInSalesOf(client)).map((s) => s.kind)).toEqual(['voucher']);
    const offered = await credits(client);
    expect(offered.json()).toEqual([
      expect.objectContaining({ reservation: id, status: 'arrived', amount: '300.00', reference_no: 'GC-300' }),
    ]);
  });

  it('on a voucher the desk says refunded: nothing is held or credited, no sale line', async () => {
    at('20:45');
    const client = await newClient('Refunded');
    const voucher = await sellVoucher(client, 1);
    const id = await book(client, '21:00', B, { payment_method: 'cash', amount: '200' });
    at('21:00');
    const res = await arrive(id, { voucher, deposit: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'refunded', amount: '200.00' });
    expect((await walkInSalesOf(client)).map((s) => s.kind)).toEqual(['voucher']);
    expect((await credits(client)).json()).toEqual([]);
  });

  it('a visit paid at the desk uses the deposit: a choice for it is refused and nothing is written', async () => {
    at('20:45');
    const client = await newClient('Paying');
    const id = await book(client, '21:00', null, { payment_method: 'cash', amount: '200' });
    at('21:00');
    const res = await arrive(id, { payment: cash(), deposit: 'credited' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.deposit).toEqual([
      'A visit paid at the desk uses the deposit toward its price; leave the deposit’s choice out.',
    ]);
    expect(await walkInSalesOf(client)).toHaveLength(0);
    const read = await desk.request({ method: 'GET', url: `/api/floor/reservations/${id}/` });
    expect(read.json()).toMatchObject({ status: 'booked', deposit: { status: 'held' } });
  });
});

describe('who received a visit the floor logs (decision 0414: as the arrival card defaults to)', () => {
  it('the receptionist who logs it at their branch; an Admin, with no receptionist record, names no one', async () => {
    // The demo receptionist's record moves to the tests' branch (this file's last test).
    const [me] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'receptionist'));
    const [record] = await ctx.database.db
      .update(employees)
      .set({ locationId: f.home })
      .where(and(eq(employees.userId, me!.id), eq(employees.kind, 'receptionist')))
      .returning({ id: employees.id });
    at('21:00');
    const [E, G] = (await addTherapists(ctx.database.db, f.home, 2, 'R')) as [number, number];
    for (const employee of [E, G])
      expect((await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home })).statusCode).toBe(201);
    const byDesk = await assign({ client: await newClient('Received'), therapist: E, payment: cash() });
    expect(byDesk.statusCode, byDesk.body).toBe(201);
    expect(byDesk.json().arrival.receptionist).toBe(record!.id);
    const byAdmin = await post(admin, '/api/floor/assign/', {
      client: await newClient('By admin'),
      location: f.home,
      therapist: G,
      treatment: f.treatment.id,
      payment: cash(),
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().arrival.receptionist).toBeNull();
  });
});
