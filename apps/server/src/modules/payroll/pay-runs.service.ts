import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MANAGER_GROUP,
  cutoffDates,
  type Page,
  type PayRun,
  type PayRunDetail,
  type PayRunEmployee,
  type PayRunLine,
  type payRunBodySchema,
  type payRunLinesQuerySchema,
  type payRunListQuerySchema,
} from '@ginhawa/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { locations, payRunLines, payRuns } from '../../db/schema/index';
import { audited } from '../../db/audit';
import { conflict, fieldsError, forbidden, notFound } from '../../lib/http-error';
import { iso, isoOrNull } from '../../lib/iso';
import { listPage, totalRows } from '../../lib/list';
import { inScope, scopeWhere, workplaceScope } from '../../lib/scope';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { createdBy, touched } from '../../lib/tracked';
import { branchPeriod, EARNING_COLUMNS, earningsSql } from './earnings.service';
import { payrollRows } from './shared';

/** Pay runs: computing a branch's draft in SQL, and reading runs and their lines (decision 0800). */

type RunBody = z.output<typeof payRunBodySchema>;
type RunQuery = z.output<typeof payRunListQuerySchema>;
type LinesQuery = z.output<typeof payRunLinesQuerySchema>;

/** Pay runs are Managers' (their branches) and Admins' (all); anyone else is refused outright. */
export const payrollScope = (user: AuthUser) => {
  if (!isAdmin(user) && !user.groups.includes(MANAGER_GROUP))
    throw forbidden('Only managers and administrators handle pay runs.');
  return workplaceScope(user);
};

const runTotal = sql<string>`(select round(coalesce(sum(l.amount), 0), 2)::text from pay_run_lines l where l.run_id = ${payRuns.id})`;
const runColumns = {
  id: payRuns.id,
  location: payRuns.locationId,
  locationName: locations.name,
  year: payRuns.year,
  month: payRuns.month,
  cutoff: payRuns.cutoff,
  dateFrom: payRuns.dateFrom,
  dateTo: payRuns.dateTo,
  status: payRuns.status,
  amountTotal: runTotal,
  lineCount: sql<number>`(select count(*)::int from pay_run_lines l where l.run_id = ${payRuns.id})`.mapWith(Number),
  employeeCount:
    sql<number>`(select count(distinct l.employee_id)::int from pay_run_lines l where l.run_id = ${payRuns.id})`.mapWith(
      Number,
    ),
  serviceChargePool: payRuns.serviceChargePool,
  returnReason: payRuns.returnReason,
  computedAt: payRuns.computedAt,
  computedBy: payRuns.computedBy,
  submittedBy: payRuns.submittedBy,
  submittedAt: payRuns.submittedAt,
  approvedBy: payRuns.approvedBy,
  approvedAt: payRuns.approvedAt,
  createdAt: payRuns.createdAt,
  updatedAt: payRuns.updatedAt,
};
const selectRuns = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...runColumns, ...(extra as E) })
    .from(payRuns)
    .innerJoin(locations, eq(locations.id, payRuns.locationId));
type RunRow = Awaited<ReturnType<ReturnType<typeof selectRuns<Record<never, never>>>['execute']>>[number];

const toRun = (r: RunRow): PayRun => ({
  id: r.id,
  location: r.location,
  location_name: r.locationName,
  year: r.year,
  month: r.month,
  cutoff: r.cutoff,
  date_from: r.dateFrom,
  date_to: r.dateTo,
  status: r.status as PayRun['status'],
  total: r.amountTotal,
  line_count: r.lineCount,
  employee_count: r.employeeCount,
  service_charge_pool: r.serviceChargePool,
  return_reason: r.returnReason,
  computed_at: iso(r.computedAt),
  computed_by: r.computedBy,
  submitted_by: r.submittedBy,
  submitted_at: isoOrNull(r.submittedAt),
  approved_by: r.approvedBy,
  approved_at: isoOrNull(r.approvedAt),
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

type EmployeeRow = {
  employee: number;
  employee_name: string;
  employee_code: string;
  kind: PayRunEmployee['kind'];
  user: number | null;
  arrivals_total: string;
  sales_total: string;
  service_charge_total: string;
  adjustments_total: string;
  total: string;
  line_count: number;
};

/** Per employee, the sums of their lines (in SQL, so the totals are the lines' to the centavo). */
const employeesOf = async (db: DbOrTx, runId: number): Promise<PayRunEmployee[]> =>
  (
    await payrollRows<EmployeeRow>(
      db,
      sql`select l.employee_id as employee, min(l.employee_name) as employee_name, min(l.employee_code) as employee_code,
        min(e.kind) as kind, min(e.user_id) as "user",
        round(coalesce(sum(l.amount) filter (where l.source = 'arrival'), 0), 2)::text as arrivals_total,
        round(coalesce(sum(l.amount) filter (where l.source = 'sale'), 0), 2)::text as sales_total,
        round(coalesce(sum(l.amount) filter (where l.source = 'service_charge'), 0), 2)::text as service_charge_total,
        round(coalesce(sum(l.amount) filter (where l.source = 'adjustment'), 0), 2)::text as adjustments_total,
        round(sum(l.amount), 2)::text as total, count(*)::int as line_count
      from pay_run_lines l join employees e on e.id = l.employee_id
      where l.run_id = ${runId}
      group by l.employee_id order by lower(min(l.employee_name)), l.employee_id`,
    )
  ).map((r) => ({
    ...r,
    employee: Number(r.employee),
    user: r.user === null ? null : Number(r.user),
    line_count: Number(r.line_count),
  }));

/** A run the caller may see (Managers: their branches), with its employees; 404 otherwise. */
export const getRun = async (db: DbOrTx, user: AuthUser, id: number): Promise<PayRunDetail> => {
  const scope = payrollScope(user);
  const [row] = await selectRuns(db).where(and(eq(payRuns.id, id), scopeWhere(scope, payRuns.locationId)));
  if (!row) throw notFound('No such pay run.');
  return { ...toRun(row), employees: await employeesOf(db, id) };
};

export const listRuns = async (db: Db, user: AuthUser, q: RunQuery, url: string): Promise<Page<PayRun>> => {
  const scope = payrollScope(user);
  return listPage(url, q, {
    select: () => selectRuns(db, { total: totalRows }).$dynamic(),
    where: and(
      scopeWhere(scope, payRuns.locationId),
      q.location ? eq(payRuns.locationId, q.location) : undefined,
      q.year ? eq(payRuns.year, q.year) : undefined,
      q.month ? eq(payRuns.month, q.month) : undefined,
      q.cutoff ? eq(payRuns.cutoff, q.cutoff) : undefined,
      q.status ? eq(payRuns.status, q.status) : undefined,
      q.search ? sql`${locations.name} ilike ${`%${q.search}%`}` : undefined,
    ),
    orderBy: {
      year: payRuns.year,
      month: payRuns.month,
      cutoff: payRuns.cutoff,
      status: payRuns.status,
      total: runTotal,
      id: payRuns.id,
    },
    defaultOrder: [desc(payRuns.year), desc(payRuns.month), desc(payRuns.cutoff), asc(locations.name)],
    tieBreaker: payRuns.id,
    toItem: toRun,
  });
};

// ——— lines ———

const original = alias(payRunLines, 'original');
const lineColumns = {
  id: payRunLines.id,
  run: payRunLines.runId,
  employee: payRunLines.employeeId,
  employeeName: payRunLines.employeeName,
  employeeCode: payRunLines.employeeCode,
  source: payRunLines.source,
  sourceId: payRunLines.sourceId,
  adjustedSource: payRunLines.adjustedSource,
  client: payRunLines.clientId,
  date: payRunLines.date,
  description: payRunLines.description,
  baseAmount: payRunLines.baseAmount,
  rule: payRunLines.ruleId,
  ruleLabel: payRunLines.ruleLabel,
  split: payRunLines.split,
  requested: payRunLines.requested,
  amount: payRunLines.amount,
  adjustsLine: payRunLines.adjustsLineId,
  adjustsRun: original.runId,
};
const selectLines = <E extends Record<string, SQL | SQL.Aliased> = Record<never, never>>(db: DbOrTx, extra?: E) =>
  db
    .select({ ...lineColumns, ...(extra as E) })
    .from(payRunLines)
    .leftJoin(original, eq(original.id, payRunLines.adjustsLineId));
type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines<Record<never, never>>>['execute']>>[number];

export const toLine = (r: LineRow): PayRunLine => ({
  id: r.id,
  run: r.run,
  employee: r.employee,
  employee_name: r.employeeName,
  employee_code: r.employeeCode,
  source: r.source as PayRunLine['source'],
  source_id: r.sourceId,
  adjusted_source: r.adjustedSource as PayRunLine['adjusted_source'],
  client: r.client,
  date: r.date,
  description: r.description,
  base_amount: r.baseAmount,
  rule: r.rule,
  rule_label: r.ruleLabel,
  split: r.split,
  requested: r.requested,
  amount: r.amount,
  adjusts_line: r.adjustsLine,
  adjusts_run: r.adjustsRun,
});

const lineWhere = (id: number, q: Pick<LinesQuery, 'employee' | 'source'>) =>
  and(
    eq(payRunLines.runId, id),
    q.employee ? eq(payRunLines.employeeId, q.employee) : undefined,
    q.source ? eq(payRunLines.source, q.source) : undefined,
  );
const lineOrder = {
  date: payRunLines.date,
  employee: sql`lower(${payRunLines.employeeName})`,
  source: payRunLines.source,
  amount: payRunLines.amount,
  id: payRunLines.id,
};

/** A page of a run's lines (the run must be the caller's to see: 404 otherwise). */
export const listLines = async (db: Db, user: AuthUser, id: number, q: LinesQuery, url: string) => {
  await getRunRow(db, user, id);
  return listPage(url, q, {
    select: () => selectLines(db, { total: totalRows }).$dynamic(),
    where: lineWhere(id, q),
    orderBy: lineOrder,
    defaultOrder: [sql`lower(${payRunLines.employeeName})`, asc(payRunLines.date)],
    tieBreaker: payRunLines.id,
    toItem: toLine,
  });
};

/** Every matching line, for the CSV (not one page). */
export const allLines = async (db: Db, user: AuthUser, id: number, q: LinesQuery) => {
  const run = await getRunRow(db, user, id);
  const rows = await selectLines(db)
    .where(lineWhere(id, q))
    .orderBy(sql`lower(${payRunLines.employeeName})`, asc(payRunLines.date), asc(payRunLines.id));
  return { run, lines: rows.map(toLine) };
};

const getRunRow = async (db: DbOrTx, user: AuthUser, id: number) => {
  const scope = payrollScope(user);
  const [row] = await db
    .select()
    .from(payRuns)
    .where(and(eq(payRuns.id, id), scopeWhere(scope, payRuns.locationId)));
  if (!row) throw notFound('No such pay run.');
  return row;
};

/** Locks the run for a change of status; 404 outside the caller's branches. */
export const lockRun = async (tx: Tx, user: AuthUser, id: number) => {
  const scope = payrollScope(user);
  const [row] = await tx
    .select()
    .from(payRuns)
    .where(and(eq(payRuns.id, id), scopeWhere(scope, payRuns.locationId)))
    .for('update');
  if (!row) throw notFound('No such pay run.');
  return row;
};

// ——— computing ———

const LINE_COLUMNS = sql.raw(
  'run_id, location_id, employee_id, employee_name, employee_code, source, source_id, client_id, date, description, base_amount, rule_id, rule_label, split, requested, amount',
);

/** The branch's run for the period, created as an empty draft when there is none, locked. */
const runFor = async (tx: Tx, user: AuthUser, body: RunBody, from: string, to: string) => {
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
 * What every line of the branch's approved runs earns now, against what was paid for it (the
 * line and the adjustments in other runs): each difference becomes an adjustment line here.
 */
const insertAdjustments = async (tx: Tx, runId: number, locationId: number) => {
  const paidLines = sql`select o.source_id from pay_run_lines o join pay_runs pr on pr.id = o.run_id
    where pr.location_id = ${locationId} and pr.status = 'approved' and pr.id <> ${runId}`;
  const now = earningsSql({
    arrivals: sql`a.id in (${paidLines} and o.source = 'arrival')`,
    sales: sql`s.id in (${paidLines} and o.source = 'sale')`,
  });
  await tx.execute(sql`
    insert into pay_run_lines (${LINE_COLUMNS}, adjusted_source, adjusts_line_id)
    select ${runId}, ${locationId}, o.employee_id, o.employee_name, o.employee_code, 'adjustment', o.source_id,
      o.client_id, o.date,
      'Adjustment: ' || o.description || case when n.amount is null then ' (no longer earned)' else ' (recomputed)' end,
      n.base_amount, coalesce(n.rule_id, o.rule_id), coalesce(n.rule_label, o.rule_label), o.split, o.requested,
      coalesce(n.amount, 0) - o.amount - coalesce(adj.paid, 0), o.source, o.id
    from pay_run_lines o
    join pay_runs pr on pr.id = o.run_id and pr.location_id = ${locationId} and pr.status = 'approved' and pr.id <> ${runId}
    left join lateral (
      select sum(x.amount) as paid from pay_run_lines x where x.adjusts_line_id = o.id and x.run_id <> ${runId}
    ) adj on true
    left join (${now}) n on n.source = o.source and n.source_id = o.source_id and n.employee_id = o.employee_id
      and n.requested = o.requested
    where o.source in ('arrival', 'sale') and coalesce(n.amount, 0) - o.amount - coalesce(adj.paid, 0) <> 0`);
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
    with staff as (
      select distinct on (coalesce(e.user_id, -e.id)) e.id, e.first_name || ' ' || e.last_name as name, e.employee_code
      from employees e
      where e.location_id = ${locationId} and e.is_active and e.hire_date <= ${to}::date
        and not exists (select 1 from user_groups ug join groups g on g.id = ug.group_id
          where ug.user_id = e.user_id and g.name in ('Manager', 'Admin'))
      order by coalesce(e.user_id, -e.id), e.id
    ),
    numbered as (select s.*, row_number() over (order by s.id) as n, count(*) over () as people from staff s),
    pool as (select round(${pool!.pool}::numeric * 100)::bigint as cents)
    insert into pay_run_lines (${LINE_COLUMNS})
    select ${runId}, ${locationId}, x.id, x.name, x.employee_code, 'service_charge', null, null, ${to}::date,
      'Service charge pool ' || '₱' || to_char(${pool!.pool}::numeric, 'FM999,999,999,990.00') || ' shared by ' || x.people,
      ${pool!.pool}::numeric, null, 'Equal share (RA 11360)', 1, false,
      ((p.cents / x.people + case when x.n <= p.cents % x.people then 1 else 0 end)::numeric / 100)::numeric(12, 2)
    from numbered x cross join pool p
    where p.cents > 0`);
  return pool!.pool;
};

/**
 * Computes (or recomputes) the branch's draft for the cutoff in one transaction: its lines are
 * replaced by INSERT … SELECT, so the same data gives the same lines. 409 once submitted or approved.
 */
export const computeRun = async (
  db: Db,
  user: AuthUser,
  body: RunBody,
): Promise<{ run: PayRunDetail; created: boolean }> =>
  db.transaction(async (tx) => {
    const scope = payrollScope(user);
    const [location] = await tx.select().from(locations).where(eq(locations.id, body.location));
    if (!location) throw fieldsError({ location: ['No such location.'] });
    if (!inScope(scope, location.id))
      throw forbidden(`You do not manage ${location.name}, so you cannot compute its pay run.`);
    const { from, to } = cutoffDates(body.year, body.month, body.cutoff);
    const { run, created } = await runFor(tx, user, body, from, to);
    if (run.status === 'submitted')
      throw conflict(
        `The pay run of ${location.name} for this cutoff is submitted; return it first to compute it again.`,
      );
    if (run.status === 'approved')
      throw conflict(
        `The pay run of ${location.name} for this cutoff is approved and locked; later changes go into the next run.`,
      );
    await tx.delete(payRunLines).where(eq(payRunLines.runId, run.id));
    await tx.execute(sql`
      insert into pay_run_lines (${LINE_COLUMNS})
      select ${run.id}, ${location.id}, ${EARNING_COLUMNS} from (${earningsSql(branchPeriod(location.id, from, to))}) e`);
    const pool = await insertServiceCharge(tx, run.id, location.id, from, to);
    await insertAdjustments(tx, run.id, location.id);
    await tx
      .update(payRuns)
      .set({
        status: 'draft',
        serviceChargePool: pool,
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
