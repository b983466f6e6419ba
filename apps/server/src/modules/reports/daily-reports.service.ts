import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CASH_COUNT_REQUIRED, formatVariance, todayInManila } from '@ginhawa/contract';
import type {
  DailyReport,
  DailyReportInput,
  DailyReportQuery,
  DailyReportChanges,
  Page,
  ReportZReading,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { dailyReports, locations } from '../../db/schema/index';
import { audit, auditTrail } from '../../db/audit';
import { conflict, fieldsError, forbidden, notFound } from '../../lib/http-error';
import { isoOrNull, isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { listPage, totalRows } from '../../lib/list';
import { dayInWords, pesos } from '../../lib/notice-text';
import { createdBy, touched } from '../../lib/tracked';
import { approvalWorkflow, notify } from '../notifications/index';
import { closeBranchDay } from '../invoicing/index';
import { locationOf } from '../sales/index';
import { inScope, scopeWhere, workplaceScope } from '../../lib/scope';
import { approversOf, assertDecidesAll, isManager, parseJson, salesCount } from '../sales/index';
import { depositTotals, drawerCash } from './day-books.service';
import { assertReopenable, cashCountTotal, dayStillOpen, stillOpen } from './day-close.service';
import { displayName, isAdmin, type AuthUser } from '../../lib/actor';

const dailyReportsAudit = auditTrail('daily_reports');

/** Daily reports: their CRUD, submission and the approve/return decision. */

const onDay = sql`s.location_id = ${dailyReports.locationId} and s.date = ${dailyReports.date}`;
/** The report's branch and day, for the drawer's cash and the deposits (decision 0520). */
const reportDay = { loc: sql`${dailyReports.locationId}`, day: sql`${dailyReports.date}` };
const deposits = depositTotals(reportDay);
/**
 * The branch's Z readings of the report's day (issue 33; decision 1021), and the cash they say the
 * drawer took: null when there are none (invoicing off, or the day not closed yet).
 */
const zOfDay = (value: SQL) =>
  sql`select case when count(*) = 0 then null else ${value} end from invoicing_readings r join terminals t on t.id = r.terminal_id where t.location_id = ${dailyReports.locationId} and r.kind = 'z' and r.business_date = ${dailyReports.date}`;
const zCashSum = sql`sum((r.snapshot->>'cash')::numeric)`;

const reportColumns = {
  id: dailyReports.id,
  location: dailyReports.locationId,
  locationName: locations.name,
  date: dailyReports.date,
  status: dailyReports.status,
  gross: sql<string>`(select round(coalesce(sum(s.amount), 0), 2)::text from sales s where ${onDay})`,
  discount: sql<string>`(select round(coalesce(sum(s.discount), 0), 2)::text from sales s where ${onDay})`,
  net: sql<string>`(select round(coalesce(sum(s.net_amount), 0), 2)::text from sales s where ${onDay})`,
  cash: sql<string>`(select round(coalesce(sum(s.net_amount), 0), 2)::text from sales s where ${onDay} and s.payment_method = 'cash')`,
  serviceCharge: sql<string>`(select round(coalesce(sum(s.service_charge), 0), 2)::text from sales s where ${onDay})`,
  cashExpected: sql<string>`round(${drawerCash(reportDay)}, 2)::text`,
  depositsReceived: sql<string>`${deposits.received}`,
  depositsApplied: sql<string>`${deposits.applied}`,
  count: sql<number>`(select ${salesCount()} from sales s where ${onDay})`.mapWith(Number),
  byMethod: sql<
    Record<string, string> | string | null
  >`(select json_object_agg(x.m, x.t) from (select s.payment_method as m, round(sum(s.net_amount), 2)::text as t from sales s where ${onDay} group by 1 order by 1) x)`,
  cashOnHand: dailyReports.cashOnHand,
  cashCount: dailyReports.cashCount,
  variance: sql<
    string | null
  >`case when ${dailyReports.cashOnHand} is null then null else round(${dailyReports.cashOnHand} - ${drawerCash(reportDay)}, 2)::text end`,
  zReadings: sql<
    ReportZReading[] | string | null
  >`(${zOfDay(sql`json_agg(json_build_object('id', r.id, 'terminal', r.terminal_id, 'terminal_name', t.name, 'z_counter', r.z_counter, 'net_sales', r.snapshot->>'net_sales', 'cash', r.snapshot->>'cash') order by t.id, r.z_counter)`)})`,
  zCash: sql<string | null>`(${zOfDay(sql`round(${zCashSum}, 2)::text`)})`,
  zCashDifference: sql<
    string | null
  >`case when ${dailyReports.cashOnHand} is null then null else (${zOfDay(sql`round(${dailyReports.cashOnHand} - ${zCashSum}, 2)::text`)}) end`,
  remarks: dailyReports.remarks,
  returnReason: dailyReports.returnReason,
  submittedBy: dailyReports.submittedBy,
  submittedAt: dailyReports.submittedAt,
  approvedBy: dailyReports.approvedBy,
  approvedAt: dailyReports.approvedAt,
  createdAt: dailyReports.createdAt,
  updatedAt: dailyReports.updatedAt,
};

const selectReports = (db: DbOrTx) =>
  db.select(reportColumns).from(dailyReports).innerJoin(locations, eq(locations.id, dailyReports.locationId));
const selectReportsCounted = (db: DbOrTx) =>
  db
    .select({ ...reportColumns, total: totalRows })
    .from(dailyReports)
    .innerJoin(locations, eq(locations.id, dailyReports.locationId));
type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

const toDailyReport = ({ byMethod, zReadings, zCash, zCashDifference, ...r }: ReportRow): DailyReport => ({
  ...toSnake(r, {
    gross: 'gross_total',
    discount: 'discount_total',
    net: 'net_total',
    cash: 'cash_total',
    serviceCharge: 'service_charge_total',
    count: 'sales_count',
    depositsReceived: 'deposits_received_total',
    depositsApplied: 'deposits_applied_total',
  }),
  cash_count: r.cashCount ?? null,
  status: r.status as DailyReport['status'],
  by_payment_method: parseJson(byMethod, {}),
  z_readings: parseJson(zReadings, []),
  z_cash: zCash === null ? null : String(zCash),
  z_cash_difference: zCashDifference,
  submitted_at: isoOrNull(r.submittedAt),
  approved_at: isoOrNull(r.approvedAt),
  ...isoStamps(r),
});

/**
 * The report's own screen, which everyone the notices reach may open: the location's Managers and
 * staff who close its day, and Admins (the web's /reports/daily/:location/:date; /admin/* is for
 * Admins only, so a Manager could not follow a link there).
 */
export const reportLink = (r: Pick<DailyReport, 'location' | 'date'>) => `/reports/daily/${r.location}/${r.date}`;

/** Daily reports are for Managers and Admins (their locations), and for staff of the location who close the day. */
const reportScope = (user: AuthUser) => scopeWhere(workplaceScope(user), dailyReports.locationId);

const reportWhere = (user: AuthUser, q: DailyReportQuery) =>
  and(
    reportScope(user),
    q.location ? eq(dailyReports.locationId, q.location) : undefined,
    q.status ? eq(dailyReports.status, q.status) : undefined,
    q.date ? eq(dailyReports.date, q.date) : undefined,
    q.date_from ? sql`${dailyReports.date} >= ${q.date_from}` : undefined,
    q.date_to ? sql`${dailyReports.date} <= ${q.date_to}` : undefined,
  );

export const listReports = async (
  db: Db,
  user: AuthUser,
  q: DailyReportQuery,
  url: string,
): Promise<Page<DailyReport>> =>
  listPage(url, q, {
    select: () => selectReportsCounted(db).$dynamic(),
    where: reportWhere(user, q),
    orderBy: { date: dailyReports.date, status: dailyReports.status, id: dailyReports.id },
    defaultOrder: [desc(dailyReports.date), asc(locations.name)],
    tieBreaker: dailyReports.id,
    toItem: toDailyReport,
  });

/** Every report the filters match, not one page (the CSV export, as the sale lines' is), newest day first. */
export const allReports = async (db: Db, user: AuthUser, q: DailyReportQuery): Promise<DailyReport[]> =>
  (
    await selectReports(db)
      .where(reportWhere(user, q))
      .orderBy(desc(dailyReports.date), asc(locations.name), asc(dailyReports.id))
  ).map(toDailyReport);

export const getReport = async (db: DbOrTx, user: AuthUser, id: number): Promise<DailyReport> => {
  const [row] = await selectReports(db).where(and(eq(dailyReports.id, id), reportScope(user)));
  if (!row) throw notFound('No such daily report.');
  return toDailyReport(row);
};

/** Locks the report row for a status change; 404 outside the caller's locations. */
const lockReport = async (tx: Tx, user: AuthUser, id: number) => {
  const [row] = await tx
    .select()
    .from(dailyReports)
    .where(and(eq(dailyReports.id, id), reportScope(user)))
    .for('update');
  if (!row) throw notFound('No such daily report.');
  return row;
};

/**
 * The cash count as stored: counted by denomination, its total is cash on hand (computed in SQL)
 * and the count is kept beside it; one total clears a count entered before (decision 0523).
 */
const cashFields = async (tx: Tx, body: Pick<DailyReportChanges, 'cash_on_hand' | 'cash_count'>) =>
  body.cash_count
    ? { cashOnHand: await cashCountTotal(tx, body.cash_count), cashCount: body.cash_count }
    : { cashOnHand: body.cash_on_hand ?? null, cashCount: null };

export const createReport = async (db: Db, user: AuthUser, body: DailyReportInput): Promise<DailyReport> =>
  db.transaction(async (tx) => {
    const location = await locationOf(tx, body.location);
    if (!location) throw fieldsError({ location: ['No such location.'] });
    if (!inScope(workplaceScope(user), location.id))
      throw forbidden(`You do not work at ${location.name}, so you cannot report its day.`);
    // The cash is counted at the day's close: a later day's report would be submitted before its sales (decision 0504).
    const today = todayInManila();
    if (body.date > today)
      throw fieldsError({ date: [`A day is reported once it has come; today is ${dayInWords(today)}.`] });
    const [existing] = await tx
      .select({ id: dailyReports.id })
      .from(dailyReports)
      .where(and(eq(dailyReports.locationId, location.id), eq(dailyReports.date, body.date)));
    if (existing)
      throw conflict('This location already has a daily report for that date.', {
        date: [`Open report #${existing.id} instead.`],
      });
    const [row] = await tx
      .insert(dailyReports)
      .values({
        locationId: location.id,
        date: body.date,
        ...(await cashFields(tx, body)),
        remarks: body.remarks,
        ...createdBy(user.id),
      })
      .returning({ id: dailyReports.id });
    return dailyReportsAudit.created(tx, user.id, row!.id, await getReport(tx, user, row!.id));
  });

export const updateReport = async (
  db: Db,
  user: AuthUser,
  id: number,
  patch: DailyReportChanges,
): Promise<DailyReport> =>
  db.transaction(async (tx) => {
    const row = await lockReport(tx, user, id);
    if (row.status === 'submitted' || row.status === 'approved')
      throw conflict(`This report is ${row.status}; it can be changed only after it is returned.`);
    const before = await getReport(tx, user, id);
    await tx
      .update(dailyReports)
      .set({
        ...(patch.cash_on_hand !== undefined || patch.cash_count !== undefined ? await cashFields(tx, patch) : {}),
        ...(patch.remarks !== undefined ? { remarks: patch.remarks } : {}),
        ...touched(user.id),
      })
      .where(eq(dailyReports.id, id));
    return dailyReportsAudit.changed(tx, user.id, id, before, await getReport(tx, user, id));
  });

/** The report's workflow, the one a pay run follows (modules/notifications/approval-workflow.service.ts). */
const reports = approvalWorkflow({
  noun: 'report',
  requestType: 'daily_report',
  dataKey: 'report_id',
  lock: lockReport,
  read: getReport,
  write: (tx, id, values) => tx.update(dailyReports).set(values).where(eq(dailyReports.id, id)),
  decisionNotice: (after) => ({
    subject: 'Daily report',
    place: `${after.location_name}, ${dayInWords(after.date)}`,
    link: reportLink(after),
  }),
  mayDecide: (actor) => {
    if (!isManager(actor)) throw forbidden('Only administrators and managers may approve or return daily reports.');
  },
  // Four eyes on the cash count (decision 0504): whoever submitted it does not approve it, unless an Admin.
  mayApprove: async (_tx, actor, row) => {
    if (row.submittedBy === actor.id && !isAdmin(actor))
      throw forbidden(
        'You submitted this report, so an administrator or another manager of the location approves it. You may return it to correct it.',
      );
  },
  // A Manager moved away since the report reached them is refused with a reason, not a 404 (decision 0710).
  checkRequest: async (tx, actor, id) => {
    const [report] = await tx
      .select({ locationId: dailyReports.locationId })
      .from(dailyReports)
      .where(eq(dailyReports.id, id));
    if (report) await assertDecidesAll(tx, actor, [report.locationId]);
  },
  audit: (tx, actorId, id, action, before, after) => dailyReportsAudit.changed(tx, actorId, id, before, after, action),
});

/**
 * Submitting asks the Admins and the location's Managers to approve, over the live channel. Today's
 * report, before the branch closes or with bookings still to come, is refused (409 naming them)
 * unless the Manager says they close early (decision 0521).
 */
export const submitReport = async (
  db: Db,
  user: AuthUser,
  id: number,
  { close_early: closeEarly }: { close_early: boolean } = { close_early: false },
): Promise<DailyReport> =>
  db.transaction(async (tx) => {
    const { row, before } = await reports.submit(tx, user, id, (r) => {
      if (r.cashOnHand === null) throw fieldsError({ cash_on_hand: [CASH_COUNT_REQUIRED] });
    });
    // Checked once the row is locked (a refusal rolls the submit back); closing early is on the audit.
    const open = await stillOpen(tx, row.locationId, row.date);
    if (open.length && !closeEarly) throw dayStillOpen(open);
    if (open.length)
      await audit(tx, {
        actorId: user.id,
        action: 'close_early',
        tableName: 'daily_reports',
        rowId: id,
        before: null,
        after: { open: open.map((o) => o.message) },
      });
    // The day's close (issue 33; decision 1021): each terminal of the branch with documents of the
    // day not yet closed gets its Z reading, and the report holds its cash count against them.
    await closeBranchDay(tx, user, row.locationId, row.date);
    const after = await getReport(tx, user, id);
    const who = displayName(user);
    await notify(tx, {
      recipients: (await approversOf(tx, [row.locationId])).filter((r) => r !== user.id),
      actorId: user.id,
      type: 'daily_report',
      title: `Daily report: ${after.location_name}, ${dayInWords(after.date)}`,
      message: `${who} submitted the daily report: net ${pesos(after.net_total)} from ${after.sales_count} sale${after.sales_count === 1 ? '' : 's'}, cash on hand ${pesos(after.cash_on_hand)} (${formatVariance(after.variance ?? '0', { midSentence: true })}).`,
      link: reportLink(after),
      data: { report_id: id, requested_by: user.id },
      requiresApproval: true,
    });
    return dailyReportsAudit.changed(tx, user.id, id, before, after, 'submit');
  });

export const approveReport = reports.approve;
export const returnReport = reports.return;

/**
 * Reopens a submitted day (decision 0521): a Manager of the branch or an Admin returns it to be
 * completed, the approval request is decided (returned) and the submitter told; the audit row is
 * the return with its reason. An approved day stays locked.
 */
export const reopenReport = async (db: Db, user: AuthUser, id: number): Promise<DailyReport> => {
  if (!isManager(user)) throw forbidden('Only a manager of the branch or an administrator may reopen its day.');
  const current = await getReport(db, user, id);
  assertReopenable(current.status);
  return reports.return(db, user, id, `Reopened by ${displayName(user)} to record more of the day.`);
};
