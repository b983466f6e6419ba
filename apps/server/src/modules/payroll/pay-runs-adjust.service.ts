import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { earningsSql, tipsSql } from './earnings.service';
import { payrollRows } from './shared';

/**
 * Adjustments (decision 0800): what the branch's approved cutoffs earn now against what was paid
 * for them in every run, the difference added to the run being computed. Also the service-charge
 * share arithmetic, which a run and its later adjustments share.
 */

export const LINE_COLUMNS = sql.raw(
  'run_id, location_id, employee_id, employee_name, employee_code, source, source_id, client_id, date, description, base_amount, rule_id, rule_label, split, requested, amount',
);

const peso = (value: SQL) => sql`'₱' || to_char(${value}, 'FM999,999,999,990.00')`;

/**
 * CTEs ending in `sc_shares` (run_id, employee_id, name, employee_code, pool, people, amount): each
 * selected run's service-charge pool shared equally, one share per person, Managers excluded, the
 * odd centavos one each to the first people by employee id. The people are those the run already
 * paid a share to when it has any (an approved cutoff is re-shared among the same people, so
 * someone leaving later does not claw back a share), else the branch's active staff hired by the
 * cutoff's last day.
 */
export const serviceChargeShares = (locationId: number, runs: SQL) => sql`
  sc_runs as (select pr.id as run_id, pr.date_from, pr.date_to from pay_runs pr where ${runs}),
  sc_pool as (
    select r.run_id, round(coalesce(sum(s.service_charge), 0), 2) as pool from sc_runs r
    left join sales s on s.location_id = ${locationId} and s.date between r.date_from and r.date_to
    group by r.run_id
  ),
  sc_paid_to as (
    select distinct l.run_id, l.employee_id from pay_run_lines l
    where l.run_id = any(array(select run_id from sc_runs)) and l.source = 'service_charge'
  ),
  sc_staff as (
    select x.run_id, x.id, x.name, x.employee_code from (
      select distinct on (r.run_id, coalesce(e.user_id, -e.id)) r.run_id, e.id,
        e.first_name || ' ' || e.last_name as name, e.employee_code
      from sc_runs r join employees e on e.location_id = ${locationId} and e.is_active and e.hire_date <= r.date_to
      where not exists (select 1 from sc_paid_to p where p.run_id = r.run_id)
        and not exists (select 1 from user_groups ug join groups g on g.id = ug.group_id
          where ug.user_id = e.user_id and g.name in ('Manager', 'Admin'))
      order by r.run_id, coalesce(e.user_id, -e.id), e.id
    ) x
    union all
    select p.run_id, e.id, e.first_name || ' ' || e.last_name, e.employee_code
    from sc_paid_to p join employees e on e.id = p.employee_id
  ),
  sc_numbered as (
    select s.*, row_number() over (partition by s.run_id order by s.id) as n,
      count(*) over (partition by s.run_id) as people
    from sc_staff s
  ),
  sc_shares as (
    select x.run_id, x.id as employee_id, x.name, x.employee_code, p.pool, x.people,
      ((round(p.pool * 100)::bigint / x.people
        + case when x.n <= round(p.pool * 100)::bigint % x.people then 1 else 0 end)::numeric / 100)::numeric(12, 2) as amount
    from sc_numbered x join sc_pool p on p.run_id = x.run_id
    where p.pool > 0
  )`;

/** The branch's approved runs other than the one being computed. */
const approvedRuns = (runId: number, locationId: number) =>
  sql`pr.location_id = ${locationId} and pr.status = 'approved' and pr.id <> ${runId}`;

/**
 * What may earn differently since the branch's adjustment pass last ran (decision 0820): the
 * changes this compute took (`chg`, an outer CTE: the branch's earning_changes rows, deleted by the
 * statement that prices them) turned into the arrivals and sale lines they can move, closed over a
 * walk-in's visit (its arrival and every line naming it), so a visit is priced whole. CTEs
 * `cand_arrivals` (id), `cand_sales` (id) and `cand_tips` (id: a tip written, changed or removed,
 * decision 0917).
 */
// `x = any(array(select …))`, not `x in (select …)`: the planner cannot count a CTE's rows, and
// for a join it hashed the whole of sales and pay_run_lines; an array is probed through the index.
// `runMarkers`: whether any `run` marker was taken; without one, the planner still scanned every
// line of the branch for the lines of none (an array it cannot count).
const candidates = (locationId: number, runMarkers: boolean) => {
  const linesOfRuns = (source: 'arrival' | 'sale' | 'tip') =>
    runMarkers
      ? sql`union select l.source_id from pay_run_lines l
      where l.run_id = any(array(select c.source_id from chg c where c.kind = 'run')) and l.source = ${source}`
      : sql``;
  return sql`
  chg_days as (select c.date_from, c.date_to from chg c where c.kind in ('range', 'run')),
  arr0 as (
    select c.source_id as id from chg c where c.kind = 'arrival'
    union select a.id from chg_days d join client_arrivals a
      on a.location_id = ${locationId} and a.date between d.date_from and d.date_to
    union select a.id from client_arrivals a
      where a.voucher_id = any(array(select c.source_id from chg c where c.kind = 'voucher'))
    ${linesOfRuns('arrival')}
  ),
  sale0 as (
    select c.source_id as id from chg c where c.kind = 'sale'
    union select s.id from chg_days d join sales s on s.location_id = ${locationId} and s.date between d.date_from and d.date_to
    union select s.id from sales s
      where s.reference = any(array(select c.reference from chg c where c.kind in ('voucher', 'reference')))
    ${linesOfRuns('sale')}
  ),
  cand_arrivals as materialized (
    select id from arr0
    union select substr(x.reference, 3)::int from (
      select s.reference from sales s where s.id = any(array(select id from sale0))
      union select c.reference from chg c where c.kind = 'sale'
    ) x where x.reference ~ '^A-[0-9]{1,9}$'
  ),
  cand_sales as materialized (
    select id from sale0
    union select s.id from sales s where s.reference = any(array(select 'A-' || id from cand_arrivals))
  ),
  cand_tips as materialized (
    select c.source_id as id from chg c where c.kind = 'tip'
    union select tp.id from chg_days d join tips tp on tp.location_id = ${locationId} and tp.date between d.date_from and d.date_to
    ${linesOfRuns('tip')}
  )`;
};

/**
 * The adjustment lines of run `runId`: every arrival and sale dated in an approved cutoff of the
 * branch (or paid in one), priced now, against everything paid for it in other runs (its line and
 * earlier adjustments): each difference is a line, pointing at the original line when there is one
 * and otherwise described as late. Catches backdated sources, retroactive rules, cancellations and
 * edits alike. `bounded`: only the candidates of the changes taken (decision 0820), which gives the
 * same lines as all of them (payroll.bounded tests); unbounded is kept for those tests.
 */
export const earningAdjustmentsSql = (runId: number, locationId: number, bounded: boolean, runMarkers = true) => {
  const approved = approvedRuns(runId, locationId);
  const inCutoff = (alias: string) => sql`exists (select 1 from pay_runs pr where ${approved}
    and ${sql.raw(alias)}.date between pr.date_from and pr.date_to)`;
  const paidIds = (source: string) => sql`select p.source_id from paid p where p.source = ${source}`;
  const arrivalIds = bounded ? sql`select id from cand_arrivals` : null;
  const saleIds = bounded ? sql`select id from cand_sales` : null;
  const tipIds = bounded ? sql`select id from cand_tips` : null;
  const only = (column: SQL, ids: SQL | null) => (ids ? sql`and ${column} = any(array(${ids}))` : sql``);
  const now = earningsSql({
    arrivals: sql`a.location_id = ${locationId} ${only(sql`a.id`, arrivalIds)} and (${inCutoff('a')} or a.id in (${paidIds('arrival')}))`,
    sales: sql`s.location_id = ${locationId} ${only(sql`s.id`, saleIds)} and (${inCutoff('s')} or s.id in (${paidIds('sale')}))`,
    walkIns: bounded ? 'by arrival' : sql`s.location_id = ${locationId}`,
  });
  // Tips (decision 0917): the therapist's own in full, a tip dated in an approved cutoff (or paid) as any earning.
  const tipsNow = tipsSql(
    sql`tp.location_id = ${locationId} ${only(sql`tp.id`, tipIds)} and (${inCutoff('tp')} or tp.id in (${paidIds('tip')}))`,
  );
  // What was paid for a source: its line in an approved run, and adjustments of it in any other run.
  const paidOf = (source: 'arrival' | 'sale' | 'tip', ids: SQL | null) => sql`
    select l.* from pay_run_lines l join pay_runs pr on pr.id = l.run_id
    where l.location_id = ${locationId} and l.run_id <> ${runId} and l.source = ${source} and pr.status = 'approved'
      ${only(sql`l.source_id`, ids)}
    union all
    select l.* from pay_run_lines l
    where l.location_id = ${locationId} and l.run_id <> ${runId} and l.source = 'adjustment'
      and l.adjusted_source = ${source} ${only(sql`l.source_id`, ids)}`;
  return sql`
    with ${bounded ? sql`${candidates(locationId, runMarkers)},` : sql``}
    paid_lines as (
      ${paidOf('arrival', arrivalIds)} union all ${paidOf('sale', saleIds)} union all ${paidOf('tip', tipIds)}
    ),
    paid as (
      select l.employee_id, coalesce(l.adjusted_source, l.source) as source, l.source_id, l.requested,
        sum(l.amount) as amount, min(l.employee_name) as employee_name, min(l.employee_code) as employee_code,
        min(l.client_id) as client_id, min(l.date) as date, min(l.description) as description,
        min(l.rule_id) as rule_id, min(l.rule_label) as rule_label, min(l.split) as split,
        min(l.id) filter (where l.source <> 'adjustment') as line_id
      from paid_lines l
      group by l.employee_id, coalesce(l.adjusted_source, l.source), l.source_id, l.requested
    ),
    now as ((${now}) union all (${tipsNow})),
    diff as (
      select coalesce(n.employee_id, p.employee_id) as employee_id, coalesce(n.source, p.source) as source,
        coalesce(n.source_id, p.source_id) as source_id, coalesce(n.requested, p.requested) as requested,
        n.description as now_description, p.description as paid_description, p.line_id,
        coalesce(n.employee_name, p.employee_name) as employee_name,
        coalesce(n.employee_code, p.employee_code) as employee_code,
        coalesce(n.client_id, p.client_id) as client_id, coalesce(n.date, p.date) as date, n.base_amount,
        coalesce(n.rule_id, p.rule_id) as rule_id, coalesce(n.rule_label, p.rule_label) as rule_label,
        coalesce(n.split, p.split) as split, coalesce(n.amount, 0) - coalesce(p.amount, 0) as amount
      from now n full join paid p on p.employee_id = n.employee_id and p.source = n.source
        and p.source_id = n.source_id and p.requested = n.requested
    )
    select ${runId}::int as run_id, ${locationId}::int as location_id, d.employee_id, d.employee_name, d.employee_code,
      'adjustment' as source, d.source_id, d.client_id, d.date,
      case when d.line_id is not null then 'Adjustment: ' || o.description
          || case when d.now_description is null then ' (no longer earned)' else ' (recomputed)' end
        else 'Late: ' || coalesce(d.now_description, d.paid_description) || ' (' || d.source || ' of '
          || to_char(d.date, 'FMDD Mon') || coalesce(', cutoff ' || to_char(c.date_from, 'FMDD') || '–'
          || to_char(c.date_to, 'FMDD Mon') || ' approved', '') || ')' end as description,
      d.base_amount, d.rule_id, d.rule_label, d.split, d.requested, d.amount, d.source as adjusted_source,
      d.line_id as adjusts_line_id
    from diff d
    left join pay_run_lines o on o.id = d.line_id
    left join lateral (
      select pr.date_from, pr.date_to from pay_runs pr where ${approved} and d.date between pr.date_from and pr.date_to
      limit 1
    ) c on true
    where d.amount <> 0`;
};

/**
 * The approved cutoffs whose service-charge shares may have moved since the last pass (decision
 * 0820): a sale line dated in one (before or after its change), a run approved, a range of days, an
 * adjustment of its shares deleted; and those that paid no share (their people are the branch's
 * staff now, who may have changed).
 */
const changedCutoffs = (runId: number, locationId: number) => sql`${approvedRuns(runId, locationId)} and (
    exists (select 1 from chg c where (
      (c.kind in ('sale', 'range', 'run') and c.date_from <= pr.date_to and c.date_to >= pr.date_from)
      or (c.kind = 'service_charge' and c.source_id = pr.id)))
    or not exists (select 1 from pay_run_lines l where l.run_id = pr.id and l.source = 'service_charge'))`;

/**
 * Each approved cutoff's service-charge shares now, against what was paid for them: the difference.
 * `bounded`: only the cutoffs whose shares may have moved (the same lines, payroll.bounded tests).
 */
export const serviceChargeAdjustmentsSql = (runId: number, locationId: number, bounded: boolean) => {
  const runs = bounded ? changedCutoffs(runId, locationId) : approvedRuns(runId, locationId);
  return sql`
    with ${serviceChargeShares(locationId, runs)},
    paid as (
      select l.employee_id, case when l.source = 'service_charge' then l.run_id else l.source_id end as cutoff_run,
        sum(l.amount) as amount, min(l.employee_name) as employee_name, min(l.employee_code) as employee_code,
        min(l.id) filter (where l.source = 'service_charge') as line_id
      from pay_run_lines l
      where l.location_id = ${locationId} and l.run_id <> ${runId}
        and ((l.source = 'service_charge' and l.run_id = any(array(select run_id from sc_runs)))
          or (l.source = 'adjustment' and l.adjusted_source = 'service_charge'
            and l.source_id = any(array(select run_id from sc_runs))))
      group by l.employee_id, case when l.source = 'service_charge' then l.run_id else l.source_id end
    ),
    diff as (
      select coalesce(s.employee_id, p.employee_id) as employee_id, coalesce(s.run_id, p.cutoff_run) as cutoff_run,
        coalesce(s.name, p.employee_name) as employee_name, coalesce(s.employee_code, p.employee_code) as employee_code,
        p.line_id, coalesce(s.amount, 0) - coalesce(p.amount, 0) as amount
      from sc_shares s full join paid p on p.employee_id = s.employee_id and p.cutoff_run = s.run_id
    )
    select ${runId}::int as run_id, ${locationId}::int as location_id, d.employee_id, d.employee_name, d.employee_code,
      'adjustment' as source, d.cutoff_run as source_id, null::int as client_id, r.date_to as date,
      'Adjustment: service charge of ' || to_char(r.date_from, 'FMDD') || '–' || to_char(r.date_to, 'FMDD Mon YYYY')
        || ' (pool now ' || ${peso(sql`coalesce(pl.pool, 0)`)} || ')' as description,
      coalesce(pl.pool, 0) as base_amount, null::int as rule_id, 'Equal share (RA 11360)' as rule_label, 1 as split,
      false as requested, d.amount, 'service_charge' as adjusted_source, d.line_id as adjusts_line_id
    from diff d
    join pay_runs r on r.id = d.cutoff_run
    left join sc_pool pl on pl.run_id = d.cutoff_run
    where d.amount <> 0`;
};

/**
 * Takes the branch's change markers for the compute running now (decision 1040), before it reads any
 * earning: the ids visible now are the ones its adjustment pass prices and deletes; a marker committed
 * later waits for the next compute. Every run of the branch not approved whose lines were current and
 * whose days a taken change may touch (a change with no days, a voucher's, a membership's or a
 * name's, touches every run) is no longer current: the run's next compute would not see that change
 * otherwise. Answers the ids taken, the kinds taken and the runs no longer current. A select, not an
 * update marking them: marking the 12,000 markers of a busy cutoff cost more than pricing it. Computes
 * of a branch are one at a time (its lock).
 */
export const claimChanges = async (tx: Tx, locationId: number): Promise<Taken> => {
  const [row] = await payrollRows<{ ids: string | null; kinds: string[] | null; touched: number[] | null }>(
    tx,
    sql`with c as (select id, kind, date_from, date_to from earning_changes where location_id = ${locationId}),
      stale as (
        update pay_runs r set lines_current = false
        where r.location_id = ${locationId} and r.status <> 'approved' and r.lines_current
          and exists (select 1 from c where c.date_from is null or c.date_to is null
            or (c.date_from <= r.date_to and c.date_to >= r.date_from))
        returning r.id
      )
      select (select array_agg(id)::text from c) as ids, (select array_agg(distinct kind) from c) as kinds,
        (select array_agg(id) from stale) as touched`,
  );
  return {
    ids: row?.ids ?? '{}',
    kinds: new Set(row?.kinds ?? []),
    touched: (row?.touched ?? []).map(Number),
  };
};

/**
 * What a compute took (claimChanges): the markers' ids as a PostgreSQL array literal (passed back as
 * one parameter), their kinds, and the runs they made not current.
 */
export type Taken = { ids: string; kinds: Set<string>; touched: number[] };

/**
 * Both kinds of adjustment for the run being computed (its own lines are already replaced, and the
 * adjustments it had, deleted, left their sources in earning_changes), in one statement that deletes
 * the changes this compute took (claimChanges) and prices what they can move (decision 0820): a change
 * committed after they were taken is not deleted, and waits for the next compute (decision 1040).
 * Computes of a branch are one at a time (its lock).
 */
export const insertAdjustments = async (tx: Tx, runId: number, locationId: number, taken: Taken) => {
  // A branch with no approved cutoff yet has nothing to adjust (nothing is paid, nothing is adjustable).
  const approved = await payrollRows(
    tx,
    sql`select 1 from pay_runs pr where ${approvedRuns(runId, locationId)} limit 1`,
  );
  if (!approved.length) {
    await tx.execute(sql`delete from earning_changes where id = any(${taken.ids}::bigint[])`);
    return;
  }
  // Nothing taken but names: no earning can have moved, only the service-charge shares are checked.
  const earnings = [...taken.kinds].some((kind) => kind !== 'names')
    ? sql`select * from (${earningAdjustmentsSql(runId, locationId, true, taken.kinds.has('run'))}) e union all`
    : sql``;
  await tx.execute(sql`
    with chg as (
      delete from earning_changes where id = any(${taken.ids}::bigint[])
      returning kind, source_id, reference, date_from, date_to
    )
    insert into pay_run_lines (${LINE_COLUMNS}, adjusted_source, adjusts_line_id)
    ${earnings}
    select * from (${serviceChargeAdjustmentsSql(runId, locationId, true)}) s`);
};
