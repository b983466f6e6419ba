import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { liveSessionIds } from '../users/index';
import type { Connections } from './hub-connections';
import { CLOSE_SIGNED_OUT, HEARTBEAT_MS, SESSION_CHECK_MS } from './hub-limits';

/**
 * The session sweeper: heartbeats drop dead sockets and expired flood cool-downs; sessions that
 * ended by time (idle/absolute) and expired bearer tokens close their sockets.
 */
export const startSweeper = (
  db: Db,
  log: FastifyBaseLogger,
  connections: Connections,
  dropExpiredCoolDowns: (now: number) => void,
) => {
  const heartbeat = setInterval(() => {
    const now = Date.now();
    dropExpiredCoolDowns(now);
    for (const conn of connections.all()) {
      if (!conn.alive) {
        conn.socket.terminate();
        connections.remove(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const checkSessions = async () => {
    const conns = connections.all();
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

  const stop = () => {
    clearInterval(heartbeat);
    clearInterval(sessionTimer);
  };

  return { checkSessions, stop };
};
