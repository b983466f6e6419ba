import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { openPostgres, type Database } from '../db/client';
import { MANAGER_GROUP } from '@ginhawa/contract';
import { groups, userGroups, userLocations, users } from '../db/schema/index';
import { hashPassword } from '../modules/users/index';
import { loadEnv } from '../plugins/env';
import { ADMIN_PASSWORD, DEMO_PASSWORD, closeTestDatabase, openTestDatabase } from './database';

export { ADMIN_PASSWORD, DEMO_PASSWORD, dropDatabase } from './database';

/** Who signs in as each group in the role matrices (the demo users seeded by buildTestApp). */
export const ROLE_CREDENTIALS = {
  Admin: ['admin', ADMIN_PASSWORD],
  Manager: ['manager', DEMO_PASSWORD],
  Salesperson: ['salesperson', DEMO_PASSWORD],
  Therapist: ['therapist', DEMO_PASSWORD],
  Receptionist: ['receptionist', DEMO_PASSWORD],
} as const;
export const TEST_SECRET = 'test-secret-key-that-is-long-enough-0123456789';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  /** A second app instance on the same database (its own pool and LISTEN connection on PostgreSQL). */
  buildPeer: () => Promise<{ app: FastifyInstance; close: () => Promise<void> }>;
  /** Every seeded user's id by username, for tests that address people by name. */
  userIds: Record<string, number>;
  close: () => Promise<void>;
};

const testEnv = (overrides: Record<string, string>) =>
  loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...overrides,
  });

export const buildTestApp = async (
  overrides: Record<string, string> = {},
  { embedded = false }: { embedded?: boolean } = {},
): Promise<TestContext> => {
  // Migrated and seeded already: a copy of the run's template (test/database.ts). `embedded`:
  // PGlite even when the run is on PostgreSQL (migrated and seeded here then: no PGlite template).
  const database = await openTestDatabase({ embedded });
  // Each app its own DATA_DIR unless the test names one: what it writes there (backups) is its own, and goes with it.
  const ownDataDir = overrides.DATA_DIR ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'ginhawa-test-data-'));
  if (ownDataDir) overrides = { ...overrides, DATA_DIR: ownDataDir };
  const app = await buildApp({ database, env: testEnv(overrides), secretKey: TEST_SECRET, logger: false });
  await app.ready();
  const userIds: Record<string, number> = {};
  for (const u of await database.db.select({ id: users.id, username: users.username }).from(users))
    userIds[u.username] = u.id;
  return {
    app,
    database,
    userIds,
    buildPeer: async () => {
      const peerDb = database.url ? await openPostgres(database.url, 3) : database;
      const peer = await buildApp({ database: peerDb, env: testEnv(overrides), secretKey: TEST_SECRET, logger: false });
      await peer.ready();
      return {
        app: peer,
        close: async () => {
          await peer.close();
          if (peerDb !== database) await peerDb.close();
        },
      };
    },
    close: async () => {
      await app.close();
      await closeTestDatabase(database);
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
};

const cookieValue = (setCookie: string | string[] | undefined, name: string) => {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = list.find((c) => c.startsWith(`${name}=`));
  return found?.slice(name.length + 1).split(';')[0];
};

export type Agent = {
  sessionId: string;
  csrfToken: string;
  /** Injects with the session cookie and, unless `csrf: false`, the CSRF header. */
  request: (opts: InjectOptions & { csrf?: boolean }) => Promise<LightMyRequestResponse>;
};

export const login = async (
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = '10.9.8.7',
): Promise<Agent> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload: { username, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.statusCode} ${res.body}`);
  const sessionId = cookieValue(res.headers['set-cookie'], 'sessionid');
  const csrfToken = cookieValue(res.headers['set-cookie'], 'csrftoken');
  if (!sessionId || !csrfToken) throw new Error('login set no cookies');
  return {
    sessionId,
    csrfToken,
    request: ({ csrf = true, headers, ...opts }) =>
      app.inject({
        ...opts,
        headers: {
          ...headers,
          cookie: `sessionid=${sessionId}; csrftoken=${csrfToken}`,
          ...(csrf ? { 'x-csrftoken': csrfToken } : {}),
        },
      }),
  };
};

export { cookieValue };

/** A multipart/form-data body with one file part, for `inject`. */
export const multipartFile = (
  bytes: Buffer,
  { field = 'file', filename = 'upload.png', contentType = 'image/png' } = {},
) => {
  const boundary = `----ginhawa${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The smallest valid PNG (1×1, transparent), padded to `size` bytes when asked. */
export const tinyPng = (size = 0) => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  return size > png.length ? Buffer.concat([png, Buffer.alloc(size - png.length)]) : png;
};

/** A new Manager working at exactly these locations, signed in (for tests of branch scope). */
export const signInManager = async (ctx: TestContext, username: string, locationIds: number[]) => {
  const db = ctx.database.db;
  const [user] = await db
    .insert(users)
    .values({ username, firstName: username, lastName: 'Manager', passwordHash: await hashPassword(DEMO_PASSWORD) })
    .returning({ id: users.id });
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.name, MANAGER_GROUP));
  await db.insert(userGroups).values({ userId: user!.id, groupId: group!.id });
  await db.insert(userLocations).values(locationIds.map((locationId) => ({ userId: user!.id, locationId })));
  return { id: user!.id, agent: await login(ctx.app, username, DEMO_PASSWORD) };
};
