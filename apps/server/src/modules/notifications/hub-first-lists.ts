import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/actor';
import { firstPagesForUsers } from './notifications.service';
import { sendText, type Connection } from './hub-connections';

/**
 * Sockets' first lists (after `connected`, and again after the bus reconnects), read together:
 * every socket asking in the same turn of the event loop is answered from one statement, each
 * user's frame serialised once for all of their sockets (issue 35, decision 1045). A burst of
 * sockets opening at once, or a resync of every socket of the instance, costs a few statements,
 * not one per socket.
 */
export const createFirstLists = (db: Db, log: FastifyBaseLogger) => {
  let waiting: Connection[] = [];
  let scheduled = false;

  const flush = async () => {
    const conns = waiting;
    waiting = [];
    scheduled = false;
    const users = new Map<number, AuthUser>();
    for (const conn of conns) if (!users.has(conn.user.id)) users.set(conn.user.id, conn.user);
    const pages = await firstPagesForUsers(db, [...users.values()]);
    const frames = new Map<number, string>();
    for (const conn of conns) {
      let frame = frames.get(conn.user.id);
      if (frame === undefined) {
        const { list, unread } = pages.get(conn.user.id)!;
        frame = JSON.stringify({ action: 'user_notifications', notifications: list, unread_count: unread });
        frames.set(conn.user.id, frame);
      }
      sendText(conn, frame);
    }
  };

  /** Queues the socket's first list; the queue is read once this turn's other sockets have joined it. */
  const request = (conn: Connection) => {
    waiting.push(conn);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush().catch((err) => log.error({ err }, 'initial notifications failed')));
  };

  /** How many sockets wait for their list (0 once every queued read has run). */
  const size = () => waiting.length;

  return { request, size };
};
