import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app';
import { loadEnv } from './plugins/env';
import { ADMIN_PASSWORD, TEST_SECRET, buildTestApp, type TestContext } from './test/build';

// Issue 14: logs never carry query parameters, bodies or tokens; odd charsets and bytes PostgreSQL
// cannot store get a clear 4xx instead of a 500.

const SECRET = 'correct-horse-battery-staple-7781';

let ctx: TestContext;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await buildTestApp();
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/tmp/ginhawa-test', WEB_DIST: '/nonexistent' });
  app = await buildApp({
    database: ctx.database,
    env,
    secretKey: TEST_SECRET,
    logger: { ...loggerOptions('info'), stream },
  });
  // A query that fails with its parameter in Drizzle's error (message and `params`).
  app.get('/api/test-failing-query/', { config: { public: true } }, async () => {
    await ctx.database.db.execute(sql`select * from no_such_table where secret = ${SECRET}`);
    return { ok: true };
  });
  app.get('/api/test-bad-bytes/', { config: { public: true } }, async (request) => {
    const kind = (request.query as { kind?: string }).kind;
    if (kind === 'nul') await ctx.database.db.execute(sql`select ${`a\u0000${SECRET}`}::text`);
    if (kind === 'json') await ctx.database.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`);
    if (kind === 'huge') await ctx.database.db.execute(sql`select length(repeat('ab', 600000000))`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const logged = () => lines.join('');

describe('logs', () => {
  it('a failed query is logged with its SQL and SQLSTATE, never its parameters', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/test-failing-query/' });
    expect(res.statusCode).toBe(500);
    const text = logged();
    expect(text).toContain('request failed');
    expect(text).toContain('no_such_table');
    expect(text).toContain('42P01');
    expect(text).not.toContain(SECRET);
  });

  it('access log lines keep parameter names but not values (a socket ?token= included)', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: `/ws/notifications/?token=${SECRET}` });
    await app.inject({ method: 'GET', url: `/api/users/my_data/?search=${SECRET}&page=2` });
    const text = logged();
    expect(text).toContain('/ws/notifications/?token=');
    expect(text).toContain('/api/users/my_data/?search=');
    expect(text).not.toContain(SECRET);
  });

  it('a failed sign-in is logged without what was typed', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: SECRET, password: SECRET },
      remoteAddress: '10.40.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(logged()).toContain('failed login');
    expect(logged()).not.toContain(SECRET);
  });
});

describe('bytes PostgreSQL cannot store', () => {
  it.each([
    ['nul', 'A value contains characters that cannot be stored, such as a NUL byte.'],
    ['json', 'A value contains characters that cannot be stored, such as a NUL byte.'],
    ['huge', 'A value is too large to store.'],
  ])('%s → 400 with a sentence, not a 500', async (kind, message) => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: `/api/test-bad-bytes/?kind=${kind}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(logged()).not.toContain('request failed');
    expect(logged()).not.toContain(SECRET);
  });

  it('a NUL byte in the sign-in form is a 4xx, never a 500', async () => {
    for (const payload of [
      { username: 'ad\u0000min', password: ADMIN_PASSWORD },
      { username: 'admin', password: `x\u0000${ADMIN_PASSWORD}` },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/users/login/', payload, remoteAddress: '10.40.0.2' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('request charset', () => {
  /** The admin's login, sent as raw JSON under a given Content-Type. */
  const loginWithType = (type: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': type },
      payload: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      remoteAddress,
    });

  it('a body declared in a charset other than UTF-8 is 415', async () => {
    for (const type of [
      'application/json; charset=iso-8859-1',
      'application/json; charset="UTF-16"',
      'application/json;charset=latin1',
    ]) {
      const res = await loginWithType(type, '10.40.1.1');
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/UTF-8/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('UTF-8 however it is spelled, or no charset at all, is accepted', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
      'application/json; charset=utf8',
    ]) {
      const res = await loginWithType(type, '10.40.1.2');
      expect(res.statusCode).toBe(200);
    }
  });
});
