import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { NOTIFICATIONS_INITIAL_BATCH, wsClientMessageSchema, type WsClientMessage, type WsServerMessage } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { BusEvent } from '../../plugins/bus';
import type { AuthUser } from '../users/auth.service';
import { liveSessionIds } from '../users/sessions.service';
import { decide, isDecider, listForUser, loadBatch, markAllRead, removeNotification, setRead, toNotification, unreadCount, unreadCounts } from './notifications.service';

export const HEARTBEAT_MS = 30_000;
const SESSION_CHECK_MS = 60_000;
/** Close codes: 4001 signed out / session over. */
export const CLOSE_SIGNED_OUT = 4001;

type Connection = {
  socket: WebSocket;
  user: AuthUser;
  sessionId?: number;
  /** Bearer sockets end when their access token does (ms since epoch). */
  expiresAt?: number;
  alive: boolean;
};

/**
 * This instance's open sockets, by user. Every change arrives as a bus event (committed first,
 * then NOTIFY), so sockets on every instance see the same thing in the same order.
 */
export const createHub = (db: Db, log: FastifyBaseLogger) => {
  const byUser = new Map<number, Set<Connection>>();

  const send = (conn: Connection, message: WsServerMessage) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
  };
  const sendToUser = (userId: number, message: WsServerMessage) => {
    for (const conn of byUser.get(userId) ?? []) send(conn, message);
  };

  const sendInitial = async (conn: Connection) => {
    const [list, unread] = await Promise.all([listForUser(db, conn.user, 0, NOTIFICATIONS_INITIAL_BATCH), unreadCount(db, conn.user.id)]);
    send(conn, { action: 'user_notifications', notifications: list, unread_count: unread });
  };

  const remove = (conn: Connection) => {
    const set = byUser.get(conn.user.id);
    set?.delete(conn);
    if (set && set.size === 0) byUser.delete(conn.user.id);
  };

  const handleMessage = async (conn: Connection, message: WsClientMessage) => {
    const userId = conn.user.id;
    switch (message.action) {
      case 'ping':
        return send(conn, { action: 'pong' });
      case 'fetch_older_notifications': {
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
      return send(conn, { action: 'error', message: typeof action === 'string' ? `Cannot do "${action.slice(0, 50)}" with these fields.` : 'Unknown action.' });
    }
    try {
      await handleMessage(conn, result.data);
    } catch (err) {
      if (err instanceof HttpError) return send(conn, { action: 'error', message: err.message });
      log.error({ err }, 'websocket action failed');
      send(conn, { action: 'error', message: 'Something went wrong on our side. Please try again.' });
    }
  };

  const add = (socket: WebSocket, identity: { user: AuthUser; sessionId?: number; expiresAt?: number }) => {
    const conn: Connection = { socket, user: identity.user, sessionId: identity.sessionId, expiresAt: identity.expiresAt, alive: true };
    let set = byUser.get(conn.user.id);
    if (!set) byUser.set(conn.user.id, (set = new Set()));
    set.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    // Frames are handled one at a time per socket, in order.
    let queue = Promise.resolve();
    socket.on('message', (data, isBinary) => {
      conn.alive = true;
      if (isBinary) return send(conn, { action: 'error', message: 'Messages must be JSON text.' });
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
      queue = queue.then(() => onFrame(conn, text));
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
        const counts = await unreadCounts(db, rows.map((r) => r.recipientId));
        for (const row of rows) {
          for (const conn of byUser.get(row.recipientId) ?? []) {
            send(conn, { action: 'new_notification', notification: toNotification(row, isDecider(conn.user)), unread_count: counts.get(row.recipientId) ?? 0 });
          }
        }
        return;
      }
      case 'read':
      case 'unread':
      case 'removed': {
        if (!byUser.has(event.user)) return;
        const unread = await unreadCount(db, event.user);
        const action = event.t === 'read' ? 'notification_marked_as_read' : event.t === 'unread' ? 'notification_marked_as_unread' : 'notification_removed';
        return sendToUser(event.user, { action, notificationId: event.id, unread_count: unread });
      }
      case 'all_read':
        if (!byUser.has(event.user)) return;
        return sendToUser(event.user, { action: 'all_notifications_marked_as_read', unread_count: await unreadCount(db, event.user) });
      case 'approved':
        return sendToUser(event.user, { action: 'notification_approved', notificationId: event.id, approved: event.approved });
      case 'close':
        for (const conn of [...(byUser.get(event.user) ?? [])]) {
          if (event.session === undefined || conn.sessionId === event.session) conn.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
        }
        return;
    }
  };

  /** After the bus reconnects, events may have been missed: every socket gets a fresh list. */
  const resync = () => {
    for (const set of byUser.values()) for (const conn of set) void sendInitial(conn).catch(() => undefined);
  };

  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  // Heartbeats drop dead sockets; sessions that ended by time (idle/absolute) close their sockets.
  const heartbeat = setInterval(() => {
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
    for (const conn of conns) if (conn.expiresAt && conn.expiresAt <= now) conn.socket.close(CLOSE_SIGNED_OUT, 'Token expired');
    const ids = [...new Set(conns.map((c) => c.sessionId).filter((id): id is number => id !== undefined))];
    if (ids.length === 0) return;
    const alive = await liveSessionIds(db, ids);
    for (const conn of conns) if (conn.sessionId !== undefined && !alive.has(conn.sessionId)) conn.socket.close(CLOSE_SIGNED_OUT, 'Session ended');
  };
  const sessionTimer = setInterval(() => void checkSessions().catch((err) => log.warn({ err }, 'socket session check failed')), SESSION_CHECK_MS);
  sessionTimer.unref();

  const close = () => {
    clearInterval(heartbeat);
    clearInterval(sessionTimer);
    for (const conn of all()) conn.socket.close(1001, 'Server shutting down');
    byUser.clear();
  };

  return { add, onEvent, resync, close, checkSessions, size: () => all().length };
};
export type Hub = ReturnType<typeof createHub>;
