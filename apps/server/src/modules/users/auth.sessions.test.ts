import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loginThrottle, refreshTokens, tokenFamilies, users } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, cookieValue, login, type TestContext } from '../../test/build';
import { THROTTLE } from './throttle.service';
import { purgeExpiredSessions } from './auth.service';
import { action, connectSocket } from '../../test/ws-client';
import { CLOSE_SIGNED_OUT } from '../notifications/notifications.hub';

// Issue 14: tokens that really end, a logout no other site can trigger, a throttle that holds under races.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, remoteAddress = '10.20.0.1') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const me = (access: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/users/my_data/', headers: { authorization: `Bearer ${access}` } });
const pairFor = async (username: string, remoteAddress: string) => {
  const res = await post('/api/users/token/', { username, password: DEMO_PASSWORD }, remoteAddress);
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string };
};

describe('refresh token rotation', () => {
  it('a refresh token works once; presenting it again revokes the whole family', async () => {
    const first = await pairFor('manager', '10.20.1.1');
    const second = await post('/api/users/token/refresh/', { refresh: first.refresh });
    expect(second.statusCode).toBe(200);
    const rotated = second.json() as { access: string; refresh: string };
    expect(rotated.refresh).not.toBe(first.refresh);
    expect((await me(rotated.access)).statusCode).toBe(200);

    // Replay of the spent token: refused, and everything of that sign-in ends with it.
    const replay = await post('/api/users/token/refresh/', { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/already been used/);
    expect((await me(rotated.access)).statusCode).toBe(401);
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await post('/api/users/token/refresh/', { refresh: rotated.refresh })).statusCode).toBe(401);

    // A separate sign-in of the same person is another family and keeps working.
    const other = await pairFor('manager', '10.20.1.2');
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it('two parallel refreshes with one token: at most one wins, and the family is revoked', async () => {
    const pair = await pairFor('therapist', '10.20.2.1');
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/users/token/refresh/', { refresh: pair.refresh })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(2);
    for (const r of ok) expect((await me((r.json() as { access: string }).access)).statusCode).toBe(401);
  });

  it('another instance on the same database agrees (the rows live in the database)', async () => {
    const peer = await ctx.buildPeer();
    try {
      const pair = await pairFor('salesperson', '10.20.3.1');
      const onPeer = await peer.app.inject({
        method: 'POST',
        url: '/api/users/token/refresh/',
        payload: { refresh: pair.refresh },
      });
      expect(onPeer.statusCode).toBe(200);
      const replayHere = await post('/api/users/token/refresh/', { refresh: pair.refresh });
      expect(replayHere.statusCode).toBe(401);
      const peerAccess = (onPeer.json() as { access: string }).access;
      const onPeerAfter = await peer.app.inject({
        method: 'GET',
        url: '/api/users/my_data/',
        headers: { authorization: `Bearer ${peerAccess}` },
      });
      expect(onPeerAfter.statusCode).toBe(401);
    } finally {
      await peer.close();
    }
  });

  it('stores only token ids, and the purge drops families whose tokens have all expired', async () => {
    const pair = await pairFor('receptionist', '10.20.4.1');
    const claims = JSON.parse(Buffer.from(pair.refresh.split('.')[1]!, 'base64url').toString()) as {
      jti: string;
      fam: number;
    };
    const [row] = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.jti, claims.jti));
    expect(row).toMatchObject({ familyId: claims.fam, usedAt: null });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'receptionist'));
    await ctx.database.db
      .update(tokenFamilies)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tokenFamilies.userId, user!.id));
    await purgeExpiredSessions(ctx.database.db);
    expect(await ctx.database.db.select().from(tokenFamilies).where(eq(tokenFamilies.userId, user!.id))).toEqual([]);
    // A token of a purged family is simply unknown.
    expect((await me(pair.access)).statusCode).toBe(401);
    expect((await post('/api/users/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
  });
});

describe('logout with a bearer token', () => {
  it('ends that token’s family at once: its access and refresh tokens stop working', async () => {
    const pair = await pairFor('manager', '10.21.0.1');
    const other = await pairFor('manager', '10.21.0.2');
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(pair.access)).statusCode).toBe(401);
    expect((await post('/api/users/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    // Only that sign-in: the other family lives on.
    expect((await me(other.access)).statusCode).toBe(200);
  });

  it('closes live sockets opened with that family’s token, and only those', async () => {
    const pair = await pairFor('receptionist', '10.21.1.1');
    const other = await pairFor('receptionist', '10.21.1.2');
    const mine = await connectSocket(ctx.app, { query: `?token=${pair.access}`, origin: null });
    const theirs = await connectSocket(ctx.app, { query: `?token=${other.access}`, origin: null });
    await mine.next(action('user_notifications'));
    await theirs.next(action('user_notifications'));
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await mine.closed).code).toBe(CLOSE_SIGNED_OUT);
    theirs.send({ action: 'ping' });
    await theirs.next(action('pong'));
    expect(theirs.ws.readyState).toBe(theirs.ws.OPEN);
    theirs.ws.close();
  });

  it('reuse of a spent refresh token closes that family’s sockets too', async () => {
    const pair = await pairFor('receptionist', '10.21.2.1');
    const rotated = (await post('/api/users/token/refresh/', { refresh: pair.refresh })).json() as { access: string };
    const socket = await connectSocket(ctx.app, { query: `?token=${rotated.access}`, origin: null });
    await socket.next(action('user_notifications'));
    expect((await post('/api/users/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect((await socket.closed).code).toBe(CLOSE_SIGNED_OUT);
  });
});

describe('GET logout', () => {
  it('is refused when the request is cross-site, and the session survives', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.22.0.1');
    const bySite = await agent.request({
      method: 'GET',
      url: '/api/users/logout/',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(bySite.statusCode).toBe(403);
    expect(bySite.json().message).toMatch(/another site/);
    const byOrigin = await agent.request({
      method: 'GET',
      url: '/api/users/logout/',
      headers: { origin: 'https://evil.example' },
    });
    expect(byOrigin.statusCode).toBe(403);
    const nullOrigin = await agent.request({ method: 'GET', url: '/api/users/logout/', headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(200);
  });

  it('still works same-origin, typed in the address bar, and by POST', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.22.0.2');
    const sameOrigin = await agent.request({
      method: 'GET',
      url: '/api/users/logout/',
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    const typed = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.22.0.3');
    expect(
      (await typed.request({ method: 'GET', url: '/api/users/logout/', headers: { 'sec-fetch-site': 'none' } }))
        .statusCode,
    ).toBe(200);
    const byPost = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.22.0.4');
    expect((await byPost.request({ method: 'POST', url: '/api/users/logout/' })).statusCode).toBe(200);
    expect((await byPost.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
  });
});

describe('login throttle under a race', () => {
  it(`25 parallel wrong guesses from one address: at most ${THROTTLE.perAccountAndAddress} are checked, the rest get 429`, async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post('/api/users/login/', { username: 'salesperson', password: `wrong-guess-${i}` }, '10.23.0.1'),
      ),
    );
    const checked = results.filter((r) => r.statusCode === 400);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(checked.length + refused.length).toBe(25);
    expect(checked.length).toBeLessThanOrEqual(THROTTLE.perAccountAndAddress);
    expect(checked.length).toBeGreaterThan(0);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // Locked now even with the right password; unlocked for the rest of the suite.
    expect(
      (await post('/api/users/login/', { username: 'salesperson', password: DEMO_PASSWORD }, '10.23.0.1')).statusCode,
    ).toBe(429);
    await ctx.database.db.delete(loginThrottle).where(eq(loginThrottle.key, 'user:salesperson|ip:10.23.0.1'));
  });

  it('a successful sign-in does not use up the address’s allowance', async () => {
    for (let i = 0; i < THROTTLE.perAddress + 2; i += 1) {
      const res = await post('/api/users/login/', { username: 'receptionist', password: DEMO_PASSWORD }, '10.23.2.1');
      expect(res.statusCode).toBe(200);
    }
    const [row] = await ctx.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, 'ip:10.23.2.1'));
    expect(row?.failures ?? 0).toBe(0);
  });
});

describe('cookies behind TLS (COOKIE_SECURE=1)', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await buildTestApp({ COOKIE_SECURE: '1' });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('names the cookies __Host- with Secure, Path=/ and no Domain, and reads them back', async () => {
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookies = res.headers['set-cookie'] as string[];
    const session = cookies.find((c) => c.startsWith('__Host-sessionid='));
    const csrf = cookies.find((c) => c.startsWith('__Host-csrftoken='));
    for (const c of [session, csrf]) {
      expect(c).toBeDefined();
      expect(c).toMatch(/; Secure/);
      expect(c).toMatch(/; Path=\/(;|$)/);
      expect(c).not.toMatch(/Domain=/i);
    }
    expect(session).toMatch(/HttpOnly/);
    expect(cookies.some((c) => c.startsWith('sessionid='))).toBe(false);
    const sessionId = cookieValue(cookies, '__Host-sessionid')!;
    const csrfToken = cookieValue(cookies, '__Host-csrftoken')!;
    const cookie = `__Host-sessionid=${sessionId}; __Host-csrftoken=${csrfToken}`;
    expect(
      (await secure.app.inject({ method: 'GET', url: '/api/users/my_data/', headers: { cookie } })).statusCode,
    ).toBe(200);
    // Without the prefix the cookie could have been planted by a sibling host or over plain HTTP.
    const plain = `sessionid=${sessionId}; csrftoken=${csrfToken}`;
    expect(
      (await secure.app.inject({ method: 'GET', url: '/api/users/my_data/', headers: { cookie: plain } })).statusCode,
    ).toBe(401);
    // CSRF reads the prefixed cookie too.
    const out = await secure.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { cookie, 'x-csrftoken': csrfToken },
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.headers['set-cookie'] as string[];
    expect(cleared.some((c) => c.startsWith('__Host-sessionid=;') && /; Secure/.test(c))).toBe(true);
    expect(
      (await secure.app.inject({ method: 'GET', url: '/api/users/my_data/', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('cookies behind a trusted TLS proxy (TRUST_PROXY=1)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  const signIn = (headers: Record<string, string>) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'manager', password: DEMO_PASSWORD },
      headers,
    });

  it('gives __Host- Secure cookies when the proxy says the browser used https, and reads them back', async () => {
    const res = await signIn({ 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    const cookies = res.headers['set-cookie'] as string[];
    const session = cookies.find((c) => c.startsWith('__Host-sessionid='));
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/HttpOnly/);
    expect(cookies.some((c) => c.startsWith('sessionid='))).toBe(false);
    const cookie = `__Host-sessionid=${cookieValue(cookies, '__Host-sessionid')}; __Host-csrftoken=${cookieValue(cookies, '__Host-csrftoken')}`;
    const me = await proxied.app.inject({
      method: 'GET',
      url: '/api/users/my_data/',
      headers: { cookie, 'x-forwarded-proto': 'https' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps plain cookies for plain http through the proxy', async () => {
    const res = await signIn({ 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies.some((c) => c.startsWith('sessionid=') && !/; Secure/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('__Host-'))).toBe(false);
  });
});

describe('X-Forwarded-Proto without TRUST_PROXY', () => {
  it('is ignored: a client cannot ask for another cookie name', async () => {
    const ctx = await buildTestApp();
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { username: 'manager', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect((res.headers['set-cookie'] as string[]).some((c) => c.startsWith('__Host-'))).toBe(false);
    } finally {
      await ctx.close();
    }
  });
});
