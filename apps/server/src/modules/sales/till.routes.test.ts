import { cutoffOf, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, groups, tabs, tips, treatments, userGroups, userLocations, users } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { signIn } from '../../test/agents';
import { sellTreatment, type Fixtures } from '../clients/clients.test-helpers';
import { action, connectSocket } from '../../test/ws-client';
import { tipsByMethod } from './index';
import { centavos, pesos, startTill, tillHelpers } from './sales.test-helpers';

/** The till (issue 32): tabs, checkout with add-ons, tips and split payments, a tab closed as unpaid. */

let ctx: TestContext;
let f: Fixtures;
let admin: Agent, manager: Agent, receptionist: Agent, therapist: Agent;
let addOnPrice: string;

beforeAll(async () => {
  ({ ctx, f, admin, manager, receptionist, therapist } = await startTill(
    'admin',
    'manager',
    'receptionist',
    'therapist',
  ));
  const [row] = await ctx.database.db
    .select({ price: treatments.price })
    .from(treatments)
    .where(eq(treatments.id, f.otherTreatment));
  addOnPrice = row!.price;
});
afterAll(async () => ctx?.close());

const today = todayInManila();
const c = centavos;
const p = pesos;
const { newVisit, checkout, linesOf } = tillHelpers(() => ({ ctx, f, admin, receptionist }), {
  firstPhone: 9170000000,
  name: 'Till',
});

/** A visit on a voucher of two sessions sold to another visit's client: nothing is left to pay. */
const voucherVisit = async () => {
  const voucher = await sellTreatment(admin, f, (await newVisit()).client, 2);
  expect(voucher.statusCode, voucher.body).toBe(201);
  return newVisit({ client: voucher.json().client, voucher: voucher.json().id, treatment: null });
};

const tabStatus = async (arrival: number) =>
  (await ctx.database.db.select().from(tabs).where(eq(tabs.arrivalId, arrival)))[0]?.status;

const dayReport = async () => {
  const res = await manager.request({
    method: 'GET',
    url: `/api/reports/get-daily-sales-report/?date=${today}&location=${f.home}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  type By = { key: string; total: string; count: number };
  const loc = (
    res.json() as {
      locations: {
        location: number;
        count: number;
        net_total: string;
        cash_expected: string;
        by_payment_method: By[];
      }[];
    }
  ).locations.find((l) => l.location === f.home);
  const by = (key: string) => loc?.by_payment_method.find((b) => b.key === key)?.total ?? '0.00';
  return {
    count: loc?.count ?? 0,
    net: loc?.net_total ?? '0.00',
    cash: by('cash'),
    eWallet: by('e_wallet'),
    cashExpected: loc?.cash_expected ?? '0.00',
  };
};

describe('tabs', () => {
  it('a visit logged today without a payment is an open tab of its branch, at the catalogue price', async () => {
    const visit = await newVisit();
    const res = await receptionist.request({ method: 'GET', url: `/api/sales/tabs/?location=${f.home}` });
    expect(res.statusCode, res.body).toBe(200);
    const tab = (res.json() as { results: { arrival: number }[] }).results.find((t) => t.arrival === visit.id);
    expect(tab).toMatchObject({
      arrival: visit.id,
      client: visit.client,
      client_name: 'Till Client',
      location: f.home,
      date: today,
      treatment: f.treatment.id,
      amount: f.treatment.price,
      deposit: '0.00',
      therapists: [expect.objectContaining({ employee: f.therapist })],
    });
  });

  it('a paid walk-in and an earlier day’s record open no tab', async () => {
    const paid = await newVisit({ payment: { salesperson: f.salesperson, payment_method: 'cash' } });
    expect(await tabStatus(paid.id)).toBeUndefined();
  });

  it('another branch’s desk and a therapist may not list them (403)', async () => {
    const other = await receptionist.request({ method: 'GET', url: `/api/sales/tabs/?location=${f.other}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/^You do not work at .+, so you cannot see the open tabs there\.$/);
    expect((await therapist.request({ method: 'GET', url: `/api/sales/tabs/?location=${f.home}` })).statusCode).toBe(
      403,
    );
  });
});

describe('checkout', () => {
  it('an add-on, a ₱100 cash tip and ₱500 cash + the rest by GCash: one sale, a line per payment, the tip apart', async () => {
    const visit = await newVisit();
    const before = await dayReport();
    const bill = c(f.treatment.price) + c(addOnPrice);
    const gcash = bill + 10000n - 50000n;
    const res = await checkout(receptionist, {
      arrival: visit.id,
      salesperson: f.salesperson,
      items: [{ treatment: f.otherTreatment, quantity: 1 }],
      tips: [{ employee: f.therapist, amount: '100' }],
      payments: [
        { payment_method: 'cash', amount: '500' },
        { payment_method: 'e_wallet', amount: p(gcash), reference_no: 'GC-778899' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      arrival: visit.id,
      sale_key: `A-${visit.id}`,
      subtotal: p(bill),
      total_due: p(bill),
      deposit_applied: '0.00',
      tips: [{ employee: f.therapist, amount: '100.00' }],
      tips_total: '100.00',
    });
    // The tip is taken from the cash first: ₱400.00 of the cash pays the bill, GCash the rest.
    const lines = await linesOf(visit.id);
    expect(lines.map((l) => [l.paymentMethod, l.netAmount, l.referenceNo])).toEqual([
      ['cash', '400.00', ''],
      ['e_wallet', p(bill - 40000n), 'GC-778899'],
    ]);
    expect(lines.every((l) => l.salespersonId === f.salesperson)).toBe(true);
    const tipRows = await ctx.database.db.select().from(tips).where(eq(tips.arrivalId, visit.id));
    expect(tipRows.map((t) => [t.employeeId, t.amount, t.paymentMethod])).toEqual([[f.therapist, '100.00', 'cash']]);
    expect(await tabStatus(visit.id)).toBe('paid');
    // The day's report: each method gets its part, the sale counts once, the tip is no sale.
    const after = await dayReport();
    expect(after.count - before.count).toBe(1);
    expect(p(c(after.net) - c(before.net))).toBe(p(bill));
    expect(p(c(after.cash) - c(before.cash))).toBe('400.00');
    expect(p(c(after.eWallet) - c(before.eWallet))).toBe(p(bill - 40000n));
    // The drawer holds the ₱400.00 of cash sale and the ₱100.00 cash tip (decision 0520's tips term).
    expect(p(c(after.cashExpected) - c(before.cashExpected))).toBe('500.00');
    // The drawer's tips, summed in SQL for the day's report.
    expect(await tipsByMethod(ctx.database.db, f.home, today)).toEqual(
      expect.arrayContaining([expect.objectContaining({ payment_method: 'cash', bank: null })]),
    );
    const open = await receptionist.request({ method: 'GET', url: `/api/sales/tabs/?location=${f.home}` });
    expect((open.json() as { results: { arrival: number }[] }).results.map((t) => t.arrival)).not.toContain(visit.id);
  });

  it('refuses a wrong sum, a tip to someone who did not serve, a payment without its bank; nothing is written', async () => {
    const visit = await newVisit();
    const price = c(f.treatment.price);
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [
        { payments: [{ payment_method: 'cash', amount: p(price - 30000n) }] },
        'payments',
        '₱300.00 is still to be paid.',
      ],
      [
        { payments: [{ payment_method: 'cash', amount: p(price + 30000n) }] },
        'payments',
        /^₱300\.00 too much: the bill and tips come to ₱[\d,]+\.\d\d\.$/,
      ],
      [
        {
          tips: [{ employee: f.otherTherapist, amount: '50' }],
          payments: [{ payment_method: 'cash', amount: p(price + 5000n) }],
        },
        'tips',
        /did not serve this visit/,
      ],
      [{ payments: [{ payment_method: 'card', amount: p(price) }] }, 'payments.0.bank', /Choose the bank account/],
      [{ payments: [{ payment_method: 'e_wallet', amount: p(price) }] }, 'payments.0.reference_no', /reference/],
      [
        { salesperson: null, payments: [{ payment_method: 'cash', amount: p(price) }] },
        'salesperson',
        /Choose the salesperson/,
      ],
      [{ discount: p(price + 100n), payments: [] }, 'discount', /cannot exceed the bill/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await checkout(receptionist, { arrival: visit.id, salesperson: f.salesperson, ...payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toEqual([expect.stringMatching(message)]);
    }
    expect(await linesOf(visit.id)).toEqual([]);
    expect(await tabStatus(visit.id)).toBe('open');
  });

  it('a therapist cannot check out, nor another branch’s desk (403)', async () => {
    const visit = await newVisit();
    const payload = {
      arrival: visit.id,
      salesperson: f.salesperson,
      payments: [{ payment_method: 'cash', amount: f.treatment.price }],
    };
    const refused = await checkout(therapist, payload);
    expect(refused.statusCode).toBe(403);
    const [far] = await ctx.database.db
      .select({ username: users.username })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, and(eq(groups.id, userGroups.groupId), eq(groups.name, 'Receptionist')))
      .innerJoin(userLocations, and(eq(userLocations.userId, users.id), eq(userLocations.locationId, f.other)))
      .where(eq(users.isActive, true))
      .limit(1);
    const elsewhere = await checkout(await signIn(ctx.app, far!.username), payload);
    expect(elsewhere.statusCode, elsewhere.body).toBe(403);
    expect(elsewhere.json().message).toMatch(/^You do not work at .+, so you cannot check out a visit there\.$/);
    expect(await tabStatus(visit.id)).toBe('open');
  });

  it('is idempotent: the same key twice is one sale; another checkout of the tab is 409', async () => {
    const visit = await newVisit();
    const payload = {
      arrival: visit.id,
      salesperson: f.salesperson,
      payments: [{ payment_method: 'cash', amount: f.treatment.price }],
    };
    const first = await checkout(receptionist, payload, 'till-key-1');
    const again = await checkout(receptionist, payload, 'till-key-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await linesOf(visit.id)).toHaveLength(1);
    const other = await checkout(receptionist, payload, 'till-key-2');
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().message).toBe('This visit is already checked out.');
  });

  it('applies a held reservation deposit first, as a line under its own method and reference', async () => {
    const visit = await newVisit();
    // The tab holds what the floor hands createArrival for a reservation's deposit (decision 0510).
    await ctx.database.db
      .update(tabs)
      .set({ depositAmount: '500.00', depositMethod: 'e_wallet', depositReference: 'GC-DEPOSIT' })
      .where(eq(tabs.arrivalId, visit.id));
    const list = await receptionist.request({ method: 'GET', url: `/api/sales/tabs/?location=${f.home}` });
    expect(
      (list.json() as { results: { arrival: number; deposit: string }[] }).results.find((t) => t.arrival === visit.id)
        ?.deposit,
    ).toBe('500.00');
    const rest = p(c(f.treatment.price) - 50000n);
    const short = await checkout(receptionist, {
      arrival: visit.id,
      salesperson: f.salesperson,
      payments: [{ payment_method: 'cash', amount: f.treatment.price }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.payments).toEqual([
      expect.stringMatching(
        /^₱500\.00 too much: the bill and tips come to ₱[\d,]+\.\d\d after the ₱500\.00 deposit\.$/,
      ),
    ]);
    const res = await checkout(receptionist, {
      arrival: visit.id,
      salesperson: f.salesperson,
      payments: [{ payment_method: 'cash', amount: rest }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ deposit_applied: '500.00', total_due: f.treatment.price });
    const lines = await linesOf(visit.id);
    expect(lines.map((l) => [l.paymentMethod, l.netAmount, l.referenceNo])).toEqual([
      ['e_wallet', '500.00', 'GC-DEPOSIT'],
      ['cash', rest, ''],
    ]);
  });

  it('a voucher visit with nothing to pay closes with no sale', async () => {
    const visit = await voucherVisit();
    const res = await checkout(receptionist, { arrival: visit.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sale_key: null, lines: [], total_due: '0.00' });
    expect(await tabStatus(visit.id)).toBe('paid');
  });
});

describe('a tab closed as unpaid', () => {
  it('is a Manager’s, with a reason on record', async () => {
    const visit = await newVisit();
    const url = `/api/sales/tabs/${visit.id}/unpaid/`;
    const payload = { reason: 'Client left during a fire drill.' };
    expect((await receptionist.request({ method: 'POST', url, payload })).statusCode).toBe(403);
    const res = await manager.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ arrival: visit.id, status: 'unpaid', reason: payload.reason });
    const [row] = await ctx.database.db.select().from(tabs).where(eq(tabs.arrivalId, visit.id));
    expect(row).toMatchObject({ status: 'unpaid', unpaidReason: payload.reason });
    const [audited] = await ctx.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'tabs'), eq(auditLog.action, 'unpaid'), eq(auditLog.rowId, String(visit.id))));
    expect(audited!.n).toBe(1);
    expect((await manager.request({ method: 'POST', url, payload })).statusCode).toBe(409);
  });
});

describe('the other desks are told', () => {
  it('a checkout with no sale and a tab marked unpaid each reach the branch’s open screens (floor_changed)', async () => {
    // Two visits whose therapist is not on the floor: logging them books no board, so sends no frame.
    const paid = await voucherVisit();
    const left = await newVisit();
    // Another desk's screen (the Manager's), open on the branch.
    const other = await connectSocket(ctx.app, { agent: manager });
    try {
      const frame = { action: 'floor_changed', location: f.home, date: today };
      // Checked out at this desk (a voucher visit: nothing sold, so no leaderboard frame either).
      expect((await checkout(receptionist, { arrival: paid.id })).statusCode).toBe(201);
      expect(await other.next(action('floor_changed'))).toEqual(frame);
      // A refused closing tells no one: the tab is already closed.
      expect((await checkout(receptionist, { arrival: paid.id })).statusCode).toBe(409);
      const url = `/api/sales/tabs/${left.id}/unpaid/`;
      const marked = await manager.request({ method: 'POST', url, payload: { reason: 'Walked out.' } });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(await other.next(action('floor_changed'))).toEqual(frame);
      // Frames go out in one pass: an answer asked for now comes after any frame still on its way.
      other.send({ action: 'fetch_older_notifications', offset: 0, limit: 1 });
      await other.next(action('older_notifications'));
      expect(other.messages.filter(action('floor_changed'))).toEqual([]);
    } finally {
      other.ws.close();
    }
  });
});

describe('tips in pay', () => {
  it('are the therapist’s own earnings and a pay-run line of their own (source tip), never commissioned', async () => {
    const visit = await newVisit();
    const price = c(f.treatment.price);
    const res = await checkout(receptionist, {
      arrival: visit.id,
      salesperson: f.salesperson,
      tips: [{ employee: f.therapist, amount: '75.50' }],
      payments: [{ payment_method: 'cash', amount: p(price + 7550n) }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [tip] = await ctx.database.db.select().from(tips).where(eq(tips.arrivalId, visit.id));
    const mine = await therapist.request({ method: 'GET', url: '/api/payroll/my-earnings/' });
    expect(mine.statusCode, mine.body).toBe(200);
    const tipLine = (mine.json().lines as { source: string; source_id: number }[]).find(
      (l) => l.source === 'tip' && l.source_id === tip!.id,
    );
    expect(tipLine).toMatchObject({ amount: '75.50', rule: null, base_amount: null, employee: f.therapist });
    const [y, m] = today.split('-').map(Number) as [number, number];
    const run = await manager.request({
      method: 'POST',
      url: '/api/payroll/runs/',
      payload: { year: y, month: m, cutoff: cutoffOf(today), location: f.home },
    });
    expect(run.statusCode, run.body).toBe(201);
    const lines = await manager.request({
      method: 'GET',
      url: `/api/payroll/runs/${run.json().id}/lines/?pageSize=500`,
    });
    const tipLines = (
      lines.json().results as { source: string; source_id: number; amount: string; employee: number }[]
    ).filter((l) => l.source === 'tip' && l.source_id === tip!.id);
    expect(tipLines).toEqual([expect.objectContaining({ employee: f.therapist, amount: '75.50', rule: null })]);
    // No commission line is priced on the tip: the salesperson's sale line is the bill's net alone.
    const sold = (lines.json().results as { source: string; source_id: number; base_amount: string | null }[]).filter(
      (l) => l.source === 'sale' && l.source_id === (res.json().lines as { id: number }[])[0]!.id,
    );
    for (const line of sold) expect(line.base_amount === null || c(line.base_amount) === price).toBe(true);
  });
});
