import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client';
import { createConnections, send, type Identity } from './hub-connections';
import { createFirstLists } from './hub-first-lists';
import { createFloodControl } from './hub-flood';
import { handleFrame } from './hub-frames';
import { createFanOut } from './hub-fanout';
import { startSweeper } from './hub-sweeper';
import { MAX_QUEUED_FRAMES, SLOW_DOWN } from './hub-limits';

export {
  CLOSE_ACCESS_CHANGED,
  CLOSE_FLOODING,
  CLOSE_SIGNED_OUT,
  FLOOD_COOL_DOWN_MS,
  HEARTBEAT_MS,
  MAX_OLDER_OFFSET,
  MAX_QUEUED_FRAMES,
  MAX_REFUSALS,
  SOCKET_BURST,
  SOCKET_PER_SECOND,
  USER_BURST,
  USER_PER_SECOND,
} from './hub-limits';

const frameText = (data: Buffer | ArrayBuffer | Buffer[]) =>
  Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data).toString('utf8');

/**
 * This instance's open sockets, by user. Every change arrives as a bus event (committed first,
 * then NOTIFY), so sockets on every instance see the same thing in the same order. The parts:
 * the connection registry (hub-connections), flood control (hub-flood), frame dispatch
 * (hub-frames), bus fan-out (hub-fanout), the session sweeper (hub-sweeper) and the first lists,
 * read together for sockets that open together (hub-first-lists).
 */
export const createHub = (db: Db, log: FastifyBaseLogger) => {
  const connections = createConnections();
  const flood = createFloodControl(log, connections.remove);
  const fanOut = createFanOut(db, connections);
  const sweeper = startSweeper(db, log, connections, flood.dropExpiredCoolDowns);
  const firstLists = createFirstLists(db, log);

  const add = (socket: WebSocket, identity: Identity) => {
    const { conn, sharedBucket } = connections.register(socket, identity);
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
        return flood.refuse(conn, SLOW_DOWN);
      if (isBinary) return send(conn, { action: 'error', message: 'Messages must be JSON text.' });
      const text = frameText(data);
      conn.pending += 1;
      queue = queue
        .then(() => handleFrame(db, log, conn, text))
        .finally(() => {
          conn.pending -= 1;
        });
    });
    socket.on('close', () => connections.remove(conn));
    socket.on('error', () => connections.remove(conn));
    send(conn, { action: 'connected', user: conn.user.id });
    firstLists.request(conn);
    return conn;
  };

  /** After the bus reconnects, events may have been missed: every socket gets a fresh list. */
  const resync = () => {
    for (const conn of connections.all()) firstLists.request(conn);
  };

  const close = () => {
    sweeper.stop();
    for (const conn of connections.all()) conn.socket.close(1001, 'Server shutting down');
    connections.clear();
  };

  return {
    add,
    onEvent: fanOut.onEvent,
    resync,
    close,
    checkSessions: sweeper.checkSessions,
    coolDownSeconds: flood.coolDownSeconds,
    size: () => connections.all().length,
    /** The registry's and flood control's entries: all zero once every socket closed (issue 35). */
    entries: () => ({ ...connections.entries(), coolDowns: flood.coolingSize(), firstLists: firstLists.size() }),
  };
};
export type Hub = ReturnType<typeof createHub>;
