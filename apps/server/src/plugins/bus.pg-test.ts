import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { openPostgres, type Database } from '../db/client';
import { dropDatabase } from '../test/database';
import { startProxy, type PgProxy, type ProxyVerdict } from '../test/pg-proxy';
import { BUS_CHANNEL, startBus } from './bus';

const baseUrl = process.env.TEST_DATABASE_URL;
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

// Needs a real PostgreSQL server (vitest.config.ts includes *.pg-test.ts only when TEST_DATABASE_URL is set).
describe('the live bus closed while it reconnects (PostgreSQL)', () => {
  const name = `ginhawa_bus_${process.pid}_${Date.now()}`;
  let maintenance: pg.Client;
  let proxy: PgProxy;
  let database: Database;

  beforeAll(async () => {
    maintenance = new pg.Client({ connectionString: baseUrl });
    await maintenance.connect();
    await maintenance.query(`create database ${name}`);
    const direct = new URL(baseUrl!);
    direct.pathname = `/${name}`;
    proxy = await startProxy(direct);
    // The bus only takes the connection string from it; its pool stays unused.
    database = await openPostgres(proxy.url, 1);
  });

  afterAll(async () => {
    await maintenance?.end();
    await database?.close();
    await proxy?.down();
    await dropDatabase(baseUrl!, name);
  });

  /** Backends of the test database holding the bus's LISTEN. */
  const listening = async () =>
    (
      await maintenance.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and query = $2', [
        name,
        `LISTEN ${BUS_CHANNEL}`,
      ])
    ).rows;

  it.each<[string, (chunk: Buffer) => ProxyVerdict]>([
    ['connecting', () => 'hold'],
    ['sending its LISTEN', (chunk) => (chunk.includes('LISTEN') ? 'hold' : 'pass')],
  ])('close() while the reconnect is %s ends that connection: nothing listens, no resync', async (_, rule) => {
    let resyncs = 0;
    const bus = await startBus(
      database,
      log,
      () => undefined,
      () => (resyncs += 1),
    );
    expect(await listening()).toHaveLength(1);

    // The LISTEN backend ends, as in a restart; the bus tries again 500 ms later and that try stays in flight.
    proxy.setRule(rule);
    await maintenance.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    await vi.waitFor(() => expect(proxy.holding()).toBe(1), { timeout: 10_000, interval: 20 });
    await bus.close();
    proxy.release();

    // Settled either way: the held connection was ended by close(), or it got through and listens.
    await vi.waitFor(async () => expect(proxy.connections() === 0 || (await listening()).length > 0).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    expect(await listening()).toEqual([]);
    expect(proxy.connections()).toBe(0);
    expect(resyncs).toBe(0);
  });
});
