import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  FLOOR_CHANGED_ACTION,
  NOTIFICATIONS_INITIAL_BATCH,
  wsClientMessageSchema,
  type WsClientMessage,
  type WsServerMessage,
} from '@ginhawa/contract';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { BusEvent } from '../../plugins/bus';
import { liveSessionIds } from '../users/index';
import { createTokenBucket, type TokenBucket } from './token-bucket';
import {
  decide,
  isDecider,
  listForUser,
  loadBatch,
  markAllRead,
  removeNotification,
  setRead,
  toNotification,
  unreadCount,
  unreadCounts,
} from './notifications.service';
import { isAdmin, mayReadLocation, type AuthUser } from '../../lib/actor';

export const HEARTBEAT_MS = 30_000;
const SESSION_CHECK_MS = 60_000;
/** Close codes: 4001 signed out / session over; 1008 (policy violation) for a socket that keeps flooding. */
export const CLOSE_SIGNED_OUT = 4001;
/** The user's groups or locations changed: the browser reconnects (as it does after any close) and is served by what it may see now. */
export const CLOSE_ACCESS_CHANGED = 4002;
export const CLOSE_FLOODING = 1008;

/**
 * Frame limits (decision 0010). The panel sends a ping every 30 s and one frame per click or
 * scrolled page, so a burst of 20 with 10 per second refilled is never reached by a person; a
 * script gets at most that, then an error frame per refused frame. One account's sockets
 * together share a wider bucket, so opening more tabs does not multiply what it may ask for.
 */
export const SOCKET_BURST = 20;
export const SOCKET_PER_SECOND = 10;
export const USER_BURST = 40;
export const USER_PER_SECOND = 20;
/** Frames waiting behind the one being handled; more are refused rather than queued without end. */
export const MAX_QUEUED_FRAMES = 8;
/** This many refused frames within the window close the socket with 1008. */
export const MAX_REFUSALS = 30;
const REFUSAL_WINDOW_MS = 10_000;
/** After a 1008 close the account may not open a socket on this instance for this long. */
export const FLOOD_COOL_DOWN_MS = 10_000;
/** A flooder that does not answer the close frame is cut off after this long. */
const CLOSE_GRACE_MS = 1_000;
/** `fetch_older_notifications` pages no deeper than this (OFFSET costs a scan of what it skips). */
export const MAX_OLDER_OFFSET = 10_000;
const SLOW_DOWN = 'Too many messages. Please slow down.';

type Connection = {
  socket: WebSocket;
  user: AuthUser;
  sessionId?: number;
  /** Bearer sockets end when their access token does (ms since epoch), or when its family is revoked. */
  expiresAt?: number;
  familyId?: number;
  alive: boolean;
  bucket: TokenBucket;
  /** Frames accepted but not yet handled (the one in flight included). */
  pending: number;
  refusals: number;
  refusalsSince: number;
};

/**
 * This instance's open sockets, by user. Every change arrives as a bus event (committed first,
 * then NOTIFY), so sockets on every instance see the same thing in the same order.
 */
export const createHub = (db: Db, log: FastifyBaseLogger) => {
  const byUser = new Map<number, Set<Connection>>();
  const userBuckets = new Map<number, TokenBucket>();
  const cooling = new Map<number, number>();

  const send = (conn: Connection, message: WsServerMessage) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  };
  const sendToUser = (userId: number, message: WsServerMessage) => {
    for (const conn of byUser.get(userId) ?? []) send(conn, message);
  };

  const sendInitial = async (conn: Connection) => {
    const [list, unread] = await Promise.all([
      listForUser(db, conn.user, 0, NOTIFICATIONS_INITIAL_BATCH),
      unreadCount(db, conn.user.id),
    ]);
    send(conn, { action: 'user_notifications', notifications: list, unread_count: unread });
  };

  const remove = (conn: Connection) => {
    const set = byUser.get(conn.user.id);
    set?.delete(conn);
    if (set && set.size === 0) {
      byUser.delete(conn.user.id);
      userBuckets.delete(conn.user.id);
    }
  };

  /** Counts a refused frame; persistent abuse ends the socket instead of answering every frame. */
  const refuse = (conn: Connection, message: string) => {
    const now = Date.now();
    if (now - conn.refusalsSince > REFUSAL_WINDOW_MS) {
      conn.refusals = 0;
      conn.refusalsSince = now;
    }
    conn.refusals += 1;
    if (conn.refusals > MAX_REFUSALS) {
      log.warn({ user: conn.user.id }, 'socket closed for flooding');
      cooling.set(conn.user.id, now + FLOOD_COOL_DOWN_MS);
      conn.socket.close(CLOSE_FLOODING, 'Too many messages');
      // Stop reading what is still queued on the wire; cut it off if it never answers the close.
      conn.socket.pause();
      setTimeout(() => conn.socket.terminate(), CLOSE_GRACE_MS).unref();
      remove(conn);
      return;
    }
    send(conn, { action: 'error', message });
  };

  const handleMessage = async (conn: Connection, message: WsClientMessage) => {
    const userId = conn.user.id;
    switch (message.action) {
      case 'ping':
        return send(conn, { action: 'pong' });
      case 'fetch_older_notifications': {
        if (message.offset > MAX_OLDER_OFFSET)
          throw new HttpError(400, `Older notifications go back at most ${MAX_OLDER_OFFSET.toLocaleString('en')}.`);
        const list = await listForUser(db, conn.user, message.offset, message.limit ?? NOTIFICATIONS_INITIAL_BATCH);
        return send(conn, { action: 'older_notifications', notifications: list, offset: message.offset });
      }
      case 'mark_notification_as_read':
        return setRead(db, userId, message.notificationId, true);
      case 'mark_notification_as_unread':
        return setRead(db, userId, message.notificationId, false);
      case 'mark_all_notifications_as_read':
        return markAllRead(db, userId);
      case 'remove_notification':
        return removeNotification(db, userId, message.notificationId);
      case 'approve_notification':
        return decide(db, conn.user, message.notificationId, message.approved);
    }
  };

  const onFrame = async (conn: Connection, raw: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return send(conn, { action: 'error', message: 'Messages must be JSON.' });
    }
    const result = wsClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      const action = (parsed as { action?: unknown })?.action;
      return send(conn, {
        action: 'error',
        message:
          typeof action === 'string' ? `Cannot do "${action.slice(0, 50)}" with these fields.` : 'Unknown action.',
      });
    }
    try {
      await handleMessage(conn, result.data);
    } catch (err) {
      if (err instanceof HttpError) return send(conn, { action: 'error', message: err.message });
      if (isDatabaseUnavailable(err))
        return send(conn, {
          action: 'error',
          message: 'The service is briefly unavailable. Please try again in a moment.',
        });
      log.error({ err }, 'websocket action failed');
      send(conn, { action: 'error', message: 'Something went wrong on our side. Please try again.' });
    }
  };

  const add = (
    socket: WebSocket,
    identity: { user: AuthUser; sessionId?: number; expiresAt?: number; familyId?: number },
  ) => {
    const conn: Connection = {
      socket,
      user: identity.user,
      sessionId: identity.sessionId,
      expiresAt: identity.expiresAt,
      familyId: identity.familyId,
      alive: true,
      bucket: createTokenBucket(SOCKET_BURST, SOCKET_PER_SECOND),
      pending: 0,
      refusals: 0,
      refusalsSince: Date.now(),
    };
    let set = byUser.get(conn.user.id);
    if (!set) byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
    let userBucket = userBuckets.get(conn.user.id);
    if (!userBucket) userBuckets.set(conn.user.id, (userBucket = createTokenBucket(USER_BURST, USER_PER_SECOND)));
    const sharedBucket = userBucket;
    socket.on('pong', () => {
      conn.alive = true;
    });
    // Frames are handled one at a time per socket, in order: at most one query in flight per socket.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      conn.alive = true;
      if (socket.readyState !== socket.OPEN) return;
      // Limits are checked before the frame is even parsed, so refusing costs next to nothing.
      if (conn.pending >= MAX_QUEUED_FRAMES || !conn.bucket.take() || !sharedBucket.take())
        return refuse(conn, SLOW_DOWN);
      if (isBinary) return send(conn, { action: 'error', message: 'Messages must be JSON text.' });
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.from(data).toString('utf8');
      conn.pending += 1;
      queue = queue
        .then(() => onFrame(conn, text))
        .finally(() => {
          conn.pending -= 1;
        });
    });
    socket.on('close', () => remove(conn));
    socket.on('error', () => remove(conn));
    send(conn, { action: 'connected', user: conn.user.id });
    void sendInitial(conn).catch((err) => log.error({ err }, 'initial notifications failed'));
    return conn;
  };

  const onEvent = async (event: BusEvent) => {
    switch (event.t) {
      case 'new': {
        const rows = await loadBatch(db, event.batch, [...byUser.keys()]);
        if (rows.length === 0) return;
        const counts = await unreadCounts(
          db,
          rows.map((r) => r.recipientId),
        );
        for (const row of rows) {
          for (const conn of byUser.get(row.recipientId) ?? []) {
            send(conn, {
              action: 'new_notification',
              notification: toNotification(row, isDecider(conn.user)),
              unread_count: counts.get(row.recipientId) ?? 0,
            });
          }
        }
        return;
      }
      case 'read':
      case 'unread':
      case 'removed': {
        if (!byUser.has(event.user)) return;
        const unread = await unreadCount(db, event.user);
        const action =
          event.t === 'read'
            ? 'notification_marked_as_read'
            : event.t === 'unread'
              ? 'notification_marked_as_unread'
              : 'notification_removed';
        return sendToUser(event.user, { action, notificationId: event.id, unread_count: unread });
      }
      case 'all_read':
        if (!byUser.has(event.user)) return;
        return sendToUser(event.user, {
          action: 'all_notifications_marked_as_read',
          unread_count: await unreadCount(db, event.user),
        });
      case 'approved':
        return sendToUser(event.user, {
          action: 'notification_approved',
          notificationId: event.id,
          approved: event.approved,
        });
      case 'sales':
        for (const set of byUser.values())
          for (const conn of set)
            send(conn, { action: 'leaderboard_changed', month: event.month, year: event.year, dates: event.dates });
        return;
      case 'settings':
        for (const set of byUser.values()) for (const conn of set) send(conn, { action: 'settings_changed' });
        return;
      case 'arrivals':
        // Only to those who may read the location's arrivals (clients' read scope): the frame carries no
        // names, but a stream of "location 3 changed today" still shows when a branch is busy, which a
        // receptionist elsewhere has no business watching; the filter costs one array lookup per socket.
        for (const set of byUser.values()) {
          for (const conn of set)
            if (mayReadLocation(conn.user, event.location))
              send(conn, { action: 'arrivals_changed', location: event.location, date: event.date });
        }
        return;
      case 'floor':
        // The floor's readers (docs/decisions/0900-floor-board.md): Admins and who works at the branch.
        for (const set of byUser.values()) {
          for (const conn of set)
            if (isAdmin(conn.user) || conn.user.locations.some((l) => l.id === event.location))
              send(conn, { action: FLOOR_CHANGED_ACTION, location: event.location, date: event.date });
        }
        return;
      case 'access':
        // A socket keeps the user as they were when it opened (which locations' frames it hears).
        for (const conn of [...(byUser.get(event.user) ?? [])])
          conn.socket.close(CLOSE_ACCESS_CHANGED, 'Access changed');
        return;
      case 'close':
        for (const conn of [...(byUser.get(event.user) ?? [])]) {
          const everyone = event.session === undefined && event.family === undefined;
          const named =
            (event.session !== undefined && conn.sessionId === event.session) ||
            (event.family !== undefined && conn.familyId === event.family);
          if (everyone || named) conn.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
        }
        return;
    }
  };

  /** After the bus reconnects, events may have been missed: every socket gets a fresh list. */
  const resync = () => {
    for (const set of byUser.values()) for (const conn of set) void sendInitial(conn).catch(() => undefined);
  };

  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  // Heartbeats drop dead sockets and expired flood cool-downs; sessions that ended by time
  // (idle/absolute) close their sockets.
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const [userId, until] of cooling) if (until <= now) cooling.delete(userId);
    for (const conn of all()) {
      if (!conn.alive) {
        conn.socket.terminate();
        remove(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const checkSessions = async () => {
    const conns = all();
    const now = Date.now();
    for (const conn of conns)
      if (conn.expiresAt && conn.expiresAt <= now) conn.socket.close(CLOSE_SIGNED_OUT, 'Token expired');
    const ids = [...new Set(conns.map((c) => c.sessionId).filter((id): id is number => id !== undefined))];
    if (ids.length === 0) return;
    const alive = await liveSessionIds(db, ids);
    for (const conn of conns)
      if (conn.sessionId !== undefined && !alive.has(conn.sessionId))
        conn.socket.close(CLOSE_SIGNED_OUT, 'Session ended');
  };
  const sessionTimer = setInterval(
    () => void checkSessions().catch((err) => log.warn({ err }, 'socket session check failed')),
    SESSION_CHECK_MS,
  );
  sessionTimer.unref();

  const close = () => {
    clearInterval(heartbeat);
    clearInterval(sessionTimer);
    for (const conn of all()) conn.socket.close(1001, 'Server shutting down');
    byUser.clear();
  };

  /** Seconds until this account may open a socket again after being closed for flooding (0: now). */
  const coolDownSeconds = (userId: number) => {
    const until = cooling.get(userId);
    if (until === undefined) return 0;
    if (until <= Date.now()) {
      cooling.delete(userId);
      return 0;
    }
    return (until - Date.now()) / 1000;
  };

  return { add, onEvent, resync, close, checkSessions, coolDownSeconds, size: () => all().length };
};
export type Hub = ReturnType<typeof createHub>;
