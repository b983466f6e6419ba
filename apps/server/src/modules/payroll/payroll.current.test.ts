import { sql } from 'drizzle-orm';
import { cutoffDates } from '@ginhawa/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchPeriod, earningsSql } from './earnings.service';
import { payrollRows } from './shared';
import { adjustmentsAndUnbounded, day, month, type CommissionedBranch, type PayRun } from './payroll.test-helpers';
import {
  commissionedBranchSuite,
  dayIn,
  earlier,
  earlierDay,
  monthAfter,
  monthBefore,
} from './branch-suite.test-helpers';

/**
 * A run whose lines are current (decision 1040): approving one computed with nothing changed since
 * leaves no change marker, so the next compute prices none of its cutoff again; computing a draft
 * again with nothing changed keeps its lines without pricing its cutoff. Any change that can move one
 * of its earnings (or a name on its lines), even one another run's compute took in between, still
 * reprices it: the lines equal what the cutoff earns, and the adjustments equal those of pricing
 * every approved cutoff again, to the centavo. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

const suite = commissionedBranchSuite('Current');
const { post } = suite;
// The branch's ids and calls, set in beforeAll (aCommissionedBranch).
let { loc, tA, tB, client, z, compute, approve, arrive, walkIn } = {} as CommissionedBranch;

type Run = PayRun;
type Row = Record<string, unknown>;
type Period = { year: number; month: number };
/** This month: its first cutoff has started, so it may be computed. */
const next = monthAfter(month);
/** The month before `earlier`: both its cutoffs long over. */
const older = monthBefore(earlier);
const olderDay = (d: number) => dayIn(older, d);
const rows = <T = Row>(query: ReturnType<typeof sql>) => payrollRows<T>(suite.ctx.database.db, query);
const sorted = (list: Row[]) => list.map((r) => JSON.stringify(r)).sort();

const LINE_COLUMNS = `employee_id, employee_name, employee_code, source, source_id, client_id, date::text, description,
  base_amount::text, rule_id, rule_label, split, requested, amount::text`;

/** One statement with the arrivals' update marker off: a change no compute is told of. */
const silently = async (statement: ReturnType<typeof sql>) => {
  const db = suite.ctx.database.db;
  await db.execute(sql`alter table client_arrivals disable trigger earning_changes_arrivals_update`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`alter table client_arrivals enable trigger earning_changes_arrivals_update`);
  }
};
const linesCurrent = async (run: Run) =>
  (await rows<{ current: boolean }>(sql`select lines_current as current from pay_runs where id = ${run.id}`))[0]!
    .current;
const markers = async (kind: string) =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from earning_changes where location_id = ${loc} and kind = ${kind}`,
      )
    )[0]!.n,
  );

/** The run's arrival and sale lines, and what its cutoff earns now: a current run's are equal. */
const linesAndEarnings = async (run: Run, period: Period, cutoff: 1 | 2) => {
  const { from, to } = cutoffDates(period.year, period.month, cutoff);
  const lines = await rows(
    sql`select ${sql.raw(LINE_COLUMNS)} from pay_run_lines where run_id = ${run.id} and source in ('arrival', 'sale')`,
  );
  const earned = await rows(sql`select ${sql.raw(LINE_COLUMNS)} from (${earningsSql(branchPeriod(loc, from, to))}) e`);
  return { lines: sorted(lines), earned: sorted(earned) };
};

/** The run's adjustments, and those of pricing every approved cutoff again. */
const adjustmentsOf = (run: Run) => adjustmentsAndUnbounded(suite.ctx.database.db, run.id, loc);

/**
 * Computes the next cutoff's run; its adjustments must equal the unbounded pass's. Answers what
 * every run of the branch pays for the tip, all told.
 */
const paidOnceNextRun = async (tipId: number) => {
  await compute(next, 1, 200);
  const [run] = await rows<{ id: number }>(sql`select id from pay_runs where location_id = ${loc}
    and year = ${next.year} and month = ${next.month} and cutoff = 1`);
  const { written, unbounded } = await adjustmentsOf({ id: Number(run!.id), status: 'draft' });
  expect(sorted(written)).toEqual(sorted(unbounded));
  const [paid] = await rows<{ amount: string }>(
    sql`select sum(amount)::text as amount from pay_run_lines
      where location_id = ${loc} and coalesce(adjusted_source, source) = 'tip' and source_id = ${tipId}`,
  );
  return paid!.amount;
};

beforeAll(() => {
  ({ loc, tA, tB, client, z, compute, approve, arrive, walkIn } = suite.branch);
});

describe('a run whose lines are current', () => {
  let m1: Run;
  let m2: Run;

  it('approved with nothing changed since its compute, leaves no marker: the next compute prices none of it', async () => {
    await walkIn(earlierDay(20), tA);
    await arrive({ date: earlierDay(22), therapist: tB, requested: true });
    await walkIn(day(3), tA);
    await arrive({ date: day(4), therapist: tB });
    const e2 = await compute(earlier, 2);
    expect(await linesCurrent(e2)).toBe(true);
    await approve(e2);
    // Before decision 1040 the approval left a `run` marker: the next compute priced the whole cutoff again.
    expect(await markers('run')).toBe(0);
    expect(await rows(sql`select kind from earning_changes where location_id = ${loc}`)).toEqual([]);
    m1 = await compute(month, 1);
    const { written, unbounded } = await adjustmentsOf(m1);
    expect(written).toEqual([]);
    expect(unbounded).toEqual([]);
  });

  it('changed after its compute, a change another run took: approved, its cutoff is priced again', async () => {
    // An arrival logged late into the 1–15 cutoff, after its run was computed …
    const late = await arrive({ date: day(6), therapist: tA });
    // … is taken by the 16–end run's compute (nothing of a draft cutoff is adjusted): the 1–15 run is no longer current.
    m2 = await compute(month, 2);
    expect(await linesCurrent(m1)).toBe(false);
    expect(await linesCurrent(m2)).toBe(true);
    await approve(m1);
    expect(await markers('run')).toBe(1);
    await compute(month, 2, 200);
    const { written, unbounded } = await adjustmentsOf(m2);
    expect(sorted(written)).toEqual(sorted(unbounded));
    // 10% of the late ₱1,000 service, paid once as a late line.
    expect(written.filter((l) => l.adjusted_source === 'arrival').map((l) => [l.source_id, l.amount])).toEqual([
      [late.id, '100.00'],
    ]);
  });

  it('computed again with nothing changed, keeps its lines without pricing its cutoff', async () => {
    const silent = await arrive({ date: day(16), therapist: tA });
    await compute(month, 2, 200);
    const { lines, earned } = await linesAndEarnings(m2, month, 2);
    expect(lines).toEqual(earned);
    expect(await linesCurrent(m2)).toBe(true);
    // A change that leaves no marker (its trigger off for one statement) is not seen by a current
    // run's recompute: the proof that the recompute did not price the cutoff again.
    await silently(sql`update client_arrivals set therapist_id = ${tB} where id = ${silent.id}`);
    const before = (await linesAndEarnings(m2, month, 2)).lines;
    await compute(month, 2, 200);
    const after = await linesAndEarnings(m2, month, 2);
    expect(after.lines).toEqual(before);
    expect(after.lines).not.toEqual(after.earned);
    // Put back, so the lines are again what the cutoff earns.
    await silently(sql`update client_arrivals set therapist_id = ${tA} where id = ${silent.id}`);
    const put = await linesAndEarnings(m2, month, 2);
    expect(put.lines).toEqual(put.earned);
  });

  it('computed again after each kind of change, its lines are what its cutoff earns', async () => {
    const db = suite.ctx.database.db;
    const check = async (what: string) => {
      await compute(month, 2, 200);
      const { lines, earned } = await linesAndEarnings(m2, month, 2);
      expect(lines, what).toEqual(earned);
      expect(await linesCurrent(m2), what).toBe(true);
      return lines;
    };
    const start = await check('nothing');
    const visit = await walkIn(day(17), tA);
    const added = await check('a walk-in logged');
    expect(added.length).toBeGreaterThan(start.length);
    await db.execute(sql`update client_arrivals set second_therapist_id = ${tB} where id = ${visit.id}`);
    await check('made a tandem');
    await db.execute(sql`update sales set discount = '300.00', net_amount = '700.00' where id = ${visit.sale!.id}`);
    await check('a sale line repriced');
    await db.execute(sql`update treatments set price = '1300.00' where id = ${z.id}`);
    await check('a treatment price');
    await post('/api/payroll/commission-rules/', {
      location: loc,
      effective_from: day(18),
      role: 'salesperson',
      kind: 'fixed',
      value: '75',
    });
    await check('a rule added');
    await db.execute(sql`update clients set first_name = 'Renamed' where id = ${client}`);
    const renamed = await check('a client renamed');
    expect(renamed.some((l) => String(l).includes('Renamed Client'))).toBe(true);
    await db.execute(sql`update employees set last_name = 'Moved' where id = ${tA}`);
    const moved = await check('a therapist renamed');
    expect(moved.some((l) => String(l).includes('Amihan Moved'))).toBe(true);
    await db.execute(sql`update treatments set name = 'Hilot renamed' where id = ${z.id}`);
    const hilot = await check('a treatment renamed');
    expect(hilot.some((l) => String(l).includes('Hilot renamed'))).toBe(true);
    // A change another compute took: an arrival cancelled, then the next month's first run computed.
    await db.execute(sql`update client_arrivals set status = 'cancelled' where id = ${visit.id}`);
    await compute(next, 1);
    expect(await linesCurrent(m2)).toBe(false);
    await check('an arrival cancelled, taken by another run');
  });

  it('paying a tip another run paid, is not current: approved, the double pay is taken back', async () => {
    // A tip of the approved 1–15 cutoff, written late: paid in the earlier month's draft as a late line.
    const [visit] = await rows<{ id: number }>(
      sql`select id from client_arrivals where location_id = ${loc} and date = ${day(4)}::date`,
    );
    const [tip] = await rows<{ id: number }>(
      sql`insert into tips (arrival_id, location_id, date, employee_id, client_id, amount, payment_method)
        values (${visit!.id}, ${loc}, ${day(7)}, ${tB}, ${client}, '80.00', 'cash') returning id`,
    );
    const e1 = await compute(earlier, 1);
    expect(await linesCurrent(e1)).toBe(true);
    await approve(e1);
    // Then moved into the 16–end draft's days: that run pays it too, as its own tip line.
    await suite.ctx.database.db.execute(sql`update tips set date = ${day(20)}::date where id = ${tip!.id}`);
    await compute(month, 2, 200);
    expect(await linesCurrent(m2)).toBe(false);
    await approve(m2);
    expect(await markers('run')).toBe(1);
    expect(await paidOnceNextRun(tip!.id)).toBe('80.00');
  });

  it("a tip that is an approved run's line, moved into a draft's days: not current, paid once", async () => {
    const [visit] = await rows<{ id: number }>(
      sql`select id from client_arrivals where location_id = ${loc} and date = ${day(4)}::date`,
    );
    const [tip] = await rows<{ id: number }>(
      sql`insert into tips (arrival_id, location_id, date, employee_id, client_id, amount, payment_method)
        values (${visit!.id}, ${loc}, ${olderDay(5)}, ${tA}, ${client}, '45.50', 'cash') returning id`,
    );
    const o1 = await compute(older, 1);
    expect(await linesCurrent(o1)).toBe(true);
    await approve(o1);
    await suite.ctx.database.db.execute(sql`update tips set date = ${olderDay(20)}::date where id = ${tip!.id}`);
    const o2 = await compute(older, 2);
    // Its own tip line, and the approved 1–15 run's line for the same tip.
    expect(await linesCurrent(o2)).toBe(false);
    await approve(o2);
    expect(await markers('run')).toBe(1);
    expect(await paidOnceNextRun(tip!.id)).toBe('45.50');
  });
});
