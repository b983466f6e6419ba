import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

/** The one LISTEN/NOTIFY channel between instances. Payloads carry ids only (NOTIFY caps them at 8 kB). */
export const BUS_CHANNEL = 'ginhawa_events';

export type BusEvent =
  | { t: 'new'; batch: string }
  | { t: 'read' | 'unread' | 'removed'; user: number; id: number }
  | { t: 'approved'; user: number; id: number; approved: boolean }
  | { t: 'all_read'; user: number }
  /** Sale lines of these Manila dates changed (issue 12): every socket hears it, to refresh reports. */
  | { t: 'sales'; month: number; year: number; dates: string[] }
  /** An arrival at this location on this Manila date was logged, changed or cancelled (issue 13). */
  | { t: 'arrivals'; location: number; date: string }
  /** Something on this branch's floor board changed (issue 22): its open boards read themselves again. */
  | { t: 'floor'; location: number; date: string }
  /** The company settings (name, logo, feature flags) changed: every open panel reads them again (decision 0610). */
  | { t: 'settings' }
  /** This employee's earnings moved (issue 21): the sockets of their login read my-earnings again. */
  | { t: 'earnings'; user: number; employee: number; date: string }
  /** A user's groups or locations changed: their sockets reconnect, so the hub serves them as they are now. */
  | { t: 'access'; user: number }
  /** Sessions ended: close sockets of this session or bearer token family, or of the whole user when neither is named. */
  | { t: 'close'; user: number; session?: number; family?: number };

/** Queues an event inside the caller's transaction: PostgreSQL delivers it only if that commits. */
export const publish = async (db: DbOrTx, event: BusEvent) => {
  await db.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(event)})`);
};

export type Bus = { close: () => Promise<void> };

/**
 * Subscribes to the channel. On PostgreSQL a dedicated client (outside the pool) holds the LISTEN
 * and re-listens after it drops; `onResync` then lets sockets rebuild what they may have missed.
 */
export const startBus = async (
  database: Database,
  log: FastifyBaseLogger,
  onEvent: (event: BusEvent) => void,
  onResync: () => void,
): Promise<Bus> => {
  const handle = (payload: string | undefined) => {
    if (!payload) return;
    try {
      onEvent(JSON.parse(payload) as BusEvent);
    } catch (err) {
      log.warn({ err }, 'bad bus payload');
    }
  };

  if (database.pglite) {
    const unsubscribe = await database.pglite.listen(BUS_CHANNEL, handle);
    return { close: async () => unsubscribe().catch(() => undefined) };
  }

  const url = database.url;
  if (!url) throw new Error('PostgreSQL bus needs the connection string');
  let client: pg.Client | undefined;
  /** The connection being made (connect, then LISTEN): close() ends it too, or it would listen on for ever. */
  let pending: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async (isReconnect: boolean) => {
    // TCP keep-alive: a peer that vanished without closing (network cut) is noticed too.
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    pending = next;
    next.on('notification', (msg) => handle(msg.payload));
    const drop = () => {
      if (client !== next || closed) return;
      client = undefined;
      log.warn('live bus connection lost; reconnecting');
      retry = setTimeout(() => void connect(true), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      await next.query(`LISTEN ${BUS_CHANNEL}`);
      // Closed meanwhile: close() has ended `next`; nobody is left to resync.
      if (closed) return;
      client = next;
      delay = 500;
      if (isReconnect) onResync();
    } catch (err) {
      if (closed) return;
      log.warn({ err }, 'live bus could not listen; retrying');
      await next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(true), delay);
      delay = Math.min(delay * 2, 10_000);
    } finally {
      if (pending === next) pending = undefined;
    }
  };
  await connect(false);

  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = [client, pending].filter((c) => c !== undefined);
      client = undefined;
      pending = undefined;
      // Ending a connection still being made interrupts it (its connect or LISTEN rejects, or never settles).
      await Promise.all(open.map((c) => c.end().catch(() => undefined)));
    },
  };
};
