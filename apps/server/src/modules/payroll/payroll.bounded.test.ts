import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payrollRows } from './shared';
import { adjustmentsAndUnbounded, day, month, type CommissionedBranch, type PayRun } from './payroll.test-helpers';
import { commissionedBranchSuite, earlier, earlierDay, monthAfter } from './branch-suite.test-helpers';

/**
 * The adjustment pass prices only what changed since it last ran (decision 0820): after every kind
 * of change (an arrival logged late, moved, cancelled, made a tandem; a walk-in's sale line added or
 * deleted; a voucher's price, a treatment's price, a rule added, a run approved), the adjustment
 * lines a compute writes are exactly those the unbounded pass (every arrival and sale of every
 * approved cutoff priced again) gives: same people, sources and amounts to the centavo. Runs on
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const suite = commissionedBranchSuite('Bounded');
const { post } = suite;
// The branch's ids and calls, set in beforeAll (aCommissionedBranch).
let { loc, tA, tB, sp, client, z, compute, approve, arrive, walkIn } = {} as CommissionedBranch;

type Run = PayRun;

type Row = Record<string, unknown>;
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

/**
 * Computes the draft (bounded, as the API does), then, in a transaction rolled back, deletes its
 * adjustment lines and selects what the unbounded pass gives instead: the two must be equal.
 */
const computeAndCompare = async (period: { year: number; month: number }, cutoff: 1 | 2, status = 201) => {
  const run = await compute(period, cutoff, status);
  const { written, unbounded } = await adjustmentsAndUnbounded(suite.ctx.database.db, run.id, loc);
  expect(sorted(written)).toEqual(sorted(unbounded));
  return { run, adjustments: written };
};

const total = (rows: Row[]) => rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);

beforeAll(() => {
  ({ loc, tA, tB, sp, client, z, compute, approve, arrive, walkIn } = suite.branch);
});

describe('the bounded adjustment pass', () => {
  const ids: Record<string, number> = {};
  let saleOfVisit = 0;
  let third: Run;

  it('after history is approved, prices nothing that did not change', async () => {
    ids.early = (await walkIn(earlierDay(20), tA)).id;
    ids.plain = (await arrive({ date: earlierDay(22), therapist: tB, requested: true })).id;
    const visit = await walkIn(day(3), tA);
    ids.visit = visit.id;
    saleOfVisit = visit.sale!.id;
    ids.cancelLater = (await arrive({ date: day(4), therapist: tB })).id;
    ids.moveLater = (await arrive({ date: day(5), therapist: tA })).id;
    ids.tandemLater = (await arrive({ date: day(6), therapist: tA })).id;
    await approve(await compute(earlier, 2));
    await approve(await compute(month, 1));
    const { adjustments } = await computeAndCompare(month, 2);
    expect(adjustments).toEqual([]);
    // Every change was taken and is gone: the next compute has nothing to price again.
    const [left] = await payrollRows<{ n: number }>(
      suite.ctx.database.db,
      sql`select count(*)::int as n from earning_changes where location_id = ${loc}`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('pays each change once, exactly as pricing every approved cutoff again would', async () => {
    const db = suite.ctx.database.db;
    ids.late = (await arrive({ date: earlierDay(25), therapist: tB })).id;
    await db.execute(sql`update client_arrivals set status = 'cancelled' where id = ${ids.cancelLater}`);
    await db.execute(sql`update client_arrivals set date = ${earlierDay(27)}::date where id = ${ids.moveLater}`);
    await db.execute(sql`update client_arrivals set second_therapist_id = ${tB} where id = ${ids.tandemLater}`);
    // A second line of the walk-in's visit (its deposit's, decision 0411): the base is their summed net.
    await db.execute(sql`insert into sales (date, location_id, client_id, salesperson_id, kind, reference, amount,
        net_amount, service_charge, payment_method)
      values (${day(3)}::date, ${loc}, ${client}, ${sp}, 'walk_in', ${`A-${ids.visit}`}, '300.00', '300.00', '10.00', 'cash')`);
    const { adjustments } = await computeAndCompare(month, 2, 200);
    expect(adjustments.length).toBeGreaterThan(4);
    // 10% of the late ₱1,000 service.
    expect(adjustments.filter((l) => l.source_id === ids.late).map((l) => l.amount)).toEqual(['100.00']);
    // The cancelled one is taken back.
    expect(adjustments.filter((l) => l.source_id === ids.cancelLater).map((l) => l.amount)).toEqual(['-100.00']);
  });

  it('computed again with nothing changed, writes the same adjustments', async () => {
    const before = await computeAndCompare(month, 2, 200);
    const again = await computeAndCompare(month, 2, 200);
    expect(sorted(again.adjustments)).toEqual(sorted(before.adjustments));
  });

  it('follows price and rule edits, a deleted sale line and a run approved in between', async () => {
    const db = suite.ctx.database.db;
    await db.execute(sql`update treatments set price = '1200.00' where id = ${z.id}`);
    await post('/api/payroll/commission-rules/', {
      location: loc,
      effective_from: day(2),
      role: 'salesperson',
      kind: 'fixed',
      value: '75',
    });
    await post('/api/reports/delete-sales-data/', { ids: [saleOfVisit], reason: 'Entered twice' }, 200);
    const { run, adjustments } = await computeAndCompare(month, 2, 200);
    expect(total(adjustments)).not.toBe(0);
    await approve(run);
    // The next cutoff's run: the just-approved run's own lines are now paid, and its adjustments too.
    ids.next = (await arrive({ date: earlierDay(21), therapist: tA, requested: true })).id;
    const next = monthAfter(month);
    third = (await computeAndCompare(next, 1)).run;
    const [rows] = await payrollRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pay_run_lines where run_id = ${third.id} and source = 'adjustment'
        and source_id = ${ids.next}`,
    );
    // The late arrival's service and its requested bonus.
    expect(Number(rows!.n)).toBe(2);
  });
});
