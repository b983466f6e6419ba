import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { auditLog, locations, loginThrottle, sessions, userLocations, users } from '../../db/schema/index';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  TEST_SECRET,
  buildTestApp,
  cookieValue,
  login,
  type TestContext,
} from '../../test/build';
import { SESSION_ABSOLUTE_SECONDS } from '../../plugins/auth';
import { THROTTLE } from './throttle.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, remoteAddress = '10.1.1.1') =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

describe('login', () => {
  it('signs in, sets an HttpOnly session cookie and a readable CSRF cookie', async () => {
    const res = await post('/api/users/login/', { username: 'ADMIN', password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', first_name: 'Site', groups: ['Admin'] });
    const cookies = res.headers['set-cookie'] as string[];
    const session = cookies.find((c) => c.startsWith('sessionid='))!;
    const csrf = cookies.find((c) => c.startsWith('csrftoken='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/SameSite=Lax/);
    // The session token is ≥ 128 bits and only its hash is stored.
    const token = cookieValue(cookies, 'sessionid')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await ctx.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored.length).toBeGreaterThan(0);
  });

  it('writes the session, the last sign-in and one audit row naming the session', async () => {
    const [before] = await ctx.database.db.select().from(users).where(eq(users.username, 'therapist'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'therapist', password: DEMO_PASSWORD },
      remoteAddress: '10.1.7.1',
      headers: { 'user-agent': 'test-agent/1' },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.username, 'therapist'));
    expect(after!.lastLogin).toBeInstanceOf(Date);
    expect(after!.lastLogin!.getTime()).toBeGreaterThan(before!.lastLogin?.getTime() ?? 0);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, after!.id))
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    expect(session).toMatchObject({ ip: '10.1.7.1', userAgent: 'test-agent/1' });
    expect(session!.expiresAt.getTime() - session!.createdAt.getTime()).toBe(SESSION_ABSOLUTE_SECONDS * 1000);
    const logged = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'login' and ${auditLog.actorId} = ${after!.id}`);
    expect(logged.map((a) => [a.tableName, a.rowId, a.before, a.after])).toEqual([
      ['sessions', String(session!.id), null, null],
    ]);
  });

  it('a right password clears its account-and-address failures and gives back the other counts', async () => {
    const ip = '10.1.8.1';
    for (let i = 0; i < THROTTLE.perAccountAndAddress - 1; i += 1)
      expect((await post('/api/users/login/', { username: 'manager', password: `nope-${i}` }, ip)).statusCode).toBe(
        400,
      );
    const counts = async () =>
      Object.fromEntries(
        (
          await ctx.database.db
            .select()
            .from(loginThrottle)
            .where(sql`${loginThrottle.key} in ('user:manager|ip:10.1.8.1', 'user:manager', 'ip:10.1.8.1')`)
        ).map((r) => [r.key, r.failures]),
      );
    const failures = THROTTLE.perAccountAndAddress - 1;
    expect(await counts()).toEqual({
      'user:manager|ip:10.1.8.1': failures,
      'user:manager': expect.any(Number) as number,
      'ip:10.1.8.1': failures,
    });
    const accountBefore = (await counts())['user:manager']!;
    expect((await post('/api/users/login/', { username: 'manager', password: DEMO_PASSWORD }, ip)).statusCode).toBe(
      200,
    );
    expect(await counts()).toEqual({ 'user:manager': accountBefore, 'ip:10.1.8.1': failures });
    await ctx.database.db.delete(loginThrottle).where(sql`${loginThrottle.key} in ('user:manager', 'ip:10.1.8.1')`);
  });

  it('gives a new session id at every login and ends the one the browser carried', async () => {
    const first = await login(ctx.app, 'manager', DEMO_PASSWORD);
    const res = await first.request({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username: 'manager', password: DEMO_PASSWORD },
      csrf: false,
    });
    expect(res.statusCode).toBe(200);
    const second = cookieValue(res.headers['set-cookie'], 'sessionid');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first.sessionId);
    const old = await first.request({ method: 'GET', url: '/api/users/my_data/' });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong password with a clear message and no cookie', async () => {
    const res = await post('/api/users/login/', { username: 'receptionist', password: 'not-the-password' }, '10.1.1.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid username or password.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const res = await post('/api/users/login/', { username: 'nobody-here', password: 'whatever-123' }, '10.1.1.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('lists missing fields', async () => {
    const res = await post('/api/users/login/', { username: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please correct the highlighted fields.');
    expect(body.errors.username).toEqual(['Enter your username.']);
    expect(body.errors.password).toEqual(['This field is required.']);
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('refuses a deactivated user', async () => {
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'receptionist'));
    try {
      const res = await post('/api/users/login/', { username: 'receptionist', password: DEMO_PASSWORD }, '10.1.1.4');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/deactivated/);
    } finally {
      await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.username, 'receptionist'));
    }
  });
});

describe('login throttling', () => {
  it(`locks an account at one address after ${THROTTLE.perAccountAndAddress} failures with 429 and Retry-After, for a while only`, async () => {
    for (let i = 0; i < THROTTLE.perAccountAndAddress; i += 1) {
      const res = await post(
        '/api/users/login/',
        { username: 'therapist', password: `wrong-password-${i}` },
        '10.2.0.1',
      );
      expect(res.statusCode).toBe(400);
    }
    // Even the right password is refused while locked, from that address.
    const locked = await post('/api/users/login/', { username: 'Therapist', password: DEMO_PASSWORD }, '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE.lockSeconds);
    // Token endpoint shares the throttle.
    expect(
      (await post('/api/users/token/', { username: 'therapist', password: DEMO_PASSWORD }, '10.2.0.1')).statusCode,
    ).toBe(429);

    // The lock expires: move it into the past, as time would.
    await ctx.database.db
      .update(loginThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'`, windowStartedAt: sql`now() - interval '1 hour'` });
    const after = await post('/api/users/login/', { username: 'therapist', password: DEMO_PASSWORD }, '10.2.0.1');
    expect(after.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(loginThrottle)
      .where(eq(loginThrottle.key, 'user:therapist|ip:10.2.0.1'));
    expect(row).toBeUndefined();
  });

  it('locks a client address that guesses across many usernames', async () => {
    for (let i = 0; i < THROTTLE.perAddress; i += 1) {
      await post('/api/users/login/', { username: `guess-${i}`, password: 'wrong-password' }, '10.3.3.3');
    }
    const res = await post('/api/users/login/', { username: 'salesperson', password: DEMO_PASSWORD }, '10.3.3.3');
    expect(res.statusCode).toBe(429);
    const elsewhere = await post('/api/users/login/', { username: 'salesperson', password: DEMO_PASSWORD }, '10.3.3.4');
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('session calls', () => {
  it('my_data needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/my_data/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('my_data and my_groups describe the signed-in user', async () => {
    const agent = await login(ctx.app, 'salesperson', DEMO_PASSWORD, '10.4.0.1');
    const me = await agent.request({ method: 'GET', url: '/api/users/my_data/' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'salesperson',
      groups: ['Salesperson'],
      avatar: null,
      must_change_password: false,
    });
    expect(Object.keys(me.json()).sort()).toEqual([
      'avatar',
      'email',
      'first_name',
      'groups',
      'id',
      'last_name',
      'locations',
      'must_change_password',
      'username',
    ]);
    const before = me.json().locations as { id: number; name: string }[];
    // Where the person works, by name.
    const [makati] = await ctx.database.db
      .insert(locations)
      .values({ name: 'Test Makati', openingTime: '09:00', closingTime: '21:00' })
      .returning();
    const [alabang] = await ctx.database.db
      .insert(locations)
      .values({ name: 'Test Alabang', openingTime: '10:00', closingTime: '22:00' })
      .returning();
    await ctx.database.db.insert(userLocations).values([
      { userId: me.json().id, locationId: makati!.id },
      { userId: me.json().id, locationId: alabang!.id },
    ]);
    const again = await agent.request({ method: 'GET', url: '/api/users/my_data/' });
    const expected = [
      ...before,
      { id: alabang!.id, name: 'Test Alabang' },
      { id: makati!.id, name: 'Test Makati' },
    ].sort((a, b) => a.name.localeCompare(b.name));
    expect(again.json().locations).toEqual(expected);
    const groups = await agent.request({ method: 'GET', url: '/api/users/my_groups/' });
    expect(groups.json()).toEqual([{ id: expect.any(Number), name: 'Salesperson' }]);
  });

  it('a forged or garbage session cookie is anonymous', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/my_data/',
      headers: { cookie: 'sessionid=forged-value' },
    });
    expect(res.statusCode).toBe(401);
  });

  // Each ages only its own user's sessions; a bystander signed in beside it stays signed in.
  it('an idle session expires', async () => {
    const agent = await login(ctx.app, 'manager', DEMO_PASSWORD, '10.4.0.2');
    const bystander = await login(ctx.app, 'salesperson', DEMO_PASSWORD, '10.4.0.2');
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '13 hours'` })
      .where(eq(sessions.userId, ctx.userIds.manager!));
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    expect((await bystander.request({ method: 'GET', url: '/api/users/my_data/' })).json()).toMatchObject({
      username: 'salesperson',
    });
  });

  it('a session past its absolute lifetime expires even when active', async () => {
    const agent = await login(ctx.app, 'manager', DEMO_PASSWORD, '10.4.0.3');
    const bystander = await login(ctx.app, 'salesperson', DEMO_PASSWORD, '10.4.0.3');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, ctx.userIds.manager!));
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    expect((await bystander.request({ method: 'GET', url: '/api/users/my_data/' })).json()).toMatchObject({
      username: 'salesperson',
    });
  });

  it('deactivation ends the user’s sessions', async () => {
    const agent = await login(ctx.app, 'receptionist', DEMO_PASSWORD, '10.4.0.4');
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.username, 'receptionist'));
    try {
      expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    } finally {
      await ctx.database.db.update(users).set({ isActive: true }).where(eq(users.username, 'receptionist'));
    }
  });
});

describe('CSRF', () => {
  it('refuses an unsafe request by cookie without the header, with a wrong header, or with a mismatched cookie', async () => {
    const agent = await login(ctx.app, 'admin', ADMIN_PASSWORD, '10.5.0.1');
    const missing = await agent.request({ method: 'POST', url: '/api/users/logout/', csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/CSRF/);
    const wrong = await agent.request({
      method: 'POST',
      url: '/api/users/logout/',
      csrf: false,
      headers: { 'x-csrftoken': 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
    // Cookie and header agree but were not issued for this session (cookie tossing).
    const tossed = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { cookie: `sessionid=${agent.sessionId}; csrftoken=attacker`, 'x-csrftoken': 'attacker' },
    });
    expect(tossed.statusCode).toBe(403);
    // Still signed in after the refusals.
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(200);
    const ok = await agent.request({ method: 'POST', url: '/api/users/logout/' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('GET logout deletes the session and clears the cookies', async () => {
    const agent = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.6.0.1');
    const res = await agent.request({ method: 'GET', url: '/api/users/logout/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out.' });
    const cleared = res.headers['set-cookie'] as string[];
    expect(cleared.some((c) => c.startsWith('sessionid=;'))).toBe(true);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'logout'));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('logout when signed out is harmless', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/users/logout/' });
    expect(res.statusCode).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('issues a pair that works without CSRF, and refresh gives a new pair', async () => {
    const res = await post('/api/users/token/', { username: 'manager', password: DEMO_PASSWORD }, '10.7.0.1');
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/my_data/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('manager');
    // Unsafe method with a bearer needs no CSRF header.
    const groups = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/my_groups/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(groups.statusCode).toBe(200);
    const refreshed = await post('/api/users/token/refresh/', { refresh });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access).toEqual(expect.any(String));
    expect(refreshed.json().refresh).not.toBe(refresh);
    // An access token is not a refresh token and vice versa.
    expect((await post('/api/users/token/refresh/', { refresh: access })).statusCode).toBe(401);
    const viaRefresh = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/my_data/',
      headers: { authorization: `Bearer ${refresh}` },
    });
    expect(viaRefresh.statusCode).toBe(401);
  });

  it('refuses forged, expired and garbage tokens', async () => {
    const [manager] = await ctx.database.db.select().from(users).where(eq(users.username, 'manager'));
    const forged = await new SignJWT({ typ: 'access', ver: manager!.authVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(manager!.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-000'));
    const expired = await new SignJWT({ typ: 'access', ver: manager!.authVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(manager!.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_SECRET));
    for (const [token, message] of [
      [forged, 'This token is not valid.'],
      [expired, 'This token has expired.'],
      ['garbage', 'This token is not valid.'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/my_data/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message });
    }
    expect((await post('/api/users/token/refresh/', { refresh: expired })).statusCode).toBe(401);
  });

  it('a password change invalidates earlier tokens and sessions', async () => {
    const pair = (
      await post('/api/users/token/', { username: 'receptionist', password: DEMO_PASSWORD }, '10.7.0.2')
    ).json();
    const other = await login(ctx.app, 'receptionist', DEMO_PASSWORD, '10.7.0.3');
    const agent = await login(ctx.app, 'receptionist', DEMO_PASSWORD, '10.7.0.4');
    const [me] = await ctx.database.db.select().from(users).where(eq(users.username, 'receptionist'));
    const changed = await agent.request({
      method: 'POST',
      url: `/api/users/${me!.id}/update_password/`,
      payload: { old_password: DEMO_PASSWORD, new_password: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    // This browser got a fresh session; other sessions and earlier tokens are over.
    const fresh = cookieValue(changed.headers['set-cookie'], 'sessionid');
    expect(fresh).toBeTruthy();
    expect((await other.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    expect((await agent.request({ method: 'GET', url: '/api/users/my_data/' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/my_data/',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/users/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect(
      (await post('/api/users/login/', { username: 'receptionist', password: 'a brand new passphrase' }, '10.7.0.5'))
        .statusCode,
    ).toBe(200);
  });
});

describe('update_password', () => {
  it('checks the old password and the new one’s quality', async () => {
    const agent = await login(ctx.app, 'salesperson', DEMO_PASSWORD, '10.8.0.1');
    const [me] = await ctx.database.db.select().from(users).where(eq(users.username, 'salesperson'));
    const url = `/api/users/${me!.id}/update_password/`;
    const wrongOld = await agent.request({
      method: 'POST',
      url,
      payload: { old_password: 'not-it-at-all', new_password: 'another good passphrase' },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().errors.old_password).toEqual(['The current password is not correct.']);
    for (const [pw, text] of [
      ['short', 'Use at least 10 characters.'],
      ['password123', 'This password is too common. Choose a less predictable one.'],
      ['1234567890', 'This password is too common. Choose a less predictable one.'],
      ['my-salesperson-pw', 'The password must not contain the username.'],
    ]) {
      const res = await agent.request({
        method: 'POST',
        url,
        payload: { old_password: DEMO_PASSWORD, new_password: pw },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.new_password).toContain(text);
    }
    const long = 'a long passphrase '.repeat(10);
    const ok = await agent.request({
      method: 'POST',
      url,
      payload: { old_password: DEMO_PASSWORD, new_password: long },
    });
    expect(ok.statusCode).toBe(200);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.username, 'salesperson'));
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('a non-admin cannot change someone else’s password; an admin can without the old one', async () => {
    const staff = await login(ctx.app, 'therapist', DEMO_PASSWORD, '10.8.0.2');
    const [manager] = await ctx.database.db.select().from(users).where(eq(users.username, 'manager'));
    const url = `/api/users/${manager!.id}/update_password/`;
    const refused = await staff.request({ method: 'POST', url, payload: { new_password: 'takeover passphrase' } });
    expect(refused.statusCode).toBe(403);
    const admin = await login(ctx.app, 'admin', ADMIN_PASSWORD, '10.8.0.3');
    const ok = await admin.request({ method: 'POST', url, payload: { new_password: 'reset by the admin' } });
    expect(ok.statusCode).toBe(200);
    const missing = await admin.request({
      method: 'POST',
      url: '/api/users/99999/update_password/',
      payload: { new_password: 'reset by the admin' },
    });
    expect(missing.statusCode).toBe(404);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'update_password'));
    expect(audits.some((a) => a.rowId === String(manager!.id))).toBe(true);
  });
});
