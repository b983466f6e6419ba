import { and, eq, sql } from 'drizzle-orm';
import { cutoffDates, todayInManila, type PayRunDetail, type PayRunInput } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { commissionRules, locations, payRuns } from '../../db/schema/index';
import { audited } from '../../db/audit';
import { HttpError, conflict, fieldsError, forbidden } from '../../lib/http-error';
import { inScope } from '../../lib/scope';
import { dayInWords } from '../../lib/notice-text';
import { pgErrorCode } from '../../lib/pg-errors';
import type { AuthUser } from '../../lib/actor';
import { createdBy, touched } from '../../lib/tracked';
import { branchPeriod, EARNING_COLUMNS, earningsSql, tipsSql } from './earnings.service';
import { getRun, payrollScope } from './pay-runs.service';
import { payrollRows } from './shared';
import { claimChanges, insertAdjustments, LINE_COLUMNS, serviceChargeShares } from './pay-runs-adjust.service';

/** Computing a branch's pay run for a cutoff: its lines by INSERT … SELECT, in one transaction (decision 0800). */

/** The branch's run for the period, created as an empty draft when there is none, locked. */
const runFor = async (tx: Tx, user: AuthUser, body: PayRunInput, from: string, to: string) => {
  const inserted = await tx
    .insert(payRuns)
    .values({
      locationId: body.location,
      year: body.year,
      month: body.month,
      cutoff: body.cutoff,
      dateFrom: from,
      dateTo: to,
      ...createdBy(user.id),
    })
    .onConflictDoNothing()
    .returning({ id: payRuns.id });
  const [run] = await tx
    .select()
    .from(payRuns)
    .where(
      and(
        eq(payRuns.locationId, body.location),
        eq(payRuns.year, body.year),
        eq(payRuns.month, body.month),
        eq(payRuns.cutoff, body.cutoff),
      ),
    )
    .for('update');
  return { run: run!, created: inserted.length > 0 };
};

/**
 * The branch's compute lock (an advisory lock on two keys: this class, the location id; its key space
 * is apart from the single-key locks of db/client.ts and the leaderboard). Every run of a branch
 * computes its adjustments against what the branch's other runs already pay, so two of its runs
 * computed at once would each miss the other's uncommitted adjustment and pay it twice (decision
 * 0800). Not the floor lock: a compute takes seconds, and the desk must not wait for it.
 */
const BRANCH_COMPUTE_LOCK = 727_274_003;
const lockBranchCompute = (tx: Tx, locationId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${BRANCH_COMPUTE_LOCK}, ${locationId})`);

/**
 * Holds the rules the lines are computed with (`for key share`: edits go on, a deletion waits). A rule
 * is deleted only while no line names it (commission-rules.service.ts); without this, a deletion
 * committed while a compute's INSERT … SELECT ran from a snapshot that still had the rule would leave
 * lines naming a deleted rule, and the next run would take back what they pay.
 */
const holdRules = (tx: Tx) => tx.select({ id: commissionRules.id }).from(commissionRules).for('key share');

/** An earning's columns other than what it is for (person, source, source id, bonus). */
const VALUES = [
  'employee_name',
  'employee_code',
  'client_id',
  'date',
  'description',
  'base_amount',
  'rule_id',
  'rule_label',
  'split',
  'amount',
];
const valuesOf = (alias?: string) => sql.raw(VALUES.map((c) => (alias ? `${alias}.${c}` : c)).join(', '));

/**
 * The run's arrival and sale lines become what its cutoff earns now, in one statement that writes
 * only what differs: a changed earning is updated in place, one no longer earned is deleted, a new one
 * inserted. Computing again with nothing changed writes nothing (a cutoff of 60,000 arrivals is
 * 129,000 lines, and writing them was most of a recompute, docs/performance.md), and the lines keep
 * their ids. The lines and the earnings meet in a full join (hash or merge, never a loop of one over
 * the other, whatever the planner expects of a run it has no statistics for). An earning already in
 * another run of the branch stays there (an arrival or sale whose day was moved into this cutoff): an
 * approved run's is adjusted by the adjustment pass, a draft's leaves it when that run is computed
 * again (decision 0800); the unique index checks every new line anyway, so skipping it costs nothing.
 * Answers whether every earning of the cutoff is now the run's line (none skipped, decision 1040).
 */
const writeEarnings = async (tx: Tx, runId: number, locationId: number, from: string, to: string) => {
  const earnings = earningsSql(branchPeriod(locationId, from, to));
  const skipPaid = sql`on conflict (location_id, source, source_id, employee_id, requested)
    where source in ('arrival', 'sale') do nothing`;
  const first = !(await payrollRows(tx, sql`select 1 from pay_run_lines where run_id = ${runId} limit 1`)).length;
  // Nothing to compare with: the lines are inserted straight (no copies of the earnings to match).
  const [{ skipped }] = (
    first
      ? await payrollRows<{ skipped: number }>(
          tx,
          sql`with e as materialized (${earnings}),
          ins as (insert into pay_run_lines (${LINE_COLUMNS})
            select ${runId}, ${locationId}, ${EARNING_COLUMNS} from e ${skipPaid} returning 1)
          select (select count(*) from e)::int - (select count(*) from ins)::int as skipped`,
        )
      : await payrollRows<{ skipped: number }>(
          tx,
          sql`
    with e as materialized (${earnings}),
    d as materialized (
      select l.id as line_id, e.*, e.source_id is null as gone,
        (${valuesOf('l')}) is distinct from (${valuesOf('e')}) as differs
      from (select * from pay_run_lines where run_id = ${runId} and source in ('arrival', 'sale')) l
      full join e on l.employee_id = e.employee_id and l.source = e.source and l.source_id = e.source_id
        and l.requested = e.requested
    ),
    changed as (
      update pay_run_lines l set (${valuesOf()}) = (${valuesOf('d')})
      from d where l.run_id = ${runId} and l.id = d.line_id and not d.gone and d.differs
    ),
    gone as (delete from pay_run_lines l using d where l.run_id = ${runId} and l.id = d.line_id and d.gone),
    ins as (insert into pay_run_lines (${LINE_COLUMNS})
      select ${runId}, ${locationId}, ${EARNING_COLUMNS} from d where d.line_id is null ${skipPaid} returning 1)
    select (select count(*) from d where d.line_id is null)::int - (select count(*) from ins)::int as skipped`,
        )
  ) as [{ skipped: number }];
  return Number(skipped) === 0;
};

/**
 * Whether something the run pays is paid in another run too (decision 1040): an adjustment elsewhere
 * of one of its arrivals, sales or tips (paid late, then moved into this cutoff), or one of its tips
 * a line of another run (a tip moved out of an approved cutoff). Approved, such a run needs the
 * adjustment pass to look at its cutoff again, so its lines are not current. Its tips are read as the
 * cutoff's (by `tips_location_date_idx`, not among the run's 13,000 lines): a tip moved since its
 * line was written left a marker, which makes the run not current or is priced once it is approved.
 */
const paidElsewhere = async (tx: Tx, runId: number, locationId: number, from: string, to: string) => {
  const [row] = await payrollRows<{ paid: boolean }>(
    tx,
    sql`select exists (
        select 1 from pay_run_lines o
        where o.location_id = ${locationId} and o.source = 'adjustment' and o.run_id <> ${runId}
          and o.adjusted_source in ('arrival', 'sale', 'tip')
          and exists (select 1 from pay_run_lines l where l.location_id = ${locationId} and l.run_id = ${runId}
            and l.source = o.adjusted_source and l.source_id = o.source_id)
      ) or exists (
        select 1 from tips tp where tp.location_id = ${locationId} and tp.date between ${from}::date and ${to}::date
          and exists (select 1 from pay_run_lines o where o.location_id = ${locationId} and o.source = 'tip'
            and o.source_id = tp.id and o.run_id <> ${runId})
      ) as paid`,
  );
  return Boolean(row?.paid);
};

/**
 * The branch's service-charge pool for the cutoff, shared equally among its active staff, one share
 * per person, Managers excluded (decision 0800); the odd centavos go one each to the first people
 * by employee id, so the shares add up to the pool exactly. Answers the pool.
 */
const insertServiceCharge = async (tx: Tx, runId: number, locationId: number, from: string, to: string) => {
  const [pool] = await payrollRows<{ pool: string }>(
    tx,
    sql`select round(coalesce(sum(service_charge), 0), 2)::text as pool from sales
      where location_id = ${locationId} and date between ${from}::date and ${to}::date`,
  );
  await tx.execute(sql`
    with ${serviceChargeShares(locationId, sql`pr.id = ${runId}`)}
    insert into pay_run_lines (${LINE_COLUMNS})
    select ${runId}, ${locationId}, x.employee_id, x.name, x.employee_code, 'service_charge', null, null, ${to}::date,
      'Service charge pool ' || '₱' || to_char(x.pool, 'FM999,999,999,990.00') || ' shared by ' || x.people,
      x.pool, null, 'Equal share (RA 11360)', 1, false, x.amount
    from sc_shares x`);
  return pool!.pool;
};

/**
 * The branch's tips of the cutoff, each the therapist's own line (`source` tip, decision 0512):
 * written again with every compute, like the service-charge shares, never through a rule.
 */
const insertTips = async (tx: Tx, runId: number, locationId: number, from: string, to: string) => {
  await tx.execute(sql`insert into pay_run_lines (${LINE_COLUMNS})
    select ${runId}, ${locationId}, ${EARNING_COLUMNS}
    from (${tipsSql(sql`tp.location_id = ${locationId} and tp.date between ${from}::date and ${to}::date`)}) e`);
};

/** The run's per-employee totals and its own, summed from its lines in SQL, stored with them. */
const storeTotals = async (tx: Tx, runId: number) => {
  await tx.execute(sql`delete from pay_run_employees where run_id = ${runId}`);
  await tx.execute(sql`
    insert into pay_run_employees (run_id, employee_id, employee_name, employee_code, kind, user_id, arrivals_total,
      sales_total, service_charge_total, adjustments_total, total, line_count)
    select ${runId}, l.employee_id, min(l.employee_name), min(l.employee_code), min(e.kind), min(e.user_id),
      coalesce(sum(l.amount) filter (where l.source = 'arrival'), 0),
      coalesce(sum(l.amount) filter (where l.source = 'sale'), 0),
      coalesce(sum(l.amount) filter (where l.source = 'service_charge'), 0),
      coalesce(sum(l.amount) filter (where l.source = 'adjustment'), 0),
      sum(l.amount), count(*)
    from pay_run_lines l join employees e on e.id = l.employee_id
    where l.run_id = ${runId}
    group by l.employee_id`);
  await tx.execute(sql`
    update pay_runs set total = x.total, line_count = x.lines, employee_count = x.people
    from (select coalesce(sum(total), 0) as total, coalesce(sum(line_count), 0) as lines, count(*) as people
      from pay_run_employees where run_id = ${runId}) x
    where pay_runs.id = ${runId}`);
};

/**
 * The run's lines and totals, written again from the cutoff's arrivals, sales and adjustments; answers
 * the service-charge pool and whether the run's lines are current (decision 1040). A run whose lines
 * are current and whose days no change taken now touches keeps its arrival and sale lines as they
 * are: they already are what its cutoff earns, so the cutoff is not priced again.
 */
const writeLines = async (
  tx: Tx,
  run: { id: number; linesCurrent: boolean },
  locationId: number,
  from: string,
  to: string,
) => {
  await tx.execute(sql`delete from pay_run_lines where run_id = ${run.id} and source not in ('arrival', 'sale')`);
  const taken = await claimChanges(tx, locationId);
  const kept = run.linesCurrent && !taken.touched.includes(run.id);
  const whole = kept || (await writeEarnings(tx, run.id, locationId, from, to));
  const pool = await insertServiceCharge(tx, run.id, locationId, from, to);
  await insertTips(tx, run.id, locationId, from, to);
  await insertAdjustments(tx, run.id, locationId, taken);
  await storeTotals(tx, run.id);
  const linesCurrent = kept || (whole && !(await paidElsewhere(tx, run.id, locationId, from, to)));
  return { pool, linesCurrent };
};

/**
 * An amount past its column (numeric_value_out_of_range: a line's numeric(12,2), a total's
 * (14,2)) is the cutoff's data, not the request: the Manager is told where to look, not "a value
 * is malformed" (docs/decisions/0507-service-charge-at-most-the-price.md).
 */
const tooLargeToStore = (err: unknown): never => {
  if (pgErrorCode(err) !== '22003') throw err;
  throw conflict(
    'This pay run’s amounts are too large to store (at most ₱9,999,999,999.99 a line): check the cutoff’s commission rules, prices and service charges.',
  );
};

/**
 * Computes (or recomputes) the branch's draft for the cutoff in one transaction: its lines are
 * replaced by INSERT … SELECT, so the same data gives the same lines. 409 once submitted or approved.
 */
export const computeRun = async (
  db: Db,
  user: AuthUser,
  body: PayRunInput,
): Promise<{ run: PayRunDetail; created: boolean }> =>
  db.transaction(async (tx) => {
    // The earnings select is costed far above what it does (its rule keys are joined back from CTEs
    // the planner cannot count), which crossed jit_above_cost: compiling it took longer than running
    // it (over half of a 60,000-arrival compute, docs/performance.md). No statement here gains from JIT.
    await tx.execute(sql`set local jit = off`);
    const scope = payrollScope(user);
    const [location] = await tx.select().from(locations).where(eq(locations.id, body.location));
    if (!location) throw fieldsError({ location: ['No such location.'] });
    if (!inScope(scope, location.id))
      throw forbidden(`You do not manage ${location.name}, so you cannot compute its pay run.`);
    const { from, to } = cutoffDates(body.year, body.month, body.cutoff);
    // A run is never deleted, and one approved before its cutoff began would lock days not yet worked
    // (everything earned in them paid as late adjustments); the cutoff in progress may be computed.
    if (from > todayInManila()) {
      const message = `The cutoff starting ${dayInWords(from)} has not started yet; compute it from that day.`;
      throw new HttpError(400, message, { cutoff: [message] });
    }
    await holdRules(tx);
    await lockBranchCompute(tx, location.id);
    const { run, created } = await runFor(tx, user, body, from, to);
    if (run.status === 'submitted')
      throw conflict(
        `The pay run of ${location.name} for this cutoff is submitted; return it first to compute it again.`,
      );
    if (run.status === 'approved')
      throw conflict(
        `The pay run of ${location.name} for this cutoff is approved and locked; later changes go into the next run.`,
      );
    const { pool, linesCurrent } = await writeLines(tx, run, location.id, from, to).catch(tooLargeToStore);
    await tx
      .update(payRuns)
      .set({
        status: 'draft',
        serviceChargePool: pool,
        linesCurrent,
        computedAt: sql`now()`,
        computedBy: user.id,
        ...touched(user.id),
      })
      .where(eq(payRuns.id, run.id));
    const after = await getRun(tx, user, run.id);
    const { employees: _people, ...summary } = after;
    await audited(tx, {
      actorId: user.id,
      action: created ? 'create' : 'compute',
      tableName: 'pay_runs',
      rowId: run.id,
      after: summary,
    });
    return { run: after, created };
  });
