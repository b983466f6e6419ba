import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startProxy, type PgProxy } from '../test/pg-proxy';
import { isDatabaseUnavailable, openPostgres, type Database } from './client';

const baseUrl = process.env.TEST_DATABASE_URL;

// Needs a real PostgreSQL server (vitest.config.ts includes *.pg-test.ts only when TEST_DATABASE_URL is set).
describe('a transaction whose connection is cut at BEGIN (PostgreSQL)', () => {
  let proxy: PgProxy;
  let database: Database;

  beforeAll(async () => {
    proxy = await startProxy(new URL(baseUrl!));
    // One slot: a client that is never given back leaves nothing for the next transaction.
    database = await openPostgres(proxy.url, 1);
  });

  afterAll(async () => {
    await proxy?.down();
  });

  it('gives its pool slot back: the next transaction runs and the pool closes', async () => {
    // Drizzle sends BEGIN as its own statement; the database "restarts" just as it arrives.
    proxy.setRule((chunk) => (chunk.includes('begin') ? 'cut' : 'pass'));
    const failure = await database.db.transaction((tx) => tx.execute(sql`select 1`)).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    proxy.release();

    const next = await database.db.transaction((tx) => tx.execute(sql`select 2 as n`));
    expect(next).toMatchObject({ rows: [{ n: 2 }] });
    expect(database.pool!.totalCount).toBe(database.pool!.idleCount);
    // pool.end() waits for every checked-out client: a leaked one kept it (and a test's afterAll) waiting for ever.
    await database.close();
  });
});

describe("the app's connections (PostgreSQL)", () => {
  it('run without JIT, in and out of a transaction', async () => {
    const database = await openPostgres(baseUrl!, 2);
    try {
      expect(await database.db.execute(sql`show jit`)).toMatchObject({ rows: [{ jit: 'off' }] });
      const inside = await database.db.transaction((tx) => tx.execute(sql`show jit`));
      expect(inside).toMatchObject({ rows: [{ jit: 'off' }] });
    } finally {
      await database.close();
    }
  });
});
