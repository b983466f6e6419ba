import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { makeTreatment, unique } from '../services/services.test-helpers';
import { payrollRows } from './shared';
import { day, getAs, linesOfRun, month, postAs, type Line } from './payroll.test-helpers';

/**
 * An arrival or sale whose date is moved between cutoffs after one of them was approved (decision
 * 0800, "A date moved between cutoffs"): the approved run stays as it was, the earning is paid once
 * over all runs, and the next run carries only the difference, against the original line.
 */

let ctx: TestContext;
let admin: Agent;

type Run = { id: number; status: string; total: string };

const post = <T = Record<string, unknown>>(url: string, payload: object, status = 201) =>
  postAs<T>(admin, url, payload, status);
const linesOf = (runId: number) => linesOfRun(admin, runId);
const runOf = (runId: number) => getAs<Run>(admin, `/api/payroll/runs/${runId}/`);

let loc: number;
let therapist: number;
let seller: number;
let client: number;
let treatment: number;
let first: Run;
let firstLines: Line[];
let moved: { arrival: number; sale: number };

/** What the branch paid for one arrival or sale over all its runs, per person. */
const paidFor = async (source: 'arrival' | 'sale', id: number) =>
  (
    await payrollRows<{ employee_id: number; amount: string }>(
      ctx.database.db,
      sql`select employee_id, sum(amount)::text as amount from pay_run_lines
        where location_id = ${loc} and coalesce(adjusted_source, source) = ${source} and source_id = ${id}
        group by employee_id order by employee_id`,
    )
  ).map((r) => [Number(r.employee_id), r.amount]);

/** An edit of the day an arrival and its walk-in sale happened (no screen changes it yet). */
const redate = async (arrival: number, sale: number | null, date: string) => {
  await ctx.database.db.execute(
    sql`update client_arrivals set date = ${date}, updated_at = now() where id = ${arrival}`,
  );
  if (sale !== null) await ctx.database.db.execute(sql`update sales set date = ${date} where id = ${sale}`);
};
const compute = (cutoff: 1 | 2, status = 201) =>
  post<Run>('/api/payroll/runs/', { ...month, cutoff, location: loc }, status);

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  loc = (await post('/api/locations/', { name: unique('Moved branch'), opening_time: '09:00', closing_time: '21:00' }))
    .id;
  const hire = (kind: 'therapists' | 'salespersons', name: string) =>
    post(`/api/${kind}/`, {
      first_name: name,
      last_name: 'Moved',
      location: loc,
      hire_date: '2020-01-01',
      ...(kind === 'salespersons' ? { monthly_target: '0.00' } : {}),
    });
  therapist = (await hire('therapists', 'Dalisay')).id;
  seller = (await hire('salespersons', 'Ligaya')).id;
  client = (await post('/api/clients/', { first_name: 'Moved', last_name: 'Day', location: loc })).id;
  treatment = (await makeTreatment(admin, { price: '1000.00' })).id;
  const rule = (body: object) => post('/api/payroll/commission-rules/', { location: loc, ...body });
  await rule({ role: 'therapist', kind: 'percent', value: '10', effective_from: '2020-01-01' });
  await rule({ role: 'salesperson', kind: 'percent', value: '5', effective_from: '2020-01-01' });
  // From the 16th a therapist is paid a flat ₱120 a service: a day moved across cutoffs earns differently.
  await rule({ role: 'therapist', kind: 'fixed', value: '120', effective_from: day(16) });
  const walkIn = await post<{ sale: { id: number } }>('/api/clients/arrivals/', {
    client,
    location: loc,
    time: '10:00',
    treatment,
    date: day(3),
    therapist,
    payment: { salesperson: seller, payment_method: 'cash', service_charge: '30.00' },
  });
  moved = { arrival: walkIn.id, sale: walkIn.sale.id };
  first = await compute(1);
  await post(`/api/payroll/runs/${first.id}/submit/`, {}, 200);
  first = await post<Run>(`/api/payroll/runs/${first.id}/approve/`, {}, 200);
  firstLines = await linesOf(first.id);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a date moved between cutoffs', () => {
  let second: Run;

  it('out of an approved cutoff into the draft’s: paid once, the difference adjusted against the original line', async () => {
    expect(await paidFor('arrival', moved.arrival)).toEqual([[therapist, '100.00']]);
    expect(await paidFor('sale', moved.sale)).toEqual([[seller, '50.00']]);
    await redate(moved.arrival, moved.sale, day(20));
    second = await compute(2);

    expect(await linesOf(first.id)).toEqual(firstLines);
    expect((await runOf(first.id)).total).toBe(first.total);
    const lines = await linesOf(second.id);
    // No second original line: the earning stays the approved run's.
    expect(lines.filter((l) => l.source === 'arrival' || l.source === 'sale')).toEqual([]);
    const original = firstLines.find((l) => l.source === 'arrival' && l.source_id === moved.arrival)!;
    const arrival = lines.filter((l) => l.adjusted_source === 'arrival');
    // On the 20th the service earns ₱120, not 10% of ₱1,000: ₱20 more, pointing at the approved line.
    expect(arrival.map((l) => [l.employee, l.source_id, l.adjusts_line, l.amount])).toEqual([
      [therapist, moved.arrival, original.id, '20.00'],
    ]);
    expect(arrival[0]!.description).toBe(`Adjustment: ${original.description} (recomputed)`);
    expect(lines.filter((l) => l.adjusted_source === 'sale')).toEqual([]);
    expect(await paidFor('arrival', moved.arrival)).toEqual([[therapist, '120.00']]);
    expect(await paidFor('sale', moved.sale)).toEqual([[seller, '50.00']]);

    // The ₱30 service charge moved too: the approved cutoff's two shares come back, this one pays them.
    const charge = lines.filter((l) => l.source === 'service_charge' || l.adjusted_source === 'service_charge');
    expect(charge.map((l) => [l.source, l.employee, l.amount]).sort()).toEqual(
      [
        ['adjustment', seller, '-15.00'],
        ['adjustment', therapist, '-15.00'],
        ['service_charge', seller, '15.00'],
        ['service_charge', therapist, '15.00'],
      ].sort(),
    );
    expect((await runOf(second.id)).total).toBe('20.00');
  });

  it('gives the same lines when computed again', async () => {
    const shape = (lines: Line[]) => lines.map(({ id: _id, ...rest }) => JSON.stringify(rest)).sort();
    const before = shape(await linesOf(second.id));
    await compute(2, 200);
    expect(shape(await linesOf(second.id))).toEqual(before);
  });

  it('back from the draft’s period into the approved cutoff: no error, paid once as a late line', async () => {
    const back = await post('/api/clients/arrivals/', {
      client,
      location: loc,
      time: '11:00',
      treatment,
      date: day(18),
      therapist,
    });
    await compute(2, 200);
    const own = (await linesOf(second.id)).filter((l) => l.source === 'arrival' && l.source_id === back.id);
    expect(own.map((l) => l.amount)).toEqual(['120.00']);

    await redate(back.id, null, day(4));
    await compute(2, 200);
    expect(await linesOf(first.id)).toEqual(firstLines);
    const lines = (await linesOf(second.id)).filter((l) => l.source_id === back.id);
    expect(lines.map((l) => [l.source, l.adjusted_source, l.adjusts_line, l.amount])).toEqual([
      ['adjustment', 'arrival', null, '100.00'],
    ]);
    expect(lines[0]!.description).toMatch(/^Late: .*\(arrival of 4 \w+, cutoff 1–15 \w+ approved\)$/);
    expect(await paidFor('arrival', back.id)).toEqual([[therapist, '100.00']]);
  });

  it('computing a draft again rewrites only what changed: a repriced line keeps its id, a new one is added', async () => {
    const arrive = (date: string) =>
      post('/api/clients/arrivals/', { client, location: loc, time: '12:00', treatment, date, therapist });
    const early = await arrive(day(17));
    const late = await arrive(day(22));
    await compute(2, 200);
    const own = async () =>
      new Map(
        (await linesOf(second.id))
          .filter((l) => l.source === 'arrival')
          .map((l) => [l.source_id, { id: l.id, amount: l.amount }]),
      );
    const before = await own();
    expect(before.get(late.id)?.amount).toBe('120.00');
    await post('/api/payroll/commission-rules/', {
      location: loc,
      role: 'therapist',
      kind: 'fixed',
      value: '150',
      effective_from: day(21),
    });
    const added = await arrive(day(23));
    await compute(2, 200);
    const after = await own();
    expect(after.get(early.id)).toEqual(before.get(early.id));
    expect(after.get(late.id)).toEqual({ id: before.get(late.id)!.id, amount: '150.00' });
    expect(after.get(added.id)?.amount).toBe('150.00');
    expect(after.size).toBe(before.size + 1);
  });

  it('a tip written after its cutoff was approved is paid in the next run as a late line, once', async () => {
    // A tab of the 5th checked out after the 1–15 run was approved: the tip is dated the visit's day.
    const tipOf = async (amount: string) =>
      (
        await payrollRows<{ id: number }>(
          ctx.database.db,
          sql`insert into tips (arrival_id, location_id, date, employee_id, client_id, amount, payment_method)
            values (${moved.arrival}, ${loc}, ${day(5)}, ${therapist}, ${client}, ${amount}, 'cash') returning id`,
        )
      )[0]!.id;
    const tip = await tipOf('100.00');
    await compute(2, 200);
    expect(await linesOf(first.id)).toEqual(firstLines);
    const late = (await linesOf(second.id)).filter((l) => l.adjusted_source === 'tip');
    expect(late.map((l) => [l.employee, l.source_id, l.adjusts_line, l.amount])).toEqual([
      [therapist, tip, null, '100.00'],
    ]);
    expect(late[0]!.description).toMatch(/^Late: Moved Day, paid in cash \(tip of 5 \w+, cutoff 1–15 \w+ approved\)$/);
    // Computed again, it is still paid once; never a commission line of its own in this cutoff.
    await compute(2, 200);
    const again = (await linesOf(second.id)).filter(
      (l) => l.source_id === tip && (l.source === 'tip' || l.adjusted_source === 'tip'),
    );
    expect(again.map((l) => [l.source, l.adjusted_source, l.amount])).toEqual([['adjustment', 'tip', '100.00']]);
  });
});
