import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { and, eq, like } from 'drizzle-orm';
import type { Notification } from '@ginhawa/contract';
import { buildApp } from '../app';
import { openPostgres, type Database } from '../db/client';
import { notifications, users } from '../db/schema/index';
import { seedDatabase } from '../db/seed';
import { loadEnv } from '../plugins/env';
import { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_SECRET, buildTestApp, dropDatabase, login, type Agent } from './build';
import { action, connectSocket, type TestSocket } from './ws-client';
import { startProxy, type PgProxy } from './pg-proxy';

const env = () =>
  loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/ginhawa-test', WEB_DIST: '/nonexistent' });
const UNAVAILABLE = { message: 'The service is briefly unavailable. Please try again in a moment.' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the database gone (embedded)', () => {
  it('requests that need it get 503 with a message, not 500', async () => {
    const ctx = await buildTestApp();
    const agent = await login(ctx.app, 'manager', DEMO_PASSWORD);
    await ctx.database.close();
    const res = await agent.request({
      method: 'POST',
      url: '/api/notifications/',
      payload: { title: 'Hello', message: 'Anyone there?' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/users/my_data/',
          headers: { cookie: `sessionid=${agent.sessionId}` },
        })
      ).statusCode,
    ).toBe(503);
    await ctx.app.close();
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

// Needs a real PostgreSQL server: vitest.config.ts includes *.pg-test.ts only when TEST_DATABASE_URL is set (as .ci/run does); PGlite has no connections to lose.
describe('PostgreSQL restarting under load', () => {
  const name = `ginhawa_restart_${process.pid}_${Date.now()}`;
  let direct: URL;
  let proxy: PgProxy;
  let seeded: Database;
  let database: Database;
  let app: FastifyInstance;
  let admin: Agent;
  let therapistId: number;
  let sockets: TestSocket[];

  beforeAll(async () => {
    const maintenance = new pg.Client({ connectionString: baseUrl });
    await maintenance.connect();
    await maintenance.query(`create database ${name}`);
    await maintenance.end();
    direct = new URL(baseUrl!);
    direct.pathname = `/${name}`;
    seeded = await openPostgres(direct.toString(), 2);
    await seeded.migrate();
    await seedDatabase(seeded.db, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, seedDemo: true });
    proxy = await startProxy(direct);
    database = await openPostgres(proxy.url, 5);
    app = await buildApp({ database, env: env(), secretKey: TEST_SECRET, logger: false });
    await app.ready();
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    const [therapist] = await seeded.db.select({ id: users.id }).from(users).where(eq(users.username, 'therapist'));
    therapistId = therapist!.id;
    const agent = await login(app, 'therapist', DEMO_PASSWORD);
    sockets = [await connectSocket(app, { agent }), await connectSocket(app, { agent })];
    for (const socket of sockets) await socket.next(action('user_notifications'));
  }, 60_000);

  // Each step takes well under a second even at a load average of 10. One that hangs fails the hook
  // naming itself (not the hook's bare 60 s timeout), and the steps after it still run. pool.end()
  // waits for every checked-out client: a transaction whose BEGIN was cut once leaked one for good.
  afterAll(async () => {
    for (const socket of sockets ?? []) socket.ws.close();
    const problems: string[] = [];
    const step = async (label: string, run: () => Promise<unknown>) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`${label} did not finish within 10 s`), 10_000);
      });
      const outcome = await Promise.race([
        run().then(
          () => undefined,
          (err: unknown) => `${label} failed: ${String(err)}`,
        ),
        late,
      ]);
      clearTimeout(timer);
      if (outcome) problems.push(outcome);
    };
    await step('app.close()', async () => app?.close());
    const pool = database?.pool;
    await step(`database.close() (pool: ${pool?.totalCount} clients, ${pool?.idleCount} idle)`, async () =>
      database?.close(),
    );
    await step('seeded.close()', async () => seeded?.close());
    await step('proxy.down()', async () => proxy?.down());
    await step('dropDatabase()', () => dropDatabase(baseUrl!, name));
    expect(problems).toEqual([]);
  });

  it('answers 503 while it is down, reconnects, re-listens, resyncs every socket and loses no committed notification', async () => {
    const statuses = new Map<string, number>();
    const seen = sockets.map(() => new Set<string>());
    const drain = () => {
      for (const [i, socket] of sockets.entries()) {
        for (const m of socket.messages.splice(0)) {
          if (m.action === 'new_notification') seen[i]!.add((m as { notification: Notification }).notification.title);
          if (m.action === 'user_notifications')
            for (const x of (m as { notifications: Notification[] }).notifications) seen[i]!.add(x.title);
        }
      }
    };
    let n = 0;
    const announce = async () => {
      const title = `w${String(n++).padStart(3, '0')}`;
      const res = await admin.request({
        method: 'POST',
        url: '/api/notifications/',
        payload: { title, message: 'during the restart', users: [therapistId] },
      });
      statuses.set(title, res.statusCode);
      if (res.statusCode !== 201) expect(res.json(), title).toEqual(UNAVAILABLE);
      return res.statusCode;
    };
    let writing = true;
    // One announcement at a time to the therapist while the faults happen.
    const writer = (async () => {
      while (writing) {
        await announce();
        await sleep(100);
      }
    })();

    await sleep(300);
    // 1. Every backend of this database is terminated (57P01), as in a fast restart.
    const killer = new pg.Client({ connectionString: direct.toString() });
    await killer.connect();
    await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await killer.end();
    await sleep(300);
    // 2. Down for a while: open connections cut, new ones refused.
    await proxy.down();
    await sleep(300);
    const health = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(503);
    const duringOutage = await admin.request({ method: 'GET', url: '/api/notifications/' });
    expect(duringOutage.statusCode).toBe(503);
    expect(duringOutage.json()).toEqual(UNAVAILABLE);
    await sleep(1000);
    writing = false;
    await writer;
    drain();
    await proxy.up();

    // 3. Back by itself: the bus listens again and every socket gets a fresh list.
    await Promise.all(
      sockets.map((socket) => socket.next(action('user_notifications'), 20_000).then((m) => socket.messages.push(m))),
    );
    drain();
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    // Writes succeed again and arrive live (the LISTEN is back, not just the pool).
    for (let i = 0; i < 3; i += 1) expect(await announce()).toBe(201);
    for (const socket of sockets) {
      const live = [];
      for (let i = 0; i < 3; i += 1) live.push(await socket.next(action('new_notification')));
      socket.messages.push(...live);
    }
    drain();

    const codes = [...statuses.values()];
    expect(
      codes.every((c) => c === 201 || c === 503),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(codes).toContain(503);

    // Nothing half-applied: an announcement is there whole (its one row) or not at all, and every 201 is there.
    const stored = await seeded.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.recipientId, therapistId), like(notifications.title, 'w%')));
    const storedTitles = stored.map((r) => r.title);
    expect(new Set(storedTitles).size).toBe(storedTitles.length);
    for (const [title, status] of statuses) if (status === 201) expect(storedTitles, title).toContain(title);

    // No committed notification lost: each socket saw every stored one, live or in a resync list.
    for (const [i, socket] of sockets.entries()) {
      expect(
        storedTitles.filter((t) => !seen[i]!.has(t)),
        `socket ${i}: ${JSON.stringify([...statuses])}`,
      ).toEqual([]);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    }
  }, 60_000);
});
