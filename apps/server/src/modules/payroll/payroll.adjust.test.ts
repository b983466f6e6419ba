import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { makeTreatment, unique } from '../services/services.test-helpers';
import { branchPeriod, earningsSql } from './earnings.service';
import { payrollRows } from './shared';
import { day, linesOfRun, month, postAs, type Line } from './payroll.test-helpers';

/**
 * Every earning lands in exactly one run (decision 0800): after a cutoff is approved, a backdated
 * arrival, a rule added retroactively and a deleted sale with a service charge all come back in the
 * next run as adjustments, recomputing gives the same lines, and every source's lines over all runs
 * add up to what it earns now.
 */

let ctx: TestContext;
let admin: Agent;

type Run = { id: number; status: string };

const post = <T = Record<string, unknown>>(url: string, payload: object, status = 201) =>
  postAs<T>(admin, url, payload, status);
const linesOf = (runId: number) => linesOfRun(admin, runId);

let loc: number;
let tA: number;
let tB: number;
let sp: number;
let tC: number;
let client: number;
let z: { id: number; price: string };
let first: Run;
let walkInSale: number;
const arrivals: Record<string, number> = {};

const hire = (kind: 'therapists' | 'salespersons', name: string) =>
  post(`/api/${kind}/`, {
    first_name: name,
    last_name: 'Late',
    location: loc,
    hire_date: '2020-01-01',
    ...(kind === 'salespersons' ? { monthly_target: '0.00' } : {}),
  });
const arrive = (body: Record<string, unknown>) =>
  post<{ sale: { id: number } | null }>('/api/clients/arrivals/', {
    client,
    location: loc,
    time: '10:00',
    treatment: z.id,
    ...body,
  });
const compute = (cutoff: 1 | 2, status = 201) =>
  post<Run>('/api/payroll/runs/', { ...month, cutoff, location: loc }, status);

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  loc = (await post('/api/locations/', { name: unique('Late branch'), opening_time: '09:00', closing_time: '21:00' }))
    .id;
  tA = (await hire('therapists', 'Amihan')).id;
  tB = (await hire('therapists', 'Habagat')).id;
  sp = (await hire('salespersons', 'Dalisay')).id;
  // Earns only a service-charge share.
  tC = (await hire('therapists', 'Tag-araw')).id;
  client = (await post('/api/clients/', { first_name: 'Late', last_name: 'Earner', location: loc })).id;
  z = await makeTreatment(admin, { price: '1000.00' });
  const rule = (body: object) =>
    post('/api/payroll/commission-rules/', { location: loc, effective_from: '2020-01-01', ...body });
  await rule({ role: 'therapist', kind: 'percent', value: '10' });
  await rule({ role: 'salesperson', kind: 'percent', value: '5' });
  const walkIn = await arrive({
    date: day(3),
    therapist: tA,
    payment: { salesperson: sp, payment_method: 'cash', discount: '200.00', service_charge: '30.00' },
  });
  arrivals.walkIn = walkIn.id;
  walkInSale = walkIn.sale!.id;
  // No treatment: 10% of nothing earns nothing at approval.
  arrivals.untreated = (await arrive({ date: day(6), therapist: tB, treatment: null })).id;
  first = await compute(1);
  await post(`/api/payroll/runs/${first.id}/submit/`, {}, 200);
  expect((await post<Run>(`/api/payroll/runs/${first.id}/approve/`, {}, 200)).status).toBe('approved');
});
afterAll(async () => {
  await ctx?.close();
});

describe('changes after a cutoff is approved', () => {
  let second: Run;

  it('pays a backdated arrival, a retroactive rule and a deleted sale’s service charge in the next run', async () => {
    const shares = (await linesOf(first.id)).filter((l) => l.source === 'service_charge');
    expect(shares.map((l) => l.amount)).toEqual(['7.50', '7.50', '7.50', '7.50']);
    arrivals.backdated = (await arrive({ date: day(5), therapist: tA })).id;
    // A flat ₱120 per service from the 6th, added after the cutoff was approved.
    await post('/api/payroll/commission-rules/', {
      location: loc,
      effective_from: day(6),
      role: 'therapist',
      kind: 'fixed',
      value: '120',
    });
    await post('/api/reports/delete-sales-data/', { ids: [walkInSale], reason: 'Entered twice' }, 200);
    second = await compute(2);
    const adjustments = (await linesOf(second.id)).filter((l) => l.source === 'adjustment');

    const late = adjustments.find((l) => l.source_id === arrivals.backdated);
    expect(late).toMatchObject({ employee: tA, amount: '100.00', adjusted_source: 'arrival', adjusts_line: null });
    expect(late!.description).toMatch(/^Late: .*\(arrival of 5 \w+, cutoff 1–15 \w+ approved\)$/);

    const retroactive = adjustments.filter((l) => l.source_id === arrivals.untreated);
    expect(retroactive).toEqual([
      expect.objectContaining({ employee: tB, amount: '120.00', adjusted_source: 'arrival', adjusts_line: null }),
    ]);

    // The walk-in's base falls back from the sale's net (₱800) to the list price (₱1,000).
    const walkIn = adjustments.filter((l) => l.source_id === arrivals.walkIn && l.adjusted_source === 'arrival');
    expect(walkIn.map((l) => [l.employee, l.amount])).toEqual([[tA, '20.00']]);
    expect(walkIn[0]!.adjusts_line).not.toBeNull();
    const sale = adjustments.filter((l) => l.adjusted_source === 'sale' && l.source_id === walkInSale);
    expect(sale.map((l) => [l.employee, l.amount, l.description.endsWith('(no longer earned)')])).toEqual([
      [sp, '-40.00', true],
    ]);

    const charge = adjustments.filter((l) => l.adjusted_source === 'service_charge');
    expect(charge.map((l) => l.amount)).toEqual(['-7.50', '-7.50', '-7.50', '-7.50']);
    expect(charge.every((l) => l.source_id === first.id)).toBe(true);
    expect(new Set(charge.map((l) => l.adjusts_line))).toEqual(new Set(shares.map((s) => s.id)));
  });

  it('gives the same lines when computed again', async () => {
    const shape = (lines: Line[]) =>
      lines.map(({ employee, source, source_id, adjusted_source, adjusts_line, requested, description, amount }) =>
        JSON.stringify({ employee, source, source_id, adjusted_source, adjusts_line, requested, description, amount }),
      );
    const before = shape(await linesOf(second.id)).sort();
    await compute(2, 200);
    expect(shape(await linesOf(second.id)).sort()).toEqual(before);
  });

  it('adds up, over all runs, to what each arrival and sale earns now', async () => {
    const db = ctx.database.db;
    const now = await payrollRows<{ key: string; amount: string }>(
      db,
      sql`select employee_id || '|' || source || '|' || source_id || '|' || requested as key, sum(amount)::text as amount
        from (${earningsSql(branchPeriod(loc, day(1), day(28)))}) e group by 1`,
    );
    const paid = await payrollRows<{ key: string; amount: string }>(
      db,
      sql`select employee_id || '|' || coalesce(adjusted_source, source) || '|' || source_id || '|' || requested as key,
          sum(amount)::text as amount
        from pay_run_lines where location_id = ${loc} and coalesce(adjusted_source, source) in ('arrival', 'sale')
        group by 1 having sum(amount) <> 0`,
    );
    const asMap = (rows: { key: string; amount: string }[]) => new Map(rows.map((r) => [r.key, Number(r.amount)]));
    expect(asMap(paid)).toEqual(asMap(now));
    const [charge] = await payrollRows<{ total: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as total from pay_run_lines where location_id = ${loc}
        and (source = 'service_charge' and run_id = ${first.id}
          or adjusted_source = 'service_charge' and source_id = ${first.id})`,
    );
    expect(Number(charge!.total)).toBe(0);
  });

  it('keeps a rule a line was computed with and an employee a run paid, though lines hold no foreign key to them', async () => {
    const rules = await admin.request({
      method: 'GET',
      url: `/api/payroll/commission-rules/?location=${loc}&pageSize=100`,
    });
    const used = (
      rules.json() as { results: { id: number; value: string; role: string; location: number | null }[] }
    ).results.find((r) => r.role === 'salesperson' && r.value === '5.00' && r.location === loc);
    const refused = await admin.request({ method: 'DELETE', url: `/api/payroll/commission-rules/${used!.id}/` });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('later effective date');
    const unused = await post('/api/payroll/commission-rules/', {
      location: loc,
      effective_from: day(20),
      role: 'salesperson',
      kind: 'percent',
      value: '6',
    });
    const removed = await admin.request({ method: 'DELETE', url: `/api/payroll/commission-rules/${unused.id}/` });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await admin.request({ method: 'DELETE', url: `/api/therapists/${tC}/` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ result: 'deactivated' });
  });

  it('lets a rule approved lines were computed with be corrected, paying the difference in the next run', async () => {
    const rules = await admin.request({
      method: 'GET',
      url: `/api/payroll/commission-rules/?location=${loc}&role=therapist&pageSize=100`,
    });
    const used = (rules.json() as { results: { id: number; value: string; kind: string }[] }).results.find(
      (r) => r.kind === 'percent' && r.value === '10.00',
    );
    const paid = (await linesOf(first.id)).find((l) => l.source === 'arrival' && l.source_id === arrivals.walkIn);
    expect(paid).toMatchObject({ employee: tA, amount: '80.00' });
    // 10% was meant to be 12% (decisions 0630 and 0800): the edit is taken, the approved run stays.
    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/payroll/commission-rules/${used!.id}/`,
      payload: { value: '12' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await linesOf(first.id)).find((l) => l.id === paid!.id)?.amount).toBe('80.00');
    await compute(2, 200);
    const walkIn = (await linesOf(second.id)).filter(
      (l) => l.source === 'adjustment' && l.adjusted_source === 'arrival' && l.source_id === arrivals.walkIn,
    );
    // 12% of the list price (the sale was deleted) is ₱120, ₱40 more than the ₱80 paid.
    expect(walkIn.map((l) => [l.employee, l.amount, l.adjusts_line])).toEqual([[tA, '40.00', paid!.id]]);
  });
});
