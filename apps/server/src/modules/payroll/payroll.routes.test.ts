import { addDays, cutoffDates, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { makeTreatment, unique } from '../services/services.test-helpers';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { csvLines } from '../../test/csv-lines';

/**
 * Pay runs (issue 21, decision 0800), end to end over the API on a branch of its own, in last
 * month's first cutoff: every rule kind and precedence, a rule change mid-cutoff, tandem splits, a
 * requested bonus, service charge, exact totals, the workflow, locking and adjustments, CSV, roles.
 */

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let therapistAgent: Agent;
let f: Fixtures;

type Line = {
  id: number;
  employee: number;
  source: string;
  source_id: number | null;
  amount: string;
  split: number;
  requested: boolean;
  base_amount: string | null;
  rule: number | null;
  adjusts_line: number | null;
  adjusts_run: number | null;
  adjusted_source: string | null;
};
type Person = { employee: number; total: string; line_count: number; service_charge_total: string };
type Run = { id: number; status: string; total: string; line_count: number; employees: Person[] };

const month = (() => {
  const [y, m] = todayInManila().split('-').map(Number) as [number, number];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
})();
const day = (d: number) => `${month.year}-${String(month.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

const post = async <T = Record<string, unknown>>(agent: Agent, url: string, payload: object, status = 201) => {
  const res = await agent.request({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T & { id: number };
};
const get = async <T>(agent: Agent, url: string) => {
  const res = await agent.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

let loc: number;
let t1: number;
let t2: number;
let sp: number;
let client: number;
let x: { id: number; price: string };
let y: { id: number; price: string };
let voucher: number;
const arrivals: Record<string, number> = {};

const hire = (kind: 'therapists' | 'salespersons', first: string) =>
  post(admin, `/api/${kind}/`, {
    first_name: first,
    last_name: 'Payroll',
    location: loc,
    hire_date: '2020-01-01',
    ...(kind === 'salespersons' ? { monthly_target: '0.00' } : {}),
  });
const rule = (body: Record<string, unknown>, status = 201) =>
  post(admin, '/api/payroll/commission-rules/', { location: loc, effective_from: '2020-01-01', ...body }, status);
const arrive = (body: Record<string, unknown>) =>
  post(admin, '/api/clients/arrivals/', { client, location: loc, time: '10:00', ...body });
const linesOf = async (runId: number, query = '') =>
  (await get<{ results: Line[] }>(admin, `/api/payroll/runs/${runId}/lines/?pageSize=500${query}`)).results;
const compute = (body: object, status = 201) =>
  post<Run>(admin, '/api/payroll/runs/', { ...month, cutoff: 1, location: loc, ...body }, status);
const totalOf = (run: Run, employee: number) => run.employees.find((e) => e.employee === employee)?.total;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
  therapistAgent = await login(ctx.app, 'therapist', DEMO_PASSWORD);
  f = await loadFixtures(ctx.database.db);
  loc = (
    await post(admin, '/api/locations/', {
      name: unique('Payroll branch'),
      opening_time: '09:00',
      closing_time: '21:00',
    })
  ).id;
  t1 = (await hire('therapists', 'Tala')).id;
  t2 = (await hire('therapists', 'Bituin')).id;
  sp = (await hire('salespersons', 'Sinag')).id;
  client = (await post(admin, '/api/clients/', { first_name: 'Pay', last_name: 'Roll', location: loc })).id;
  x = await makeTreatment(admin, { price: '800.00' });
  y = await makeTreatment(admin, { price: '1000.00' });
  voucher = (
    await post(admin, '/api/clients/treatments/', {
      client,
      treatment: y.id,
      sessions: 3,
      discount: '1.00',
      location: loc,
      salesperson: sp,
      payment_method: 'cash',
      date: day(1),
    })
  ).id;
  // Therapists: 10% of everything (paid price), ₱150 per X; a ₱50 requested bonus; salespeople 5%.
  await rule({ role: 'therapist', kind: 'percent', value: '10' });
  await rule({ role: 'therapist', treatment: x.id, kind: 'fixed', value: '150', effective_from: day(1) });
  await rule({ role: 'therapist', applies_to: 'requested_bonus', kind: 'fixed', value: '50' });
  await rule({ role: 'salesperson', kind: 'percent', value: '5' });
  arrivals.walkIn = (
    await arrive({
      date: day(3),
      therapist: t1,
      treatment: y.id,
      payment: { salesperson: sp, payment_method: 'cash', discount: '100.00', service_charge: '31.00' },
    })
  ).id;
  arrivals.tandemFixed = (await arrive({ date: day(4), therapist: t1, second_therapist: t2, treatment: x.id })).id;
  arrivals.requested = (await arrive({ date: day(5), therapist: t2, requested: true, voucher })).id;
  arrivals.tandemVoucher = (await arrive({ date: day(6), therapist: t1, second_therapist: t2, voucher })).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('arrivals and sales carry what pay runs need', () => {
  it('answers the tandem partner, requested and the service charge, and refuses the same therapist twice', async () => {
    const tandem = await get<{ second_therapist: number; second_therapist_name: string; requested: boolean }>(
      admin,
      `/api/clients/arrivals/${arrivals.tandemFixed}/`,
    );
    expect(tandem).toMatchObject({ second_therapist: t2, second_therapist_name: 'Bituin Payroll', requested: false });
    const walkIn = await get<{ sale: { service_charge: string; net_amount: string } }>(
      admin,
      `/api/clients/arrivals/${arrivals.walkIn}/`,
    );
    expect(walkIn.sale).toMatchObject({ service_charge: '31.00', net_amount: '900.00' });
    const res = await admin.request({
      method: 'POST',
      url: '/api/clients/arrivals/',
      payload: {
        client,
        location: loc,
        time: '11:00',
        date: day(7),
        therapist: t1,
        second_therapist: t1,
        treatment: x.id,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.second_therapist).toEqual(['Choose a different therapist for the second pair of hands.']);
  });
});

describe('commission rules', () => {
  it('refuses a second rule for the same target, location and day with 409, and two targets with 400', async () => {
    const clash = await rule({ role: 'therapist', kind: 'percent', value: '12' }, 409);
    expect(clash).toMatchObject({
      errors: { effective_from: [expect.stringContaining('already starts on 2020-01-01')] },
    });
    const two = await rule(
      { role: 'salesperson', kind: 'fixed', value: '1', treatment: x.id, membership: f.membership.id },
      400,
    );
    expect(Object.keys((two as unknown as { errors: object }).errors).sort()).toEqual(['membership', 'treatment']);
    const bonus = await rule(
      { role: 'therapist', applies_to: 'requested_bonus', kind: 'percent', value: '1', effective_from: day(2) },
      400,
    );
    expect((bonus as unknown as { errors: Record<string, string[]> }).errors.kind).toBeDefined();
  });

  it('words a bad value for a percent or a fixed amount, not as a price', async () => {
    for (const kind of ['percent', 'fixed']) {
      const bad = await rule({ role: 'therapist', kind, value: '12.345', effective_from: day(3) }, 400);
      expect((bad as unknown as { errors: Record<string, string[]> }).errors.value).toEqual([
        'Enter a percent like 10 or 12.50, or pesos like 150.00 for a fixed amount (at most 2 decimals).',
      ]);
    }
  });

  it('lets Managers read and only Admins write', async () => {
    const page = await get<{ results: { location: number; effective_to: string | null }[] }>(
      manager,
      `/api/payroll/commission-rules/?location=${loc}`,
    );
    expect(page.results.length).toBe(4);
    const res = await manager.request({
      method: 'POST',
      url: '/api/payroll/commission-rules/',
      payload: { role: 'therapist', kind: 'fixed', value: '1', effective_from: day(1) },
    });
    expect(res.statusCode).toBe(403);
    expect((await therapistAgent.request({ method: 'GET', url: '/api/payroll/commission-rules/' })).statusCode).toBe(
      403,
    );
  });
});

describe('a pay run', () => {
  let run: Run;

  it('computes every line: percent of a walk-in net, fixed per service split in tandem, paid price per session, requested bonus, sales', async () => {
    run = await compute({});
    expect(run.status).toBe('draft');
    const lines = await linesOf(run.id);
    const of = (employee: number, source: string, sourceId: number, requested = false) =>
      lines.find(
        (l) => l.employee === employee && l.source === source && l.source_id === sourceId && l.requested === requested,
      )?.amount;
    expect(of(t1, 'arrival', arrivals.walkIn!)).toBe('90.00'); // 10% of 900.00
    expect(of(t1, 'arrival', arrivals.tandemFixed!)).toBe('75.00'); // ₱150 split
    expect(of(t2, 'arrival', arrivals.tandemFixed!)).toBe('75.00');
    expect(of(t2, 'arrival', arrivals.requested!)).toBe('99.97'); // 10% of 2999.00 / 3
    expect(of(t2, 'arrival', arrivals.requested!, true)).toBe('50.00');
    expect(of(t1, 'arrival', arrivals.tandemVoucher!)).toBe('49.99'); // 99.97 split, the odd centavo to the first
    expect(of(t2, 'arrival', arrivals.tandemVoucher!)).toBe('49.98');
    const sales = lines
      .filter((l) => l.source === 'sale')
      .map((l) => l.amount)
      .sort();
    expect(sales).toEqual(['149.95', '45.00']); // 5% of the voucher (2999.00) and of the walk-in (900.00)
    expect(totalOf(run, t1)).toBe(String((90 + 75 + 49.99 + 10.34).toFixed(2)));
    expect(totalOf(run, t2)).toBe('285.28'); // 75 + 99.97 + 50 + 49.98 + 10.33
    expect(totalOf(run, sp)).toBe('205.28'); // 45 + 149.95 + 10.33
  });

  it('shares the service-charge pool equally, the odd centavo to the first person, adding up to the pool', async () => {
    const shares = await linesOf(run.id, '&source=service_charge');
    expect(Object.fromEntries(shares.map((l) => [l.employee, l.amount]))).toEqual({
      [t1]: '10.34',
      [t2]: '10.33',
      [sp]: '10.33',
    });
    expect(shares.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0)).toBe(3100);
  });

  it('totals equal the sum of the lines to the centavo', async () => {
    const lines = await linesOf(run.id);
    const cents = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
    expect(Math.round(Number(run.total) * 100)).toBe(cents);
    expect(run.line_count).toBe(lines.length);
    for (const person of run.employees)
      expect(Math.round(Number(person.total) * 100)).toBe(
        lines.filter((l) => l.employee === person.employee).reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0),
      );
  });

  it('takes a rule change mid-cutoff from its effective day, and computing again gives the same result', async () => {
    await rule({ role: 'therapist', kind: 'percent', value: '20', effective_from: day(5) });
    const again = await compute({}, 200);
    const lines = await linesOf(again.id);
    const amount = (employee: number, id: number) =>
      lines.find((l) => l.employee === employee && l.source_id === id && l.source === 'arrival' && !l.requested)
        ?.amount;
    expect(amount(t1, arrivals.walkIn!)).toBe('90.00'); // day 3: still 10%
    expect(amount(t2, arrivals.requested!)).toBe('199.93'); // day 5: 20% of 999.67
    expect(amount(t1, arrivals.tandemVoucher!)).toBe('99.97');
    expect(amount(t2, arrivals.tandemVoucher!)).toBe('99.96');
    const third = await compute({}, 200);
    const strip = (ls: Line[]) => ls.map(({ id: _id, ...rest }) => rest);
    expect(strip(await linesOf(third.id))).toEqual(strip(lines));
    expect(third.total).toBe(again.total);
    run = third;
  });

  it('exports the lines as CSV', async () => {
    const res = await admin.request({ method: 'GET', url: `/api/payroll/runs/${run.id}/lines/?format=csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = csvLines(res.body);
    expect(rows[0]).toBe(
      'employee_code,employee,date,source,source_id,description,base_amount,rule,split,requested,amount,adjusts_line',
    );
    expect(rows.length - 1).toBe(run.line_count);
  });

  it('keeps another branch’s Manager out, and lets only Admins approve', async () => {
    const create = await manager.request({
      method: 'POST',
      url: '/api/payroll/runs/',
      payload: { ...month, cutoff: 1, location: loc },
    });
    expect(create.statusCode).toBe(403);
    expect((await manager.request({ method: 'GET', url: `/api/payroll/runs/${run.id}/` })).statusCode).toBe(404);
    expect((await manager.request({ method: 'GET', url: `/api/payroll/runs/${run.id}/lines/` })).statusCode).toBe(404);
    expect((await manager.request({ method: 'POST', url: `/api/payroll/runs/${run.id}/approve/` })).statusCode).toBe(
      403,
    );
    const list = await get<{ results: { id: number }[] }>(manager, '/api/payroll/runs/');
    expect(list.results.map((r) => r.id)).not.toContain(run.id);
    expect((await therapistAgent.request({ method: 'GET', url: '/api/payroll/runs/' })).statusCode).toBe(403);
  });

  it('goes draft → submitted (Admins asked) → returned → submitted → approved, then refuses computing', async () => {
    const submitted = await post<Run>(admin, `/api/payroll/runs/${run.id}/submit/`, {}, 200);
    expect(submitted.status).toBe('submitted');
    expect((await compute({}, 409)) as unknown as { message: string }).toMatchObject({
      message: expect.stringContaining('submitted'),
    });
    const returned = await post<Run & { return_reason: string }>(
      admin,
      `/api/payroll/runs/${run.id}/return/`,
      { reason: 'Check the tandem split.' },
      200,
    );
    expect(returned).toMatchObject({ status: 'returned', return_reason: 'Check the tandem split.' });
    await post(admin, `/api/payroll/runs/${run.id}/submit/`, {}, 200);
    const approved = await post<Run>(admin, `/api/payroll/runs/${run.id}/approve/`, {}, 200);
    expect(approved.status).toBe('approved');
    expect((await compute({}, 409)) as unknown as { message: string }).toMatchObject({
      message: expect.stringContaining('approved and locked'),
    });
  });

  it('keeps an approved run byte for byte and puts a later cancellation into the next run as adjustments', async () => {
    const read = async () =>
      [
        (await admin.request({ method: 'GET', url: `/api/payroll/runs/${run.id}/` })).body,
        (await admin.request({ method: 'GET', url: `/api/payroll/runs/${run.id}/lines/?pageSize=500` })).body,
      ].join('\n');
    const before = await read();
    const cancel = await admin.request({
      method: 'PATCH',
      url: `/api/clients/arrivals/${arrivals.tandemVoucher}/`,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await read()).toBe(before);
    const originals = (await linesOf(run.id)).filter(
      (l) => l.source_id === arrivals.tandemVoucher && l.source === 'arrival',
    );
    const next = await compute({ cutoff: 2 });
    const adjustments = await linesOf(next.id, '&source=adjustment');
    expect(
      adjustments.map((l) => ({ employee: l.employee, amount: l.amount, adjusts: l.adjusts_line, run: l.adjusts_run })),
    ).toEqual(
      expect.arrayContaining(
        originals.map((o) => ({ employee: o.employee, amount: `-${o.amount}`, adjusts: o.id, run: run.id })),
      ),
    );
    expect(adjustments).toHaveLength(2);
    expect(adjustments.every((a) => a.adjusted_source === 'arrival' && a.source_id === arrivals.tandemVoucher)).toBe(
      true,
    );
    // Computed again, the adjustment is not paid twice.
    await compute({ cutoff: 2 }, 200);
    expect(await linesOf(next.id, '&source=adjustment')).toHaveLength(2);
  });

  it('prefers a branch rule to a business-wide one for the same treatment', async () => {
    const z = await makeTreatment(admin, { price: '500.00' });
    await rule({ role: 'therapist', treatment: z.id, kind: 'fixed', value: '100', location: null });
    await rule({ role: 'therapist', treatment: z.id, kind: 'fixed', value: '120' });
    const a = await arrive({ date: day(17), therapist: t1, treatment: z.id });
    const next = await compute({ cutoff: 2 }, 200);
    const line = (await linesOf(next.id, `&employee=${t1}`)).find(
      (l) => l.source_id === a.id && l.source === 'arrival',
    );
    expect(line?.amount).toBe('120.00');
  });

  it('refuses a cutoff that has not started (a run is never deleted, and approved it would lock days not yet worked)', async () => {
    const [y, m] = todayInManila().split('-').map(Number) as [number, number];
    const next = m === 12 ? { year: y + 1, month: 1 } : { year: y, month: m + 1 };
    const refused = await admin.request({
      method: 'POST',
      url: '/api/payroll/runs/',
      payload: { ...next, cutoff: 1, location: loc },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    // The day in words, as every refusal writes one ('1 Dec 2026'), not 2026-12-01.
    const month = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[next.month - 1];
    const message = `The cutoff starting 1 ${month} ${next.year} has not started yet; compute it from that day.`;
    expect(refused.json()).toEqual({ message, errors: { cutoff: [message] } });
    const runs = await get<{ count: number }>(
      admin,
      `/api/payroll/runs/?location=${loc}&year=${next.year}&month=${next.month}`,
    );
    expect(runs.count).toBe(0);
  });
});

describe('amounts past what a pay run holds', () => {
  it('refuses the compute with a sentence saying where to look (409), and stores no run', async () => {
    // A branch of its own: three walk-ins of a ₱9,999,999,999.99 treatment, each with a service
    // charge of its price, shared by two people: ₱14,999,999,999.98 each, past a line's numeric(12,2).
    const branch = (
      await post(admin, '/api/locations/', {
        name: unique('Huge branch'),
        opening_time: '09:00',
        closing_time: '21:00',
      })
    ).id;
    const hireAt = (kind: 'therapists' | 'salespersons', first: string) =>
      post(admin, `/api/${kind}/`, { first_name: first, last_name: 'Huge', location: branch, hire_date: '2020-01-01' });
    const therapist = (await hireAt('therapists', 'Malaki')).id;
    const seller = (await hireAt('salespersons', 'Bilyon')).id;
    const price = '9999999999.99';
    const z = await makeTreatment(admin, { price });
    for (const d of [2, 3, 4])
      await post(admin, '/api/clients/arrivals/', {
        client,
        location: branch,
        time: '10:00',
        date: day(d),
        therapist,
        treatment: z.id,
        payment: { salesperson: seller, payment_method: 'cash', service_charge: price },
      });
    const res = await admin.request({
      method: 'POST',
      url: '/api/payroll/runs/',
      payload: { ...month, cutoff: 1, location: branch },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message:
        'This pay run’s amounts are too large to store (at most ₱9,999,999,999.99 a line): check the cutoff’s commission rules, prices and service charges.',
    });
    const runs = await get<{ count: number }>(admin, `/api/payroll/runs/?location=${branch}`);
    expect(runs.count).toBe(0);
  });
});

describe('my earnings', () => {
  it('answers the signed-in therapist’s own lines and total, and refuses another’s', async () => {
    const { from } = cutoffDates(
      Number(todayInManila().slice(0, 4)),
      Number(todayInManila().slice(5, 7)),
      Number(todayInManila().slice(8)) <= 15 ? 1 : 2,
    );
    const w = await makeTreatment(admin, { price: '700.00' });
    await post(admin, '/api/payroll/commission-rules/', {
      role: 'therapist',
      treatment: w.id,
      kind: 'fixed',
      value: '77.00',
      location: f.home,
      effective_from: addDays(from, -1),
    });
    const before = await get<{ total: string; employees: number[] }>(therapistAgent, '/api/payroll/my-earnings/');
    expect(before.employees).toEqual([f.therapist]);
    const someone = await post(admin, '/api/clients/', { first_name: 'Earn', last_name: 'Ings', location: f.home });
    await post(admin, '/api/clients/arrivals/', {
      client: someone.id,
      location: f.home,
      time: '12:00',
      therapist: f.therapist,
      treatment: w.id,
    });
    const after = await get<{ total: string; lines: { amount: string; rule_label: string }[] }>(
      therapistAgent,
      '/api/payroll/my-earnings/',
    );
    expect(Math.round(Number(after.total) * 100) - Math.round(Number(before.total) * 100)).toBe(7700);
    expect(after.lines).toContainEqual(expect.objectContaining({ amount: '77.00', rule_label: '₱77.00 per service' }));
    const other = await therapistAgent.request({ method: 'GET', url: `/api/payroll/my-earnings/?employee=${t1}` });
    expect(other.statusCode).toBe(403);
    const asAdmin = await get<{ employees: number[] }>(
      admin,
      `/api/payroll/my-earnings/?employee=${t1}&${new URLSearchParams({ year: String(month.year), month: String(month.month), cutoff: '2' })}`,
    );
    expect(asAdmin.employees).toEqual([t1]);
  });
});
