import { formatPeso, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, clientArrivals, clientTreatments, dailyReports, sales } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { loadFixtures, type Fixtures } from './clients.test-helpers';

/**
 * The front desk's day (issue 20, decisions 0410–0412): a client of any branch served at one's
 * own, a walk-in paid at the desk recorded as a sale line with its arrival, accent-blind search.
 */

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let receptionist: Agent;
let f: Fixtures;

beforeAll(async () => {
  ({ ctx, admin, manager, receptionist } = await startSignedIn('admin', 'manager', 'receptionist'));
  f = await loadFixtures(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

let phoneSeq = 7_000_000;
const nextPhone = () => `0917${String((phoneSeq += 1)).padStart(7, '0')}`;

type Sale = {
  id: number;
  kind: string;
  reference: string;
  amount: string;
  discount: string;
  net_amount: string;
  payment_method: string;
  bank: number | null;
  location: number;
  salesperson: number;
  client: number;
};
type Arrival = {
  id: number;
  client: number;
  location: number;
  status: string;
  voucher: number | null;
  sale: Sale | null;
};

const newClient = async (overrides: Record<string, unknown> = {}, as: Agent = admin) => {
  const res = await as.request({
    method: 'POST',
    url: '/api/clients/',
    payload: { first_name: 'Desk', last_name: 'Client', phone: nextPhone(), location: f.home, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; phone: string; location: number; location_name: string };
};

const walkIn = (client: number, payment: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) => ({
  client,
  location: f.home,
  time: '11:00',
  therapist: f.therapist,
  treatment: f.treatment.id,
  payment: { salesperson: f.salesperson, payment_method: 'cash', ...payment },
  ...overrides,
});

const countRows = async () => ({
  sales: (await ctx.database.db.select({ n: count() }).from(sales))[0]!.n,
  arrivals: (await ctx.database.db.select({ n: count() }).from(clientArrivals))[0]!.n,
});

describe('a client of another branch at the desk', () => {
  it('a receptionist finds an Ortigas client by phone and logs an arrival redeeming the client’s voucher', async () => {
    const far = await newClient({ first_name: 'Lorna', last_name: 'Ortigas', location: f.other });
    const voucher = await admin.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: {
        client: far.id,
        treatment: f.treatment.id,
        sessions: 2,
        location: f.other,
        salesperson: f.otherSalesperson,
        payment_method: 'cash',
      },
    });
    expect(voucher.statusCode, voucher.body).toBe(201);
    const found = await receptionist.request({
      method: 'GET',
      url: `/api/clients/search/?q=${encodeURIComponent(far.phone.replace('+63', '0'))}`,
    });
    expect(found.json().results).toEqual([
      expect.objectContaining({ id: far.id, location: f.other, location_name: far.location_name }),
    ]);
    const services = await receptionist.request({ method: 'GET', url: `/api/clients/${far.id}/services/` });
    expect(services.json().vouchers.map((v: { id: number }) => v.id)).toEqual([voucher.json().id]);
    const vouchers = await receptionist.request({ method: 'GET', url: `/api/clients/treatments/?client=${far.id}` });
    expect(vouchers.json().count).toBe(1);

    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: {
        client: far.id,
        location: f.home,
        time: '09:15',
        therapist: f.therapist,
        receptionist: f.receptionist,
        voucher: voucher.json().id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ client: far.id, location: f.home, voucher: voucher.json().id, sale: null });
    const [v] = await ctx.database.db
      .select({ used: clientTreatments.sessionsUsed })
      .from(clientTreatments)
      .where(eq(clientTreatments.id, voucher.json().id));
    expect(v!.used).toBe(1);
    const arrivals = await receptionist.request({ method: 'GET', url: `/api/clients/arrivals/?client=${far.id}` });
    expect(arrivals.json().results.map((a: Arrival) => a.id)).toEqual([res.json().id]);

    // the arrival is at the receptionist's branch; the far branch is still not theirs to write at
    const there = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: { client: far.id, location: f.other, time: '09:30', therapist: f.otherTherapist },
    });
    expect(there.statusCode).toBe(403);
    expect(there.json().message).toMatch(/^You do not work at .+, so you cannot record this there\.$/);
  });
});

describe('a walk-in paid at the desk', () => {
  it('records the arrival and its walk_in sale line in one go, on the day’s report and the leaderboard', async () => {
    const client = await newClient({ first_name: 'Walk', last_name: 'In' });
    const today = todayInManila();
    const reportBefore = await manager.request({
      method: 'GET',
      url: `/api/reports/get-daily-sales-report/?date=${today}`,
    });
    const homeBefore = reportBefore.json().locations.find((l: { location: number }) => l.location === f.home);
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const board = async () =>
      (
        await admin.request({
          method: 'GET',
          url: `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=${day <= 15 ? 1 : 2}`,
        })
      )
        .json()
        .results.find((r: { salesperson: number }) => r.salesperson === f.salesperson) as { total: string };
    const boardBefore = await board();

    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: walkIn(client.id, { discount: '100' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const arrival = res.json() as Arrival;
    const price = f.treatment.price;
    const net = (Number(price) - 100).toFixed(2);
    expect(arrival.sale).toMatchObject({
      kind: 'walk_in',
      reference: `A-${arrival.id}`,
      amount: price,
      discount: '100.00',
      net_amount: net,
      payment_method: 'cash',
      bank: null,
      location: f.home,
      salesperson: f.salesperson,
      client: client.id,
    });
    const [row] = await ctx.database.db.select().from(sales).where(eq(sales.id, arrival.sale!.id));
    expect(row).toMatchObject({ kind: 'walk_in', date: today, netAmount: net, reference: `A-${arrival.id}` });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'client_arrivals'), eq(auditLog.rowId, String(arrival.id))));
    expect(entry).toMatchObject({ action: 'create' });
    expect(entry!.after).toMatchObject({ id: arrival.id, sale: { id: arrival.sale!.id, net_amount: net } });

    const reportAfter = await manager.request({
      method: 'GET',
      url: `/api/reports/get-daily-sales-report/?date=${today}`,
    });
    const homeAfter = reportAfter.json().locations.find((l: { location: number }) => l.location === f.home);
    expect(homeAfter.count).toBe(homeBefore.count + 1);
    expect((Number(homeAfter.net_total) - Number(homeBefore.net_total)).toFixed(2)).toBe(net);
    const cash = (rows: { key: string; total: string }[]) => Number(rows?.find((m) => m.key === 'cash')?.total ?? 0);
    expect((cash(homeAfter.by_payment_method) - cash(homeBefore.by_payment_method)).toFixed(2)).toBe(net);
    expect((Number((await board()).total) - Number(boardBefore.total)).toFixed(2)).toBe(net);
    // read back: the arrival names its sale line
    const read = await receptionist.request({ method: 'GET', url: `/api/clients/arrivals/${arrival.id}/` });
    expect(read.json().sale).toMatchObject({ id: arrival.sale!.id, net_amount: net });
  });

  it('takes card with its bank, and names the payment field it refuses (nothing written)', async () => {
    const client = await newClient();
    const before = await countRows();
    const cases: [Record<string, unknown>, Record<string, unknown>, string, RegExp][] = [
      [{ payment_method: 'card' }, {}, 'payment.bank', /Choose the bank account/],
      [{ discount: '999999' }, {}, 'payment.discount', /^The discount cannot exceed the price \(₱[\d,]+\.\d\d\)\.$/],
      [{ salesperson: f.otherSalesperson }, {}, 'payment.salesperson', /works at another location/],
      [{ payment_method: 'cash', bank: f.bank }, {}, 'payment.bank', /Only card and bank transfer/],
      [{ payment_method: 'e_wallet' }, {}, 'payment.reference_no', /Enter the e-wallet reference number/],
      [{}, { treatment: null }, 'treatment', /Choose the treatment the client pays for/],
      [{}, { voucher: 999999 }, 'voucher', /No such voucher/],
      [{ payment_method: 'gcash' }, {}, 'payment.payment_method', /Choose from cash/],
    ];
    for (const [payment, overrides, field, message] of cases) {
      const res = await receptionist.request({
        method: 'POST',
        url: '/api/clients/arrivals/',
        payload: walkIn(client.id, payment, overrides),
      });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors[field]?.[0], res.body).toMatch(message);
    }
    const membership = await admin.request({
      method: 'POST',
      url: '/api/clients/memberships/',
      payload: {
        client: client.id,
        membership: f.membership.id,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'cash',
      },
    });
    const afterMembership = await countRows();
    const onMembership = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: walkIn(client.id, {}, { client_membership: membership.json().id }),
    });
    expect(onMembership.statusCode).toBe(400);
    expect(onMembership.json().errors.payment[0]).toMatch(/not paid at the desk/);
    expect(await countRows()).toEqual(afterMembership);
    expect(afterMembership.sales).toBe(before.sales + 1);
    expect(afterMembership.arrivals).toBe(before.arrivals);

    const card = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: walkIn(client.id, { payment_method: 'card', bank: f.bank, reference_no: 'APPR-1234' }),
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().sale).toMatchObject({ payment_method: 'card', bank: f.bank, reference_no: 'APPR-1234' });
  });

  it('refuses a GCash/Maya walk-in without its reference number (nothing written), and takes it with one', async () => {
    const client = await newClient();
    const before = await countRows();
    const bare = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: walkIn(client.id, { payment_method: 'e_wallet', reference_no: '  ' }),
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ 'payment.reference_no': ['Enter the e-wallet reference number.'] });
    expect(await countRows()).toEqual(before);

    const gcash = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: walkIn(client.id, { payment_method: 'e_wallet', reference_no: '1009 234 567890' }),
    });
    expect(gcash.statusCode, gcash.body).toBe(201);
    expect(gcash.json().sale).toMatchObject({
      payment_method: 'e_wallet',
      bank: null,
      reference_no: '1009 234 567890',
    });
  });

  it('stores one arrival and one sale for a retried Idempotency-Key, and refuses the key for another request (422)', async () => {
    const client = await newClient();
    const before = await countRows();
    const key = `walk-in-${client.id}`;
    const send = () =>
      receptionist.request({
        method: 'POST',
        url: '/api/clients/arrivals/',
        headers: { 'idempotency-key': key },
        payload: walkIn(client.id),
      });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json().id).toBe(a.json().id);
    expect(c.json()).toEqual(a.json());
    expect(await countRows()).toEqual({ sales: before.sales + 1, arrivals: before.arrivals + 1 });
    // the key is the receptionist's: another request with it is 422 (lib/idempotency.ts), and nothing is written
    const other = await receptionist.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      headers: { 'idempotency-key': key },
      payload: {
        client: client.id,
        treatment: f.treatment.id,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'cash',
      },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/already used for a different request/);
    const changed = await receptionist.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      headers: { 'idempotency-key': key },
      payload: walkIn(client.id, { discount: '1' }),
    });
    expect(changed.statusCode).toBe(422);
    expect(await countRows()).toEqual({ sales: before.sales + 1, arrivals: before.arrivals + 1 });
  });

  it('refuses to cancel while the sale line is on file (409 naming it); cancels once the line is deleted', async () => {
    const client = await newClient();
    const arrival = (
      await receptionist.request({
        method: 'POST',
        url: '/api/clients/arrivals/',
        payload: walkIn(client.id, { payment_method: 'e_wallet', reference_no: 'GC-0411' }),
      })
    ).json() as Arrival;
    const refused = await receptionist.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${arrival.id}/`,
      payload: { status: 'cancelled' },
    });
    expect(refused.statusCode).toBe(409);
    // the method as the screens write it, and no menu path a receptionist cannot follow
    expect(refused.json().message).toBe(
      `This arrival was paid at the desk: sale #${arrival.sale!.id} (${formatPeso(arrival.sale!.net_amount)}, GCash/Maya) is on the day's sales. Ask for that sale line to be deleted first; once it is deleted, the arrival can be cancelled.`,
    );
    expect(refused.json().errors.status[0]).toBe(refused.json().message);
    const [still] = await ctx.database.db.select().from(clientArrivals).where(eq(clientArrivals.id, arrival.id));
    expect(still!.status).toBe('arrived');
    const deleted = await admin.request({
      method: 'POST',
      url: '/api/reports/delete-sales-data/',
      payload: { ids: [arrival.sale!.id], reason: 'Logged by mistake' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cancelled = await receptionist.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${arrival.id}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', sale: null });
  });

  it('refuses a walk-in on a day whose report is approved (409), writing nothing', async () => {
    const client = await newClient({ location: f.other });
    await ctx.database.db
      .insert(dailyReports)
      .values({ locationId: f.other, date: todayInManila(), status: 'approved' });
    const before = await countRows();
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: walkIn(
        client.id,
        { salesperson: f.otherSalesperson },
        { location: f.other, therapist: f.otherTherapist },
      ),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is approved; its arrivals can no longer be added/);
    expect(await countRows()).toEqual(before);
  });
});

describe('accent-blind search', () => {
  it('finds Quiñonez by "quinonez" and Quinonez by "QUIÑONEZ", ranked on the folded name, in search and the list', async () => {
    // the demo data has its own Osmeñas; these names are the test's alone
    const tilde = await newClient({ first_name: 'Yzabel', last_name: 'Quiñonez' });
    const plain = await newClient({ first_name: 'Yzabell', last_name: 'Quinonez', location: f.other });
    const ids = async (q: string) =>
      (
        (await receptionist.request({ method: 'GET', url: `/api/clients/search/?q=${encodeURIComponent(q)}` })).json()
          .results as { id: number }[]
      ).map((c) => c.id);
    expect(await ids('yzabel quinonez')).toEqual([tilde.id, plain.id]);
    expect(await ids('YZABEL QUIÑONEZ')).toEqual([tilde.id, plain.id]);
    expect(await ids('yzabell quiñonez')).toEqual([plain.id]);
    expect(await ids('yzabél')).toEqual(expect.arrayContaining([tilde.id, plain.id]));
    const list = await receptionist.request({
      method: 'GET',
      url: `/api/clients/?search=${encodeURIComponent('yzabel quiñonez')}`,
    });
    expect(
      list
        .json()
        .results.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([tilde.id, plain.id].sort());
  });

  it('says there are more when the search is capped', async () => {
    for (let i = 0; i < 4; i += 1) await newClient({ first_name: `Zaldy${i}`, last_name: 'Quimpo' });
    const capped = await receptionist.request({ method: 'GET', url: '/api/clients/search/?q=quimpo&limit=3' });
    expect(capped.json().results).toHaveLength(3);
    expect(capped.json().more).toBe(true);
    const all = await receptionist.request({ method: 'GET', url: '/api/clients/search/?q=quimpo&limit=4' });
    expect(all.json().results).toHaveLength(4);
    expect(all.json().more).toBe(false);
  });
});
