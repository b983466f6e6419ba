import { eq } from 'drizzle-orm';
import { PAY_RUN_NOTIFICATION_TYPE, formatPeso, type PayRunDetail } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { payRuns } from '../../db/schema/index';
import { audited } from '../../db/audit';
import { forbidden } from '../../lib/http-error';
import { displayName, isAdmin, type AuthUser } from '../../lib/actor';
import { approvalWorkflow, notify } from '../notifications/index';
import { getRun, lockRun } from './pay-runs.service';
import { activeAdminIds } from '../users/index';
import { approvalRefusal, type ApprovalRule } from './pay-runs-approver.service';

/**
 * A pay run's workflow, as a daily report's (decision 0800): a Manager or Admin submits, Admins
 * are asked (a live approval request) and approve or return it, from the notification or the screen.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const periodLabel = (r: Pick<PayRunDetail, 'date_from' | 'date_to' | 'month' | 'year'>) =>
  `${Number(r.date_from.slice(8))}–${Number(r.date_to.slice(8))} ${MONTHS[r.month - 1]} ${r.year}`;

/**
 * The screen of the run, where the notices lead: the path Managers and Admins can both open (the
 * web keeps everything under /admin for Admins; decision 0630).
 */
export const runLink = (id: number) => `/payroll/runs/${id}`;

/** The audit row of a status change: the run's summary, its employees' lines left out. */
const auditRun = async (
  tx: Tx,
  actorId: number,
  id: number,
  action: string,
  before: PayRunDetail,
  after: PayRunDetail,
) => {
  // Left out: the lines, and what depends on who reads it and when (may_approve, cutoff_running).
  const { employees: _b, may_approve: _mb, cutoff_running: _cb, ...beforeSummary } = before;
  const { employees: _a, may_approve: _ma, cutoff_running: _ca, ...afterSummary } = after;
  // An approval says which rule let it through (decision 0712): another Admin's four eyes, or the
  // sole Admin's exception Settings allows (the only way a submitter approves their own run).
  const approvalRule: ApprovalRule = after.submitted_by === actorId ? 'sole_admin_exception' : 'four_eyes';
  await audited(tx, {
    actorId,
    action,
    tableName: 'pay_runs',
    rowId: id,
    before: beforeSummary,
    after: action === 'approve' ? { ...afterSummary, approval_rule: approvalRule } : afterSummary,
  });
  return after;
};

/** The run's workflow, the one a daily report follows (modules/notifications/approval-workflow.service.ts). */
const runs = approvalWorkflow({
  noun: 'pay run',
  requestType: PAY_RUN_NOTIFICATION_TYPE,
  dataKey: 'pay_run_id',
  lock: lockRun,
  read: getRun,
  write: (tx, id, values) => tx.update(payRuns).set(values).where(eq(payRuns.id, id)),
  decisionNotice: (after) => ({
    subject: 'Pay run',
    place: `${after.location_name}, ${periodLabel(after)}`,
    link: runLink(after.id),
  }),
  mayDecide: (actor) => {
    if (!isAdmin(actor)) throw forbidden('Only administrators approve or return pay runs.');
  },
  // Four eyes on payroll (decision 0712); the run's read says the same (`may_approve`), so the screen offers only this.
  // Returning one's own stays open: it only takes the run back to be computed again.
  mayApprove: async (tx, actor, row) => {
    const refusal = await approvalRefusal(tx, actor, row.submittedBy);
    if (refusal) throw forbidden(refusal);
  },
  audit: auditRun,
});

/** Submitting asks every Admin to approve, over the live channel. */
export const submitRun = async (db: Db, user: AuthUser, id: number): Promise<PayRunDetail> =>
  db.transaction(async (tx) => {
    const { before, after } = await runs.submit(tx, user, id);
    await notify(tx, {
      recipients: (await activeAdminIds(tx)).filter((r) => r !== user.id),
      actorId: user.id,
      type: PAY_RUN_NOTIFICATION_TYPE,
      title: `Pay run: ${after.location_name}, ${periodLabel(after)}`,
      message: `${displayName(user)} submitted the pay run: ${formatPeso(after.total)} for ${after.employee_count} ${after.employee_count === 1 ? 'person' : 'people'} in ${after.line_count} line${after.line_count === 1 ? '' : 's'}.`,
      link: runLink(id),
      data: { pay_run_id: id, requested_by: user.id },
      requiresApproval: true,
    });
    return auditRun(tx, user.id, id, 'submit', before, after);
  });

export const approveRun = runs.approve;
export const returnRun = runs.return;
