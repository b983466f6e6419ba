import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildTestApp, login, ADMIN_PASSWORD, DEMO_PASSWORD, type TestContext } from '../test/build';
import { handshakeAdmission } from './limits';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const TOO_MANY = { message: 'Too many requests. Please wait a moment and try again.' };

/** Sends up to `bound` requests until one is refused; returns the refusal and how many passed. */
const floodUntilRefused = async (send: () => Promise<LightMyRequestResponse>, bound: number) => {
  for (let passed = 0; passed < bound; passed += 1) {
    const res = await send();
    if (res.statusCode === 429 || res.statusCode === 503) return { res, passed };
    expect(res.statusCode).toBeLessThan(400);
  }
  throw new Error(`no refusal in ${bound} requests`);
};

describe('request limits (decision 0713)', () => {
  it('a session past its limit gets 429 with Retry-After and {message}; another session and health do not', async () => {
    ctx = await buildTestApp({ RATE_LIMIT_PER_SESSION: '5' });
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const { res, passed } = await floodUntilRefused(
      () => manager.request({ method: 'GET', url: '/api/users/my_data/' }),
      20,
    );
    expect(passed).toBe(5);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Someone else at the same address is not held back by the manager's flood.
    const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
    expect((await admin.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(200);
    // A load balancer's checks are never counted.
    const cookie = { cookie: `sessionid=${manager.sessionId}` };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/', headers: cookie })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live/', headers: cookie })).statusCode).toBe(200);
  });
});

describe('request limits per address (decision 0713): one app, each test its own addresses', () => {
  // One app for both (each app is a PGlite copy of its own): the limit counts per address, and the
  // injected requests come from 10.1.1.x while the socket's come from 127.0.0.1.
  let perAddress: TestContext;
  beforeAll(async () => {
    perAddress = await buildTestApp({ RATE_LIMIT_PER_ADDRESS: '3' });
  });
  afterAll(async () => {
    await perAddress.close();
  });

  it('an address past its limit gets 429, signed in or not; another address does not', async () => {
    const app = perAddress.app;
    const { res, passed } = await floodUntilRefused(
      () => app.inject({ method: 'GET', url: '/api/configurations/settings/', remoteAddress: '10.1.1.1' }),
      20,
    );
    expect(passed).toBe(3);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(
      (await app.inject({ method: 'GET', url: '/api/configurations/settings/', remoteAddress: '10.1.1.2' })).statusCode,
    ).toBe(200);
  });

  it('over a real socket on 127.0.0.1: the address past its limit gets 429 with Retry-After', async () => {
    await perAddress.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = perAddress.app.server.address() as { port: number };
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const res = await fetch(`http://127.0.0.1:${port}/api/configurations/settings/`);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
      else await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused!.json()).toEqual(TOO_MANY);
  });
});

describe('request limits, unset (decision 0713)', () => {
  it('no limits unless set: the test defaults let a long run of requests through', async () => {
    ctx = await buildTestApp();
    const manager = await login(ctx.app, 'manager', DEMO_PASSWORD);
    for (let i = 0; i < 50; i += 1)
      expect((await manager.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(200);
  });
});

describe('WebSocket handshakes admitted at the rate the instance serves', () => {
  it('admits the rate in each second and spreads the rest over the seconds after', () => {
    const admit = handshakeAdmission(2);
    expect([0, 1, 2, 3, 4, 5, 6].map(() => admit(10_000))).toEqual([0, 0, 1, 1, 2, 2, 3]);
    // A new second admits again.
    expect([admit(11_000), admit(11_500), admit(11_999)]).toEqual([0, 0, 1]);
  });

  it('a handshake past the rate gets 503 with Retry-After', async () => {
    ctx = await buildTestApp({ WS_HANDSHAKES_PER_SECOND: '2' });
    const app = ctx.app;
    // At most 2 a second pass; 20 in a row cannot all fall in different seconds.
    const { res } = await floodUntilRefused(async () => {
      const r = await app.inject({
        method: 'GET',
        url: '/ws/notifications/',
        headers: { connection: 'upgrade', upgrade: 'websocket' },
      });
      // Admitted handshakes without credentials are refused by the channel itself.
      return r.statusCode === 401 ? { ...r, statusCode: 200 } : r;
    }, 20);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toEqual({ message: 'Too many screens are connecting at once. Please try again in a moment.' });
  });
});

describe('load shedding (decision 0713)', () => {
  it('a saturated event loop sheds API requests with 503 and Retry-After; liveness still answers', async () => {
    ctx = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '100', LOAD_SAMPLE_MS: '500' });
    const app = ctx.app as FastifyInstance & { isUnderPressure: () => boolean };
    expect(app.isUnderPressure()).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/configurations/settings/' })).statusCode).toBe(200);
    // Saturate the loop: one synchronous stretch of 1.5 s, as a runaway computation would.
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      /* busy */
    }
    // Wait for the sampler to see it (bounded: a few sample intervals).
    for (let i = 0; i < 200 && !app.isUnderPressure(); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(app.isUnderPressure()).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/api/configurations/settings/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
    const live = await app.inject({ method: 'GET', url: '/api/health/live/' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
  });
});
