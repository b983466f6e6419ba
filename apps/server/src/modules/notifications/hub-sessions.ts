import type { Db } from '../../db/client';
import type { Identity } from '../../lib/actor';
import { resolveSessions } from '../users/index';

type Waiter = { resolve: (identity: Identity | null) => void; reject: (err: unknown) => void };

/**
 * The live channel's session cookies, looked up together: every handshake that presents one in
 * the same turn of the event loop is answered from one statement (issue 35, decision 1048). Nothing
 * is kept between turns: a session signed out a moment ago is not found, as before.
 */
export const createSessionLookups = (db: Db) => {
  let waiting = new Map<string, Waiter[]>();
  let scheduled = false;

  const flush = async () => {
    const batch = waiting;
    waiting = new Map();
    scheduled = false;
    try {
      const found = await resolveSessions(db, [...batch.keys()]);
      for (const [token, waiters] of batch) for (const w of waiters) w.resolve(found.get(token) ?? null);
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  };

  /** The session's identity, or null when it is unknown, expired or idle too long. */
  const lookup = (token: string) =>
    new Promise<Identity | null>((resolve, reject) => {
      const waiters = waiting.get(token);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(token, [{ resolve, reject }]);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void flush());
    });

  return { lookup };
};
