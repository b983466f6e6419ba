import type { WebSocket } from 'ws';
import type { WsServerMessage } from '@ginhawa/contract';
import type { AuthUser } from '../../lib/actor';
import { createTokenBucket, type TokenBucket } from './token-bucket';
import { SOCKET_BURST, SOCKET_PER_SECOND, USER_BURST, USER_PER_SECOND } from './hub-limits';

export type Identity = { user: AuthUser; sessionId?: number; expiresAt?: number; familyId?: number };

export type Connection = {
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

export const send = (conn: Connection, message: WsServerMessage) => {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(message));
};

/** A frame already serialised (one JSON.stringify for every socket that gets the same frame). */
export const sendText = (conn: Connection, text: string) => {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(text);
};

/** This instance's open sockets, by user, with the frame bucket each account's sockets share. */
export const createConnections = () => {
  const byUser = new Map<number, Set<Connection>>();
  const userBuckets = new Map<number, TokenBucket>();

  /** Registers a socket; returns it with its account's shared bucket. */
  const register = (socket: WebSocket, identity: Identity) => {
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
    return { conn, sharedBucket: userBucket };
  };

  const remove = (conn: Connection) => {
    const set = byUser.get(conn.user.id);
    set?.delete(conn);
    if (set && set.size === 0) {
      byUser.delete(conn.user.id);
      userBuckets.delete(conn.user.id);
    }
  };

  const has = (userId: number) => byUser.has(userId);
  const userIds = () => [...byUser.keys()];
  /** A copy: callers may close (and so remove) sockets while they walk it. */
  const ofUser = (userId: number) => [...(byUser.get(userId) ?? [])];
  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  // Each frame below is serialised once, however many sockets get it.
  const sendToUser = (userId: number, message: WsServerMessage) => {
    const set = byUser.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const conn of set) sendText(conn, text);
  };
  /** Every socket here whose user `hears` the frame (all of them when no one is left out). */
  const sendToAll = (message: WsServerMessage, hears: (user: AuthUser) => boolean = () => true) => {
    const text = JSON.stringify(message);
    for (const set of byUser.values()) for (const conn of set) if (hears(conn.user)) sendText(conn, text);
  };
  const clear = () => {
    byUser.clear();
    userBuckets.clear();
  };
  /** What the registry holds (issue 35: nothing of a socket may stay after it closes). */
  const entries = () => ({
    users: byUser.size,
    sockets: [...byUser.values()].reduce((n, set) => n + set.size, 0),
    buckets: userBuckets.size,
  });

  return { register, remove, has, userIds, ofUser, all, sendToUser, sendToAll, clear, entries };
};
export type Connections = ReturnType<typeof createConnections>;
