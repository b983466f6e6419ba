import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { MIGRATIONS_FOLDER } from '../paths';
import { acquireDataDirLock, type AcquireOptions, type DataDirLock } from '../lib/data-dir-lock';

export type Schema = typeof schema;
/** Both drivers share this query-builder type, so services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * One row of what a select builder (or its prepared statement) answers, e.g.
 * `type Row = SelectRow<typeof selectArrivals<Record<never, never>>>` for a service's
 * `selectArrivals(db, extra?)`: the mapper to the API object (`toArrival(r: Row)`) then follows the
 * builder's columns and joins (a left join's columns may be null) without a second list. A builder
 * that takes `extra` columns is named with none (`<Record<never, never>>`), so the row has only the
 * columns every caller gets.
 */
export type SelectRow<
  Build extends (...args: never[]) => { execute: (...args: never[]) => Promise<readonly unknown[]> },
> = Awaited<ReturnType<ReturnType<Build>['execute']>>[number];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs migrations; on PostgreSQL under an advisory lock so parallel instances take turns. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** Raw handle for LISTEN/NOTIFY (live channel) and backups. */
  pglite?: PGlite;
  /** The embedded database's directory when it is on disk (not the tests' in-memory ones). */
  dataDir?: string;
  pool?: pg.Pool;
  /** Connection string, for the live bus's own LISTEN connection. */
  url?: string;
};

const MIGRATION_LOCK_KEY = 727_274_001;

// numeric and bigint come back as strings (exact money); timestamps as Date.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type PgliteOptions = {
  /** Start from a data directory dumped by `dumpDataDir` (the tests' seeded template, a backup). */
  loadDataDir?: Blob;
  /**
   * Keep the data in this directory on disk instead of in memory. Only with DATA_DIR's lock held
   * (lib/data-dir-lock.ts: one process per embedded database), which the type asks for.
   */
  onDisk?: { lock: DataDirLock; path: string };
  /**
   * Server settings for this instance (`-c name=value` after PGlite's own start parameters). The
   * tests' copies start with less shared memory and without zero-filling the WAL segment each start
   * writes (test/database.ts, PGLITE_TEST_SETTINGS); the server and the scripts keep the defaults.
   */
  settings?: Record<string, string>;
};

export const openPglite = async ({ loadDataDir, onDisk, settings }: PgliteOptions = {}): Promise<Database> => {
  if (onDisk) fs.mkdirSync(onDisk.path, { recursive: true });
  // pg_trgm backs client search (migration 0005), btree_gist the floor's exclusion constraints
  // (migration 0014); PostgreSQL ships them, PGlite needs them loaded.
  const startParams = settings
    ? [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])]
    : undefined;
  const options = {
    extensions: { pg_trgm, btree_gist },
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(startParams ? { startParams } : {}),
  };
  const client = onDisk ? await PGlite.create(onDisk.path, options) : await PGlite.create(options);
  return pgliteDatabase(client, onDisk?.path);
};

/** The database over a PGlite instance already open (openPglite; the tests' reused copies, test/database.ts). */
export const pgliteDatabase = (client: PGlite, dataDir?: string): Database => {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ...(dataDir ? { dataDir } : {}),
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
};

/** Where the embedded database lives under DATA_DIR (backups and restore name it too). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * The embedded database under DATA_DIR, as the server and the scripts open it: DATA_DIR's lock
 * first (a DataDirLockedError naming the holder when another process has it), released on close.
 */
export const openEmbedded = async (dataDir: string, lockOptions: AcquireOptions = {}): Promise<Database> => {
  const lock = acquireDataDirLock(dataDir, lockOptions);
  try {
    const database = await openPglite({ onDisk: { lock, path: pgliteDirOf(dataDir) } });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
};

/**
 * `db.transaction` on the pool, with the client checked out and released here. Drizzle's own
 * (0.45.x) sends BEGIN before the try/finally that releases the client (drizzle-orm issue #6241):
 * a connection cut at BEGIN, as in a database restart, kept its client checked out for good, one
 * pool slot lost each time (after `max` of them every request waited for a slot and got 503), and
 * `pool.end()` waited for it for ever. Drizzle runs BEGIN…COMMIT on the client as on a plain one; a
 * client whose transaction failed because its connection is gone is destroyed, not handed out again.
 */
const transactionsReleasingTheirClient = (pool: pg.Pool): Db['transaction'] => {
  // Drizzle over one client costs about a millisecond to build (its relational schema): once per connection.
  const onClient = new WeakMap<pg.PoolClient, Db>();
  return async (run, config) => {
    const client = await pool.connect();
    let gone = false;
    try {
      let db = onClient.get(client);
      if (!db) onClient.set(client, (db = drizzlePg({ client, schema }) as unknown as Db));
      return await db.transaction(run, config);
    } catch (err) {
      gone = isDatabaseUnavailable(err);
      throw err;
    } finally {
      client.release(gone);
    }
  };
};

export const openPostgres = async (url: string, max = 10): Promise<Database> => {
  // A database that hangs instead of refusing must not hold requests for ever: give up on a
  // connection after 5 s (the caller gets 503) and keep no idle client long enough to go stale.
  //
  // JIT off: the reports' plans cost above jit_above_cost, and PostgreSQL then spent ~270 ms compiling
  // a daily report that runs in ~25 ms (bench:reports at 1,000,000 sales, docs/performance.md). Short
  // queries run many times are this app's whole load; JIT pays only on long analytical scans.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
  });
  pool.on('error', () => {
    // An idle client died (server restart); the pool replaces it on next use.
  });
  // A checked-out client has no listener of the pool's: its connection dropping between two
  // statements (a transaction awaiting app code) would be an unhandled 'error' and end the
  // process. The statement that follows fails instead (503) and the pool discards the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  db.transaction = transactionsReleasingTheirClient(pool);
  return {
    db,
    kind: 'postgres',
    pool,
    url,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
};

export const pingDb = async (db: Db): Promise<boolean> => {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
};

/** Socket-level failures reaching the database (refused, reset, timed out, name not found). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** Messages node-postgres and PGlite give, without a code, when the connection is gone. */
const GONE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Whether a failure means "the database is unreachable right now" rather than "this query is
 * wrong": connection exceptions (SQLSTATE class 08), shutdown and start-up (57P01–57P03),
 * too many connections (53300), and the drivers' own network errors. Requests that hit one get
 * 503, so clients retry instead of reporting a bug. Looks through wrappers (Drizzle's `cause`).
 */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message, errors } = current as { code?: unknown; message?: unknown; errors?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) ||
        code.startsWith('08') ||
        code === '57P01' ||
        code === '57P02' ||
        code === '57P03' ||
        code === '53300')
    )
      return true;
    if (typeof message === 'string' && GONE_MESSAGES.test(message)) return true;
    // Node reports a refused connection to several addresses as an AggregateError.
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};
