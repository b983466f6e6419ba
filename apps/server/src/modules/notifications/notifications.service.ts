import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MANAGER_GROUP,
  NOTIFICATIONS_INITIAL_BATCH,
  NOTIFICATIONS_MAX_BATCH,
  type Notification,
  type Page,
  type PageQuery,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { offsetOf, toPage } from '../../lib/list';
import { randomToken } from '../../lib/tokens';
import { publish } from '../../plugins/bus';
import { displayName, hasAnyGroup, type AuthUser } from '../../lib/actor';
import { currentAuthUser } from '../../db/actors';
import { iso } from '../../lib/iso';
import { preparedOnce } from '../../lib/prepared';

export type NotifyInput = {
  recipients: number[];
  actorId: number | null;
  type: string;
  title: string;
  message: string;
  link?: string | null;
  data?: Record<string, unknown>;
  /** An approval request: Admins/Managers among the recipients may approve or decline it once. */
  requiresApproval?: boolean;
};

const INSERT_CHUNK = 2_000;

/**
 * The one way to notify people. Call it inside the transaction of the change it reports: the
 * rows and the live-bus event commit (or roll back) together. Returns the batch id.
 */
export const notify = async (tx: DbOrTx, input: NotifyInput): Promise<string | null> => {
  const recipients = [...new Set(input.recipients)];
  if (recipients.length === 0) return null;
  const batch = randomToken().slice(0, 24);
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
    await tx.insert(notifications).values(
      recipients.slice(i, i + INSERT_CHUNK).map((recipientId) => ({
        recipientId,
        actorId: input.actorId,
        type: input.type,
        title: input.title,
        message: input.message,
        link: input.link ?? null,
        data: input.data ?? {},
        batch,
        requiresApproval: input.requiresApproval ?? false,
      })),
    );
  }
  await publish(tx, { t: 'new', batch });
  return batch;
};

/**
 * Withdraws a recipient's notices of one type sent in the last `withinSeconds` whose data match
 * `match` (string values of `data`), oldest first, so a caller can send one notice that replaces
 * them (a burst of rank changes becomes one "now #2 (was #5)"). Open lists drop them at commit.
 */
export const withdrawRecent = async (
  tx: Tx,
  input: { recipient: number; type: string; withinSeconds: number; match: Record<string, string> },
): Promise<Array<Record<string, unknown>>> => {
  const gone = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.recipientId, input.recipient),
        eq(notifications.type, input.type),
        eq(notifications.requiresApproval, false),
        sql`${notifications.createdAt} > now() - make_interval(secs => ${input.withinSeconds})`,
        ...Object.entries(input.match).map(([key, value]) => sql`${notifications.data}->>${key} = ${value}`),
      ),
    )
    .returning({ id: notifications.id, data: notifications.data });
  gone.sort((a, b) => a.id - b.id);
  for (const n of gone) await publish(tx, { t: 'removed', user: input.recipient, id: n.id });
  return gone.map((n) => n.data ?? {});
};

// ---- reading -------------------------------------------------------------------------------

export const isDecider = (user: Pick<AuthUser, 'groups'>) => hasAnyGroup(user, [MANAGER_GROUP]);

const columns = {
  id: notifications.id,
  recipientId: notifications.recipientId,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  link: notifications.link,
  data: notifications.data,
  isRead: notifications.isRead,
  requiresApproval: notifications.requiresApproval,
  isApproved: notifications.isApproved,
  actorId: notifications.actorId,
  actorName: sql<
    string | null
  >`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${notifications.actorId})`,
  createdAt: notifications.createdAt,
  decidedByName: sql<
    string | null
  >`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) from users u where u.id = ${notifications.decidedBy})`,
  decidedAt: notifications.decidedAt,
};
type Row = { [K in keyof typeof columns]: unknown } & {
  id: number;
  recipientId: number;
  type: string;
  title: string;
  message: string;
  link: string | null;
  data: Record<string, unknown>;
  isRead: boolean;
  requiresApproval: boolean;
  isApproved: boolean | null;
  actorId: number | null;
  actorName: string | null;
  createdAt: Date;
  decidedByName: string | null;
  decidedAt: Date | null;
};

export const toNotification = (row: Row, viewerMayDecide: boolean): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  link: row.link,
  data: row.data ?? {},
  is_read: row.isRead,
  requires_approval: row.requiresApproval,
  is_approved: row.isApproved,
  can_decide: viewerMayDecide && row.requiresApproval && row.isApproved === null,
  actor: row.actorId,
  actor_name: row.actorName,
  created_at: iso(row.createdAt),
  decided_by_name: row.decidedByName,
  decided_at: row.decidedAt ? iso(row.decidedAt) : null,
});

export const listForUser = async (db: Db, viewer: AuthUser, offset = 0, limit = NOTIFICATIONS_INITIAL_BATCH) => {
  const rows = (await db
    .select(columns)
    .from(notifications)
    .where(eq(notifications.recipientId, viewer.id))
    .orderBy(desc(notifications.id))
    .limit(Math.min(Math.max(limit, 1), NOTIFICATIONS_MAX_BATCH))
    .offset(offset)) as Row[];
  const mayDecide = isDecider(viewer);
  return rows.map((r) => toNotification(r, mayDecide));
};

/**
 * Sockets' first frames: for each user, the newest `NOTIFICATIONS_INITIAL_BATCH` notifications and
 * the unread count, for any number of users in one prepared statement (issue 35: a socket's
 * opening cost three round trips, then two; sockets opened in the same turn of the event loop now
 * share this one, decision 1045). The count rides on every row; a user without rows has no
 * notifications at all, so nothing unread.
 */
const firstPagesStatement = preparedOnce('notifications_first_pages', (db, name) =>
  db
    .select({
      ...columns,
      // Written out qualified: drizzle names a column of a one-table select unqualified, which
      // inside this subquery would be u's own.
      unread: sql<number>`(select count(*)::int from notifications u where u.recipient_id = notifications.recipient_id and not u.is_read)`,
    })
    .from(notifications)
    .where(
      sql`${notifications.id} in (select l.id from unnest(${sql.placeholder('users')}::int[]) r(id) cross join lateral (select x.id from notifications x where x.recipient_id = r.id order by x.id desc limit ${sql.raw(String(NOTIFICATIONS_INITIAL_BATCH))}) l)`,
    )
    .orderBy(desc(notifications.id))
    .prepare(name),
);

/** The first page of each of `viewers` (the newest first), with their unread counts. */
export const firstPagesForUsers = async (db: Db, viewers: AuthUser[]) => {
  const pages = new Map(viewers.map((v) => [v.id, { list: [] as Notification[], unread: 0 }]));
  if (viewers.length === 0) return pages;
  const mayDecide = new Map(viewers.map((v) => [v.id, isDecider(v)]));
  const rows = (await firstPagesStatement(db).execute({ users: [...pages.keys()] })) as (Row & { unread: number })[];
  for (const row of rows) {
    const page = pages.get(row.recipientId)!;
    page.list.push(toNotification(row, mayDecide.get(row.recipientId)!));
    page.unread = Number(row.unread);
  }
  return pages;
};

export const unreadCounts = async (db: Db, userIds: number[]): Promise<Map<number, number>> => {
  const result = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ user: notifications.recipientId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.recipientId, userIds), eq(notifications.isRead, false)))
    .groupBy(notifications.recipientId);
  for (const r of rows) result.set(r.user, Number(r.n));
  return result;
};

export const unreadCount = async (db: Db, userId: number) => (await unreadCounts(db, [userId])).get(userId) ?? 0;

/**
 * Rows of one notify() batch for the given recipients (those with sockets on this instance), each
 * with its recipient's unread count: one statement per batch and instance (issue 35; two before).
 */
export const loadBatch = async (db: Db, batch: string, recipientIds: number[]) => {
  if (recipientIds.length === 0) return [];
  return (await db
    .select({
      ...columns,
      // Qualified by hand, as in firstPagesStatement.
      unread: sql<number>`(select count(*)::int from notifications u where u.recipient_id = notifications.recipient_id and not u.is_read)`,
    })
    .from(notifications)
    .where(and(eq(notifications.batch, batch), inArray(notifications.recipientId, recipientIds)))) as (Row & {
    unread: number;
  })[];
};

export const pageForUser = async (
  db: Db,
  viewer: AuthUser,
  query: PageQuery & { is_read?: boolean },
  url: string,
): Promise<Page<Notification>> => {
  const where = and(
    eq(notifications.recipientId, viewer.id),
    query.is_read === undefined ? undefined : eq(notifications.isRead, query.is_read),
  );
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = (await db
    .select(columns)
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(query.pageSize)
    .offset(offsetOf(query))) as Row[];
  const mayDecide = isDecider(viewer);
  return toPage(
    url,
    query,
    Number(total?.n ?? 0),
    rows.map((r) => toNotification(r, mayDecide)),
  );
};

/** One of the viewer's notifications, as their list shows it. */
export const getForUser = async (db: Db, viewer: AuthUser, id: number): Promise<Notification> => {
  const where = and(eq(notifications.id, id), eq(notifications.recipientId, viewer.id));
  const [row] = (await db.select(columns).from(notifications).where(where)) as Row[];
  if (!row) throw notFound(NOT_FOUND);
  return toNotification(row, isDecider(viewer));
};

// ---- changes by the recipient --------------------------------------------------------------

const NOT_FOUND = 'No such notification.';

export const setRead = async (db: Db, userId: number, id: number, isRead: boolean) => {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ isRead })
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound(NOT_FOUND);
    await publish(tx, { t: isRead ? 'read' : 'unread', user: userId, id });
  });
};

export const markAllRead = async (db: Db, userId: number) => {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.recipientId, userId), eq(notifications.isRead, false)));
    await publish(tx, { t: 'all_read', user: userId });
  });
};

export const removeNotification = async (db: Db, userId: number, id: number) => {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound(NOT_FOUND);
    await publish(tx, { t: 'removed', user: userId, id });
  });
};

// ---- approvals -----------------------------------------------------------------------------

export type ApprovalContext = {
  tx: Tx;
  actor: AuthUser;
  approved: boolean;
  type: string;
  data: Record<string, unknown>;
  requesterId: number | null;
};
type ApprovalHandler = (ctx: ApprovalContext) => Promise<void>;
const approvalHandlers = new Map<string, ApprovalHandler>();

/**
 * Modules register what deciding a request of their type does (e.g. lock a daily report), after
 * checking the decider's access to what it covers: a throw refuses the decision, left undecided.
 */
export const registerApprovalHandler = (type: string, handler: ApprovalHandler) => {
  approvalHandlers.set(type, handler);
};

const ONLY_DECIDERS = 'Only administrators and managers may decide requests.';

/**
 * Records a decision on an approval request once for all its copies (every decider got one),
 * applies the type's handler in the same transaction, and tells the requester.
 */
export const decide = async (db: Db, caller: AuthUser, id: number, approved: boolean) => {
  if (!isDecider(caller)) throw forbidden(ONLY_DECIDERS);
  await db.transaction(async (tx) => {
    // The decider as they stand now, not a socket's sign-in copy: a Manager moved since the request
    // reached them decides with today's access, which the handler checks (decision 0710).
    const actor = await currentAuthUser(tx, caller.id);
    if (!actor || !isDecider(actor)) throw forbidden(ONLY_DECIDERS);
    const [own] = await tx
      .select({ batch: notifications.batch, requiresApproval: notifications.requiresApproval })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, actor.id)));
    if (!own) throw notFound(NOT_FOUND);
    if (!own.requiresApproval) throw badRequest('This notification needs no decision.');
    // Lock every copy of the request so two deciders cannot both decide it.
    const copies = await tx
      .select({
        id: notifications.id,
        recipientId: notifications.recipientId,
        isApproved: notifications.isApproved,
        actorId: notifications.actorId,
        type: notifications.type,
        data: notifications.data,
        title: notifications.title,
        link: notifications.link,
      })
      .from(notifications)
      .where(and(eq(notifications.batch, own.batch), eq(notifications.requiresApproval, true)))
      .orderBy(asc(notifications.id))
      .for('update');
    if (copies.some((c) => c.isApproved !== null)) throw conflict('This request has already been decided.');
    await tx
      .update(notifications)
      .set({ isApproved: approved, decidedBy: actor.id, decidedAt: sql`now()` })
      .where(and(eq(notifications.batch, own.batch), isNull(notifications.isApproved)));
    // The decider has dealt with their copy: it stops counting as unread (other deciders' copies
    // show the decision and stay as they were).
    await tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, id));
    await publish(tx, { t: 'read', user: actor.id, id });
    const first = copies[0]!;
    const requesterId = typeof first.data?.requested_by === 'number' ? first.data.requested_by : first.actorId;
    const handler = approvalHandlers.get(first.type);
    if (handler) await handler({ tx, actor, approved, type: first.type, data: first.data ?? {}, requesterId });
    for (const c of copies) await publish(tx, { t: 'approved', user: c.recipientId, id: c.id, approved });
    await audit(tx, {
      actorId: actor.id,
      action: approved ? 'approve' : 'decline',
      tableName: 'notifications',
      rowId: id,
      after: { batch: own.batch, approved },
    });
    if (requesterId && requesterId !== actor.id) {
      await notify(tx, {
        recipients: [requesterId],
        actorId: actor.id,
        type: 'decision',
        title: approved ? 'Request approved' : 'Request declined',
        message: `${first.title}: ${approved ? 'approved' : 'declined'} by ${displayName(actor)}.`,
        // The request's own screen, so the requester can open what was decided.
        link: first.link,
        data: { request_type: first.type, approved, ...first.data },
      });
    }
  });
};
