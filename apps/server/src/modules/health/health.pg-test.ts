import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { loadEnv } from '../../plugins/env';
import { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_SECRET, dropDatabase, login, type Agent } from '../../test/build';
import { startProxy, type PgProxy } from '../../test/pg-proxy';

const baseUrl = process.env.TEST_DATABASE_URL;

// Needs a real PostgreSQL server (vitest.config.ts includes *.pg-test.ts only with TEST_DATABASE_URL).
// The proxy takes the database down for this app alone, the way an outage looks from the app's side.
describe('health during a PostgreSQL outage (decision 0713)', () => {
  const name = `ginhawa_health_${process.pid}_${Date.now()}`;
  let proxy: PgProxy;
  let database: Database;
  let app: FastifyInstance;
  let admin: Agent;

  beforeAll(async () => {
    const maintenance = new pg.Client({ connectionString: baseUrl });
    await maintenance.connect();
    await maintenance.query(`create database ${name}`);
    await maintenance.end();
    const direct = new URL(baseUrl!);
    direct.pathname = `/${name}`;
    const seeded = await openPostgres(direct.toString(), 1);
    await seeded.migrate();
    await seedDatabase(seeded.db, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, seedDemo: false });
    await seeded.close();
    proxy = await startProxy(direct);
    database = await openPostgres(proxy.url, 2);
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/ginhawa-test',
      WEB_DIST: '/nonexistent',
    });
    app = await buildApp({ database, env, secretKey: TEST_SECRET, logger: false });
    await app.ready();
    admin = await login(app, 'admin', ADMIN_PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.down();
    await dropDatabase(baseUrl!, name);
  });

  it('readiness answers 503 with a session cookie, never 500; liveness 200; both recover', async () => {
    const withCookie = { cookie: `sessionid=${admin.sessionId}` };
    expect((await app.inject({ method: 'GET', url: '/api/health/', headers: withCookie })).json()).toEqual({
      status: 'ok',
      db: 'ok',
    });

    await proxy.down();
    for (const headers of [withCookie, {}]) {
      const res = await app.inject({ method: 'GET', url: '/api/health/', headers });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'error', db: 'error' });
      const live = await app.inject({ method: 'GET', url: '/api/health/live/', headers });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    }
    // A route that needs the session says 503 too, with the outage's sentence.
    const me = await app.inject({ method: 'GET', url: '/api/users/my_data/', headers: withCookie });
    expect(me.statusCode).toBe(503);

    await proxy.up();
    let res = await app.inject({ method: 'GET', url: '/api/health/', headers: withCookie });
    // The pool drops its dead connections on their first use; bounded: a few tries, no sleeps.
    for (let attempt = 0; attempt < 5 && res.statusCode !== 200; attempt += 1)
      res = await app.inject({ method: 'GET', url: '/api/health/', headers: withCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});
