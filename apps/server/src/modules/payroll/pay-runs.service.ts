import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MANAGER_GROUP,
  todayInManila,
  type Page,
  type PayRun,
  type PayRunDetail,
  type PayRunEmployee,
  type PayRunLine,
  type PayRunLinesParams,
  type PayRunQuery,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx, SelectRow } from '../../db/client';
import { locations, payRunEmployees, payRunLines, payRuns } from '../../db/schema/index';
import { forbidden, notFound } from '../../lib/http-error';
import { iso, isoOrNull } from '../../lib/iso';
import { listPage, totalRows } from '../../lib/list';
import { scopeWhere, workplaceScope } from '../../lib/scope';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { approvalRefusal } from './pay-runs-approver.service';

/** Pay runs: reading runs and their lines, and who may (decision 0800); computing is pay-runs-compute.service.ts. */

/** Pay runs are Managers' (their branches) and Admins' (all); anyone else is refused outright. */
export const payrollScope = (user: AuthUser) => {
  if (!isAdmin(user) && !user.groups.includes(MANAGER_GROUP))
    throw forbidden('Only managers and administrators handle pay runs.');
  return workplaceScope(user);
};

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
  amountTotal: payRuns.total,
  lineCount: payRuns.lineCount,
  employeeCount: payRuns.employeeCount,
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
type RunRow = SelectRow<typeof selectRuns<Record<never, never>>>;

const toRun = (r: RunRow): PayRun => ({
  id: r.id,
  location: r.location,
  location_name: r.locationName,
  year: r.year,
  month: r.month,
  cutoff: r.cutoff,
  date_from: r.dateFrom,
  date_to: r.dateTo,
  // Its last day is today or later in Manila: what is earned after approval comes back as adjustments.
  cutoff_running: todayInManila() <= r.dateTo,
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

/** Per employee, the sums of their lines (stored with the lines, in SQL: decision 0800), name order. */
const employeesOf = async (db: DbOrTx, runId: number): Promise<PayRunEmployee[]> =>
  (
    await db
      .select()
      .from(payRunEmployees)
      .where(eq(payRunEmployees.runId, runId))
      .orderBy(sql`lower(${payRunEmployees.employeeName})`, asc(payRunEmployees.employeeId))
  ).map((r) => ({
    employee: r.employeeId,
    employee_name: r.employeeName,
    employee_code: r.employeeCode,
    kind: r.kind as PayRunEmployee['kind'],
    user: r.userId,
    arrivals_total: r.arrivalsTotal,
    sales_total: r.salesTotal,
    service_charge_total: r.serviceChargeTotal,
    adjustments_total: r.adjustmentsTotal,
    total: r.total,
    line_count: r.lineCount,
  }));

/** A run the caller may see (Managers: their branches), with its employees; 404 otherwise. */
export const getRun = async (db: DbOrTx, user: AuthUser, id: number): Promise<PayRunDetail> => {
  const scope = payrollScope(user);
  const [row] = await selectRuns(db).where(and(eq(payRuns.id, id), scopeWhere(scope, payRuns.locationId)));
  if (!row) throw notFound('No such pay run.');
  // Whether approving would succeed for this reader, by the rule approving applies (decision 0800).
  const mayApprove =
    row.status === 'submitted' && isAdmin(user) && (await approvalRefusal(db, user, row.submittedBy)) === null;
  return { ...toRun(row), may_approve: mayApprove, employees: await employeesOf(db, id) };
};

export const listRuns = async (db: Db, user: AuthUser, q: PayRunQuery, url: string): Promise<Page<PayRun>> => {
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
      total: payRuns.total,
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
type LineRow = SelectRow<typeof selectLines<Record<never, never>>>;

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

const lineWhere = (id: number, q: Pick<PayRunLinesParams, 'employee' | 'source'>) =>
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
export const listLines = async (db: Db, user: AuthUser, id: number, q: PayRunLinesParams, url: string) => {
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
export const allLines = async (db: Db, user: AuthUser, id: number, q: PayRunLinesParams) => {
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
