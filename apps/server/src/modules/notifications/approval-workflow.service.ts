import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { conflict } from '../../lib/http-error';
import type { AuthUser } from '../../lib/actor';
import { touched } from '../../lib/tracked';
import { publish } from '../../plugins/bus';
import { notify, registerApprovalHandler } from './notifications.service';

/**
 * The one submit → approve | return workflow of a row that asks for approval (daily reports, pay
 * runs): the status moves, who submitted or approved and when, the return reason, and the
 * request's notification copies kept in step when the decision is made on the row's own screen.
 * Who may decide, the notices and the audit row stay with each module.
 */

/** The columns a decision writes (every approvable table has them). */
export type ApprovalValues = {
  status: 'submitted' | 'approved' | 'returned';
  returnReason?: string;
  submittedBy?: number;
  submittedAt?: SQL;
  approvedBy?: number;
  approvedAt?: SQL;
  updatedBy: number | null;
  updatedAt: SQL;
};

export type ApprovalFlow<Row, Read> = {
  /** What the conflict messages call the row ("report", "pay run"). */
  noun: string;
  /** The notification type of its approval requests, and the `data` key holding the row's id. */
  requestType: string;
  dataKey: string;
  /** Locks the row for the change (404 outside the caller's reach). */
  lock: (tx: Tx, actor: AuthUser, id: number) => Promise<Row>;
  /** The row as the API gives it: the audit's before and after, the notices' figures. */
  read: (tx: Tx, actor: AuthUser, id: number) => Promise<Read>;
  write: (tx: Tx, id: number, values: ApprovalValues) => Promise<unknown>;
  /** The submitter's notice of a decision: its subject ("Pay run"), the row in words, its screen. */
  decisionNotice: (after: Read) => { subject: string; place: string; link: string };
  /** Refuses a decider who may not decide (a 403), before anything is locked. */
  mayDecide: (actor: AuthUser) => void;
  /** A decision from the approval request: what the decider must still be allowed (a 403 with a reason). */
  checkRequest?: (tx: Tx, actor: AuthUser, id: number) => Promise<void>;
  /** An approval the locked, submitted row refuses to this decider (a 403 with a reason), either way it is made. */
  mayApprove?: (tx: Tx, actor: AuthUser, row: Row) => Promise<void>;
  /** The audit row of a status change; answers the row as the API gives it. */
  audit: (
    tx: Tx,
    actorId: number,
    id: number,
    action: 'submit' | 'approve' | 'return',
    before: Read,
    after: Read,
  ) => Promise<Read>;
};

/** A decision on one row: made on its screen, or from its approval request (`fromNotification`). */
type ApprovalDecision = { id: number; approved: boolean; reason: string; fromNotification: boolean };

type Approvable = { status: string; submittedBy: number | null };

/** The row's undecided approval requests (every copy sent to an approver). */
const openRequests = (flow: Pick<ApprovalFlow<never, never>, 'requestType' | 'dataKey'>, id: number) =>
  and(
    eq(notifications.type, flow.requestType),
    eq(notifications.requiresApproval, true),
    sql`${notifications.isApproved} is null`,
    sql`${notifications.data}->>${flow.dataKey}::text = ${String(id)}`,
  );

/** Submits the row (`check` refuses what is not ready); the caller asks its approvers and audits. */
const submitForApproval = async <Row extends Approvable, Read>(
  tx: Tx,
  flow: ApprovalFlow<Row, Read>,
  user: AuthUser,
  id: number,
  check?: (row: Row) => void,
) => {
  const row = await flow.lock(tx, user, id);
  if (row.status === 'submitted' || row.status === 'approved')
    throw conflict(`This ${flow.noun} is already ${row.status}.`);
  check?.(row);
  const before = await flow.read(tx, user, id);
  await flow.write(tx, id, {
    status: 'submitted',
    returnReason: '',
    submittedBy: user.id,
    submittedAt: sql`now()`,
    ...touched(user.id),
  });
  return { row, before, after: await flow.read(tx, user, id) };
};

/**
 * Approves or returns a submitted row. Decided on the screen (`fromNotification` false), it also
 * marks the open requests decided and tells the submitter.
 */
const decide = async <Row extends Approvable, Read>(
  tx: Tx,
  flow: ApprovalFlow<Row, Read>,
  actor: AuthUser,
  decision: ApprovalDecision,
) => {
  const { id, approved, reason, fromNotification } = decision;
  flow.mayDecide(actor);
  // Deciding from the notification (decide()) locks the request's copies and then the row; the
  // screen takes them in the same order, so the two at once queue instead of deadlocking.
  if (!fromNotification)
    await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(openRequests(flow, id))
      .orderBy(asc(notifications.id))
      .for('update');
  const row = await flow.lock(tx, actor, id);
  if (row.status !== 'submitted')
    throw conflict(
      `Only a submitted ${flow.noun} can be ${approved ? 'approved' : 'returned'}; this one is ${row.status}.`,
    );
  if (approved) await flow.mayApprove?.(tx, actor, row);
  const before = await flow.read(tx, actor, id);
  await flow.write(
    tx,
    id,
    approved
      ? { status: 'approved', approvedBy: actor.id, approvedAt: sql`now()`, ...touched(actor.id) }
      : { status: 'returned', returnReason: reason, ...touched(actor.id) },
  );
  const after = await flow.read(tx, actor, id);
  if (!fromNotification) {
    const open = await tx
      .update(notifications)
      .set({ isApproved: approved, decidedBy: actor.id, decidedAt: sql`now()` })
      .where(openRequests(flow, id))
      .returning({ id: notifications.id, recipientId: notifications.recipientId });
    for (const n of open) await publish(tx, { t: 'approved', user: n.recipientId, id: n.id, approved });
    // The decider has dealt with their own copy, as deciding from the list marks it (decision
    // 0503): it stops counting as unread; other deciders' copies stay as they were.
    for (const n of open.filter((c) => c.recipientId === actor.id)) {
      await tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, n.id));
      await publish(tx, { t: 'read', user: actor.id, id: n.id });
    }
    // From the notification, decide() has told the requester already.
    if (row.submittedBy && row.submittedBy !== actor.id) {
      const { subject, place, link } = flow.decisionNotice(after);
      await notify(tx, {
        recipients: [row.submittedBy],
        actorId: actor.id,
        type: 'decision',
        title: `${subject} ${approved ? 'approved' : 'returned'}`,
        message: `${place}: ${approved ? 'approved' : `returned: ${reason.replace(/\.+$/, '')}`}.`,
        link,
        data: { request_type: flow.requestType, [flow.dataKey]: id, approved },
      });
    }
  }
  return flow.audit(tx, actor.id, id, approved ? 'approve' : 'return', before, after);
};

/**
 * The workflow of one kind of row: `submit` (inside the caller's transaction, which then asks its
 * approvers), `approve` and `return` from the row's screen, and the decision from its approval
 * request (registered here with the notifications module's decide()).
 */
export const approvalWorkflow = <Row extends Approvable, Read>(flow: ApprovalFlow<Row, Read>) => {
  registerApprovalHandler(flow.requestType, async ({ tx, actor, approved, data }) => {
    const id = data[flow.dataKey];
    if (typeof id !== 'number') return;
    await flow.checkRequest?.(tx, actor, id);
    const reason = approved ? '' : 'Declined from the approval request.';
    await decide(tx, flow, actor, { id, approved, reason, fromNotification: true });
  });
  return {
    submit: (tx: Tx, user: AuthUser, id: number, check?: (row: Row) => void) =>
      submitForApproval(tx, flow, user, id, check),
    approve: (db: Db, user: AuthUser, id: number) =>
      db.transaction((tx) => decide(tx, flow, user, { id, approved: true, reason: '', fromNotification: false })),
    return: (db: Db, user: AuthUser, id: number, reason: string) =>
      db.transaction((tx) => decide(tx, flow, user, { id, approved: false, reason, fromNotification: false })),
  };
};
