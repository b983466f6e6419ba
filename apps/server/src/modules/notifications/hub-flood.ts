import type { FastifyBaseLogger } from 'fastify';
import { send, type Connection } from './hub-connections';
import { CLOSE_FLOODING, CLOSE_GRACE_MS, FLOOD_COOL_DOWN_MS, MAX_REFUSALS, REFUSAL_WINDOW_MS } from './hub-limits';

/**
 * Flood control: counts refused frames per socket, closes a socket that keeps flooding, and keeps
 * its account off this instance for a cool-down.
 */
export const createFloodControl = (log: FastifyBaseLogger, remove: (conn: Connection) => void) => {
  const cooling = new Map<number, number>();

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

  const dropExpiredCoolDowns = (now: number) => {
    for (const [userId, until] of cooling) if (until <= now) cooling.delete(userId);
  };

  return { refuse, coolDownSeconds, dropExpiredCoolDowns, coolingSize: () => cooling.size };
};
