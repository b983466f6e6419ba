import { and, asc, eq, sql } from 'drizzle-orm';
import { ADMIN_GROUP, PAY_RUN_NOTIFICATION_TYPE, formatPeso, type PayRunDetail } from '@ginhawa/contract';
import type { Db, Tx } from '../../db/client';
import { notifications, payRuns } from '../../db/schema/index';
import { audited } from '../../db/audit';
import { conflict, forbidden } from '../../lib/http-error';
import { displayName, isAdmin, type AuthUser } from '../../lib/actor';
import { touched } from '../../lib/tracked';
import { publish } from '../../plugins/bus';
import { notify, registerApprovalHandler } from '../notifications/index';
import { getRun, lockRun } from './pay-runs.service';
import { payrollRows } from './shared';

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

const activeAdmins = async (tx: Tx) =>
  (
    await payrollRows<{ id: number }>(
      tx,
      sql`select distinct u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
        where u.is_active and g.name = ${ADMIN_GROUP}`,
    )
  ).map((r) => Number(r.id));

/** Submitting asks every Admin to approve, over the live channel. */
export const submitRun = async (db: Db, user: AuthUser, id: number): Promise<PayRunDetail> =>
  db.transaction(async (tx) => {
    const row = await lockRun(tx, user, id);
    if (row.status === 'submitted' || row.status === 'approved')
      throw conflict(`This pay run is already ${row.status}.`);
    const before = await getRun(tx, user, id);
    await tx
      .update(payRuns)
      .set({
        status: 'submitted',
        returnReason: '',
        submittedBy: user.id,
        submittedAt: sql`now()`,
        ...touched(user.id),
      })
      .where(eq(payRuns.id, id));
    const after = await getRun(tx, user, id);
    await notify(tx, {
      recipients: (await activeAdmins(tx)).filter((r) => r !== user.id),
      actorId: user.id,
      type: PAY_RUN_NOTIFICATION_TYPE,
      title: `Pay run: ${after.location_name}, ${periodLabel(after)}`,
      message: `${displayName(user)} submitted the pay run: ${formatPeso(after.total)} for ${after.employee_count} ${after.employee_count === 1 ? 'person' : 'people'} in ${after.line_count} line${after.line_count === 1 ? '' : 's'}.`,
      link: runLink(id),
      data: { pay_run_id: id, requested_by: user.id },
      requiresApproval: true,
    });
    const { employees: _b, ...beforeSummary } = before;
    const { employees: _a, ...afterSummary } = after;
    await audited(tx, {
      actorId: user.id,
      action: 'submit',
      tableName: 'pay_runs',
      rowId: id,
      before: beforeSummary,
      after: afterSummary,
    });
    return after;
  });

const openRequests = (id: number) =>
  and(
    eq(notifications.type, PAY_RUN_NOTIFICATION_TYPE),
    eq(notifications.requiresApproval, true),
    sql`${notifications.isApproved} is null`,
    sql`${notifications.data}->>'pay_run_id' = ${String(id)}`,
  );

const decideRun = async (
  tx: Tx,
  actor: AuthUser,
  id: number,
  approved: boolean,
  reason: string,
  fromNotification: boolean,
): Promise<PayRunDetail> => {
  if (!isAdmin(actor)) throw forbidden('Only administrators approve or return pay runs.');
  // The request's copies first, then the run: the order decide() takes, so the two never deadlock.
  if (!fromNotification)
    await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(openRequests(id))
      .orderBy(asc(notifications.id))
      .for('update');
  const row = await lockRun(tx, actor, id);
  if (row.status !== 'submitted')
    throw conflict(`Only a submitted pay run can be ${approved ? 'approved' : 'returned'}; this one is ${row.status}.`);
  const before = await getRun(tx, actor, id);
  await tx
    .update(payRuns)
    .set(
      approved
        ? { status: 'approved', approvedBy: actor.id, approvedAt: sql`now()`, ...touched(actor.id) }
        : { status: 'returned', returnReason: reason, ...touched(actor.id) },
    )
    .where(eq(payRuns.id, id));
  const after = await getRun(tx, actor, id);
  if (!fromNotification) {
    const open = await tx
      .update(notifications)
      .set({ isApproved: approved, decidedBy: actor.id, decidedAt: sql`now()` })
      .where(openRequests(id))
      .returning({ id: notifications.id, recipientId: notifications.recipientId });
    for (const n of open) await publish(tx, { t: 'approved', user: n.recipientId, id: n.id, approved });
    if (row.submittedBy && row.submittedBy !== actor.id)
      await notify(tx, {
        recipients: [row.submittedBy],
        actorId: actor.id,
        type: 'decision',
        title: approved ? 'Pay run approved' : 'Pay run returned',
        message: `${after.location_name}, ${periodLabel(after)}: ${approved ? 'approved' : `returned: ${reason.replace(/\.+$/, '')}`}.`,
        link: runLink(id),
        data: { request_type: PAY_RUN_NOTIFICATION_TYPE, pay_run_id: id, approved },
      });
  }
  const { employees: _b, ...beforeSummary } = before;
  const { employees: _a, ...afterSummary } = after;
  await audited(tx, {
    actorId: actor.id,
    action: approved ? 'approve' : 'return',
    tableName: 'pay_runs',
    rowId: id,
    before: beforeSummary,
    after: afterSummary,
  });
  return after;
};

export const approveRun = (db: Db, user: AuthUser, id: number) =>
  db.transaction((tx) => decideRun(tx, user, id, true, '', false));
export const returnRun = (db: Db, user: AuthUser, id: number, reason: string) =>
  db.transaction((tx) => decideRun(tx, user, id, false, reason, false));

registerApprovalHandler(PAY_RUN_NOTIFICATION_TYPE, async ({ tx, actor, approved, data }) => {
  const id = typeof data.pay_run_id === 'number' ? data.pay_run_id : null;
  if (id === null) return;
  await decideRun(tx, actor, id, approved, approved ? '' : 'Declined from the approval request.', true);
});
