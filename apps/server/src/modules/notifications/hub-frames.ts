import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATIONS_INITIAL_BATCH, wsClientMessageSchema, type WsClientMessage } from '@ginhawa/contract';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { decide, listForUser, markAllRead, removeNotification, setRead } from './notifications.service';
import { send, type Connection } from './hub-connections';
import { MAX_OLDER_OFFSET } from './hub-limits';

const handleMessage = async (db: Db, conn: Connection, message: WsClientMessage) => {
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

/** Parses one text frame and does what it asks; every failure is answered with an error frame. */
export const handleFrame = async (db: Db, log: FastifyBaseLogger, conn: Connection, raw: string) => {
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
      message: typeof action === 'string' ? `Cannot do "${action.slice(0, 50)}" with these fields.` : 'Unknown action.',
    });
  }
  try {
    await handleMessage(db, conn, result.data);
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
