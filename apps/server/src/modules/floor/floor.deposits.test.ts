import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, dailyReports, floorReservations, sales } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { branchPeriod, earningsSql } from '../payroll/earnings.service';
import { rowsOf } from '../sales/shared';
import { at, post, reserve, startFloorTests, today, type FloorFixtures } from './floor.test-helpers';

/** A reservation's forfeited deposit reaches the books (decision 0900, "A forfeited deposit is takings"). */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let outsider: Agent;
let salesperson: Agent;
let f: FloorFixtures;
let B: number;

beforeAll(async () => {
  ({ ctx, f, desk, manager, outsider, salesperson } = await startFloorTests('D'));
  B = f.therapists[1]!;
  at('08:00');
});
afterAll(async () => {
  await ctx?.close();
});

const gcash = { payment_method: 'e_wallet', amount: '500', reference_no: 'GC-0042' };
const book = (time: string, client: number, deposit: Record<string, unknown> | null = gcash) =>
  reserve(desk, f, { therapist: B, time, client, deposit });
const forfeits = () =>
  ctx.database.db
    .select()
    .from(sales)
    .where(and(eq(sales.kind, 'forfeit'), eq(sales.locationId, f.home)));
const dayReport = async () => {
  const res = await manager.request({ method: 'GET', url: `/api/reports/get-daily-sales-report/?date=${today()}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { locations: { location: number; [k: string]: unknown }[] }).locations.find(
    (l) => l.location === f.home,
  )!;
};

describe('a no-show at a branch that forfeits deposits', () => {
  it('writes the ₱500 GCash deposit as a sale line of today: takings, per method, no salesperson', async () => {
    at('08:00');
    const r = (await book('09:00', f.clients[0]!)).json();
    const before = await dayReport();
    at('09:15');
    const res = await post(desk, `/api/floor/reservations/${r.id}/no-show/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deposit: { status: 'forfeited' } });
    const lines = (await forfeits()).filter((s) => s.reference === `R-${r.id}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      date: today(),
      locationId: f.home,
      clientId: f.clients[0],
      salespersonId: null,
      amount: '500.00',
      discount: '0.00',
      netAmount: '500.00',
      paymentMethod: 'e_wallet',
      referenceNo: 'GC-0042',
      bankId: null,
      createdBy: ctx.userIds.receptionist,
    });
    // The line's audit row says what it is.
    const [logged] = await ctx.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'sales'), eq(auditLog.rowId, String(lines[0]!.id))));
    expect((logged!.after as { description: string }).description).toMatch(/^Forfeited deposit: .+ reservation of /);
    // The day's report counts it: net total, e-wallet total, and its own "no salesperson" row.
    const after = await dayReport();
    const plus500 = (v: unknown) => (Number(v) + 500).toFixed(2);
    expect(after.net_total).toBe(plus500(before.net_total));
    const method = (l: typeof before) =>
      (l.by_payment_method as { key: string; total: string }[]).find((m) => m.key === 'e_wallet')?.total ?? '0';
    expect(method(after)).toBe(plus500(method(before)));
    expect(after.by_salesperson).toContainEqual({
      key: 'none',
      name: 'No salesperson (forfeited deposits)',
      total: '500.00',
      service_charge: '0.00',
      count: 1,
    });
  });

  it('earns no commission, no leaderboard place, and counts in the location’s month', async () => {
    const [line] = await forfeits();
    const rows = await rowsOf<{ source: string; source_id: number }>(
      ctx.database.db,
      earningsSql(branchPeriod(f.home, today(), today())),
    );
    expect(rows.filter((e) => e.source === 'sale' && Number(e.source_id) === line!.id)).toEqual([]);
    const [y, m] = today().split('-').map(Number) as [number, number];
    const board = await manager.request({
      method: 'GET',
      url: `/api/reports/leaderboards/?month=${m}&year=${y}&cutoff=0&location=${f.home}`,
    });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().results.filter((r: { total: string }) => r.total === '500.00')).toEqual([]);
    const month = await manager.request({
      method: 'GET',
      url: `/api/reports/get-location-sales/?month=${m}&year=${y}&location=${f.home}`,
    });
    expect(month.statusCode, month.body).toBe(200);
    const home = month.json().locations.find((l: { location: number }) => l.location === f.home);
    expect(home.total).toBe('500.00');
  });
});

describe('the forfeit kind', () => {
  it('is the floor board’s only: keying in a sale line of that kind is refused', async () => {
    const res = await manager.request({
      method: 'POST',
      url: '/api/reports/store-sales-data/',
      payload: {
        location: f.home,
        date: today(),
        sales: [{ salesperson: 1, kind: 'forfeit', amount: '500.00', payment_method: 'cash' }],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('Choose from membership, voucher, walk_in, other.');
  });
});

describe('a cancellation', () => {
  it('writes a line when the desk keeps the deposit, none when it refunds or credits it', async () => {
    at('08:00');
    const kept = (await book('10:00', f.clients[1]!)).json();
    const refunded = (await book('11:00', f.clients[2]!)).json();
    const credited = (await book('12:00', f.clients[3]!)).json();
    const cancel = (id: number, deposit: string) =>
      post(desk, `/api/floor/reservations/${id}/cancel/`, { reason: 'Client cancelled late', deposit });
    expect((await cancel(kept.id, 'forfeited')).statusCode).toBe(200);
    expect((await cancel(refunded.id, 'refunded')).statusCode).toBe(200);
    expect((await cancel(credited.id, 'credited')).statusCode).toBe(200);
    const refs = (await forfeits()).map((s) => s.reference);
    expect(refs).toContain(`R-${kept.id}`);
    expect(refs).not.toContain(`R-${refunded.id}`);
    expect(refs).not.toContain(`R-${credited.id}`);
  });

  it('a booking without a deposit forfeits nothing', async () => {
    at('08:00');
    const r = (await book('13:00', f.clients[4]!, null)).json();
    const count = (await forfeits()).length;
    expect(
      (await post(desk, `/api/floor/reservations/${r.id}/cancel/`, { reason: 'x', deposit: 'forfeited' })).statusCode,
    ).toBe(200);
    expect(await forfeits()).toHaveLength(count);
  });
});

describe('an approved day', () => {
  it('refuses the forfeit (409, naming the report) and leaves the reservation booked, no line written', async () => {
    at('08:00');
    const r = (await book('15:00', f.clients[5]!)).json();
    const count = (await forfeits()).length;
    await ctx.database.db
      .insert(dailyReports)
      .values({ locationId: f.home, date: today(), status: 'approved' })
      .onConflictDoUpdate({ target: [dailyReports.locationId, dailyReports.date], set: { status: 'approved' } });
    at('15:20');
    const res = await post(desk, `/api/floor/reservations/${r.id}/no-show/`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(
      /^The daily report for Floor tests D on .+ is approved; its sales can no longer/,
    );
    expect(res.json().errors).toHaveProperty('deposit');
    const [row] = await ctx.database.db.select().from(floorReservations).where(eq(floorReservations.id, r.id));
    expect(row).toMatchObject({ status: 'booked', depositStatus: 'held' });
    expect(await forfeits()).toHaveLength(count);
    await ctx.database.db.delete(dailyReports).where(eq(dailyReports.locationId, f.home));
  });
});

describe('a credited deposit carried onto the client’s next booking', () => {
  const credits = (client: number, location = f.home) =>
    desk.request({
      method: 'GET',
      url: `/api/floor/reservations/deposit-credits/?client=${client}&location=${location}`,
    });

  it('is offered, carried once with its method, bank, reference and amount, and never again', async () => {
    at('08:00');
    const client = f.clients[6]!;
    const old = (await book('16:00', client)).json();
    expect(
      (await post(desk, `/api/floor/reservations/${old.id}/cancel/`, { reason: 'Rebooking', deposit: 'credited' }))
        .statusCode,
    ).toBe(200);
    const offered = await credits(client);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toEqual([
      expect.objectContaining({
        reservation: old.id,
        date: today(),
        status: 'cancelled',
        payment_method: 'e_wallet',
        amount: '500.00',
        reference_no: 'GC-0042',
      }),
    ]);
    const next = await reserve(desk, f, { therapist: B, time: '17:00', client, deposit: null, deposit_credit: old.id });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().deposit).toEqual({
      payment_method: 'e_wallet',
      bank: null,
      amount: '500.00',
      reference_no: 'GC-0042',
      status: 'held',
      refunded: null,
    });
    const [was] = await ctx.database.db.select().from(floorReservations).where(eq(floorReservations.id, old.id));
    expect(was).toMatchObject({ depositStatus: 'carried', depositCarriedTo: next.json().id });
    expect((await credits(client)).json()).toEqual([]);
    const again = await reserve(desk, f, { therapist: B, time: '18:00', client, deposit_credit: old.id });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(`This deposit credit was already used, on reservation #${next.json().id}.`);
  });

  it('without a branch, lists the client’s credits at the branches the caller works at (the client summary)', async () => {
    at('08:00');
    const client = f.clients[10]!;
    const booked = await book('14:00', client);
    expect(booked.statusCode, booked.body).toBe(201);
    const old = booked.json();
    const cancelled = await post(desk, `/api/floor/reservations/${old.id}/cancel/`, {
      reason: 'Rebooking',
      deposit: 'credited',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const everywhere = (agent: Agent) =>
      agent.request({ method: 'GET', url: `/api/floor/reservations/deposit-credits/?client=${client}` });
    const mine = await everywhere(desk);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({
        reservation: old.id,
        amount: '500.00',
        status: 'cancelled',
        location_name: expect.any(String),
      }),
    ]);
    expect(mine.json()[0].location_name).not.toBe('');
    // Another branch's receptionist sees none of it; a salesperson has no floor to read.
    const theirs = await everywhere(outsider);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect((await everywhere(salesperson)).statusCode).toBe(403);
  });

  it('is the client’s own at that branch only, and not beside a new deposit', async () => {
    at('08:00');
    const client = f.clients[7]!;
    const old = (await book('19:00', client)).json();
    await post(desk, `/api/floor/reservations/${old.id}/cancel/`, { reason: 'Rebooking', deposit: 'credited' });
    const other = await reserve(desk, f, { therapist: B, time: '20:00', client: f.clients[8], deposit_credit: old.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.deposit_credit).toEqual(['No such deposit credit for this client at this branch.']);
    const both = await reserve(desk, f, {
      therapist: B,
      time: '20:00',
      client,
      deposit: gcash,
      deposit_credit: old.id,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.deposit_credit).toEqual(['Carry the deposit credit or take a new deposit, not both.']);
    const held = (await book('21:00', f.clients[9]!)).json();
    const notCredit = await reserve(desk, f, {
      therapist: B,
      time: '20:00',
      client: f.clients[9],
      deposit_credit: held.id,
    });
    expect(notCredit.statusCode).toBe(409);
    expect(notCredit.json().message).toBe("This reservation's deposit is held, not a credit.");
    expect((await credits(client)).json()).toHaveLength(1);
  });
});
